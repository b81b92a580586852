import type { Route } from './+types/admin.audit'
import { requireApiAdmin } from '#app/features/accounts/guards.server.ts'
import { auditListName, listAuditLog } from '#app/features/moderation/audit-log.server.ts'
import { AuditQuerySchema } from '#app/features/moderation/schema.ts'
import { methodNotAllowed, pagedListResponse, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/admin/audit?cursor=: the audit log, newest first, 50 at a time (admins only).
export async function loader({ context, url }: Route.LoaderArgs) {
  requireApiAdmin(context)
  const { cursor } = parseApiInput(AuditQuerySchema, Object.fromEntries(url.searchParams))
  const { rows, next } = await listAuditLog(cursor?.list === auditListName ? cursor : undefined)
  return pagedListResponse(url, rows, next)
}

export const action = ({ context }: Route.ActionArgs) => {
  requireApiAdmin(context)
  return methodNotAllowed(['GET'])
}

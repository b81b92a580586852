import type { Route } from './+types/admin.reports'
import { requireApiAdmin } from '#app/features/accounts/guards.server.ts'
import { listReports } from '#app/features/moderation/reports.server.ts'
import { ReportListQuerySchema } from '#app/features/moderation/schema.ts'
import { methodNotAllowed, pagedListResponse, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/admin/reports?state=&cursor=: the reports queue (admins only; 404 to anyone else). Open reports
// oldest first, resolved ones newest first, each with how many other reports name the same user.
export async function loader({ context, url }: Route.LoaderArgs) {
  requireApiAdmin(context)
  const { state, cursor } = parseApiInput(ReportListQuerySchema, Object.fromEntries(url.searchParams))
  const { reports, next } = await listReports(state, cursor)
  return pagedListResponse(url, reports, next)
}

export const action = ({ context }: Route.ActionArgs) => {
  requireApiAdmin(context)
  return methodNotAllowed(['GET'])
}

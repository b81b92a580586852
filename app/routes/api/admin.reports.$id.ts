import type { Route } from './+types/admin.reports.$id'
import { requireApiAdmin } from '#app/features/accounts/guards.server.ts'
import { openReport } from '#app/features/moderation/reports.server.ts'
import { moderationMessages } from '#app/features/moderation/moderation-terms.ts'
import { jsonError, methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/admin/reports/{id}: one report with the snapshot of what was reported (admins only). The read
// is written to the audit log.
export async function loader({ context, params }: Route.LoaderArgs) {
  const admin = requireApiAdmin(context)
  const report = await openReport(admin, params.id)
  if (!report) return jsonError(404, moderationMessages.reportNotFound)
  return Response.json(report, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const action = ({ context }: Route.ActionArgs) => {
  requireApiAdmin(context)
  return methodNotAllowed(['GET'])
}

import type { Route } from './+types/auth.login'
import { clientIp } from '#app/features/accounts/accounts.server.ts'
import { startApiSession } from '#app/features/accounts/api-session.server.ts'
import { LoginSchema } from '#app/features/accounts/schema.ts'
import { signInWithPassword } from '#app/features/moderation/suspended-sign-in.server.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'
import { retryAfterHeaders } from '#app/lib/rate-limit.server.ts'

export const loader = () => methodNotAllowed(['POST'])

// POST /api/auth/login {email, password}. The right password of a suspended account answers 403 with
// `suspension: {reason, until}` (until: the first day they may sign in again, or null); an ended one lifts itself.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const input = parseApiInput(LoginSchema, await readJsonBody(request))
  const outcome = await signInWithPassword(input, clientIp(request))
  if (!outcome.ok && outcome.status === 429) return jsonError(429, outcome.message, {}, retryAfterHeaders(outcome.retryAfterSeconds))
  if (!outcome.ok && outcome.status === 403 && outcome.suspension) return Response.json({ message: outcome.message, errors: {}, suspension: outcome.suspension }, { status: 403 })
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json(await startApiSession(request, outcome.userId, false))
}

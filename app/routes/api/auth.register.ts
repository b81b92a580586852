import type { Route } from './+types/auth.register'
import { clientIp, registerUser } from '#app/features/accounts/accounts.server.ts'
import { startApiSession } from '#app/features/accounts/api-session.server.ts'
import { RegisterSchema } from '#app/features/accounts/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'
import { retryAfterHeaders } from '#app/lib/rate-limit.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const input = parseApiInput(RegisterSchema, await readJsonBody(request))
  const outcome = await registerUser(input, clientIp(request))
  if (!outcome.ok && outcome.status === 429) return jsonError(429, outcome.message, {}, retryAfterHeaders(outcome.retryAfterSeconds))
  if (!outcome.ok && outcome.status === 400) return jsonError(400, outcome.message, { [outcome.field]: [outcome.message] })
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, { email: [outcome.message] })
  return Response.json(await startApiSession(request, outcome.userId, true), { status: 201 })
}

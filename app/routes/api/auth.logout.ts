import type { Route } from './+types/auth.logout'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { dropStoredPages, endSession } from '#app/features/accounts/sign-in.server.ts'
import { methodNotAllowed } from '#app/lib/api.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  requireApiUser(context)
  const clearCookie = await endSession(request)
  return Response.json({ message: 'Logged out successfully' }, { headers: [['set-cookie', clearCookie], [...dropStoredPages]] })
}

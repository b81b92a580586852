import { createSession, issueAccessToken } from './session.server.ts'
import { getAccount } from './users.server.ts'

/** What login, registration and Google sign-in answer to API clients: `{user, accessToken, isNewUser}`. */
export async function startApiSession(request: Request, userId: string, isNewUser: boolean) {
  const session = await createSession(userId, 'token', request.headers.get('user-agent'))
  return { user: await getAccount(userId), accessToken: await issueAccessToken(session), isNewUser }
}

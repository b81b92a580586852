import { href, redirect } from 'react-router'
import type { Route } from './+types/auth.google.callback'
import { startApiSession } from '#app/features/accounts/api-session.server.ts'
import { completeGoogleSignIn, signedInDestination, signedInToast } from '#app/features/accounts/google.server.ts'
import { authFailedTitle } from '#app/features/accounts/login-errors.ts'
import { issueSignInCode } from '#app/features/accounts/sign-in-codes.server.ts'
import { redirectSignedIn } from '#app/features/accounts/sign-in.server.ts'
import { methodNotAllowed } from '#app/lib/api.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'

// GET /api/auth/google/callback: Google sends the browser back here with a code (DESIGN.md ruling 10).
// Browsers get a cookie session; API clients (`?client=api` at the start) get /login/success?token&isNewUser&user,
// plus the one-time code with which that browser, and only that one, gets a cookie session (decision 059).
export async function loader({ request }: Route.LoaderArgs) {
  const outcome = await completeGoogleSignIn(request)
  if (!outcome.ok) {
    return redirectWithToast(href('/login'), { type: 'error', title: authFailedTitle, description: outcome.message }, { headers: outcome.headers })
  }
  const { userId, isNewUser } = outcome.signIn

  if (outcome.flow.client === 'api') {
    const { user, accessToken } = await startApiSession(request, userId, isNewUser)
    const summary = { id: user.id, name: user.name, email: user.email, role: user.role, profilePhoto: user.profilePhoto }
    const query = new URLSearchParams({
      token: accessToken,
      isNewUser: String(isNewUser),
      user: Buffer.from(JSON.stringify(summary), 'utf8').toString('base64'),
      code: await issueSignInCode(outcome.flow.browserBinding, userId, isNewUser),
    })
    return redirect(`${href('/login/success')}?${query}`, { headers: outcome.headers })
  }

  const response = await redirectSignedIn(request, userId, signedInDestination(isNewUser), signedInToast(isNewUser))
  for (const cookie of outcome.headers.getSetCookie()) response.headers.append('set-cookie', cookie)
  return response
}

// Only GET is answered; other methods get a JSON 405 with Allow.
export const action = () => methodNotAllowed(['GET'])

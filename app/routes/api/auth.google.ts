import { href } from 'react-router'
import type { Route } from './+types/auth.google'
import { startApiSession } from '#app/features/accounts/api-session.server.ts'
import {
  exchangeGoogleCode,
  GoogleSignInError,
  googleMessages,
  isGoogleSignInAvailable,
  startGoogleSignIn,
} from '#app/features/accounts/google.server.ts'
import { GoogleCodeSchema } from '#app/features/accounts/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'

// GET /api/auth/google: the browser navigation to Google's consent screen (DESIGN.md ruling 10).
// `?client=api` makes the callback hand a token to /login/success instead of setting a cookie.
export async function loader({ request, url }: Route.LoaderArgs) {
  if (!isGoogleSignInAvailable()) {
    return redirectWithToast(href('/login'), { type: 'error', title: googleMessages.unavailable })
  }
  const client = url.searchParams.get('client') === 'api' ? 'api' : 'browser'
  return startGoogleSignIn(request, client, url.searchParams.get('login_hint'))
}

// POST /api/auth/google {authorizationCode}: a code the client obtained itself -> {user, accessToken, isNewUser}.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const { authorizationCode } = parseApiInput(GoogleCodeSchema, await readJsonBody(request))
  try {
    const signIn = await exchangeGoogleCode(authorizationCode)
    return Response.json(await startApiSession(request, signIn.userId, signIn.isNewUser))
  } catch (error) {
    if (error instanceof GoogleSignInError) return jsonError(error.status, error.message)
    throw error
  }
}

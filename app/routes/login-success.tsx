import { href, redirect } from 'react-router'
import type { Route } from './+types/login-success'
import { findSignInTokenUser, signedInDestination, signedInToast } from '#app/features/accounts/google.server.ts'
import { redirectSignedIn } from '#app/features/accounts/sign-in.server.ts'
import { LoadingState } from '#app/ui/data-states.tsx'
import { Page } from '#app/ui/page.tsx'

// /login/success (spec section 2): where Google sign-in hands an API-style client its token,
// `?token&isNewUser&user=<base64 JSON>`. Bad parameters go silently to /login; a good token also
// gets this browser a cookie session, so the pages work, then /onboarding (new user) or /map.
export const handle = { bottomNav: false }

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await findSignInTokenUser(url.searchParams.get('token'), url.searchParams.get('user'))
  if (!user) throw redirect(href('/login'))
  const isNewUser = url.searchParams.get('isNewUser') === 'true'
  return redirectSignedIn(request, user.id, signedInDestination(isNewUser), signedInToast(isNewUser))
}

// The loader always redirects; this is what shows while a client-side navigation waits for it.
export default function LoginSuccess() {
  return (
    <Page width="narrow">
      <LoadingState label="Logging you in..." />
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Logging you in... | Pawpal' }]

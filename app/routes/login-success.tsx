import { href, redirect } from 'react-router'
import type { Route } from './+types/login-success'
import { signedInDestination, signedInToast } from '#app/features/accounts/google.server.ts'
import { forgetBrowserBinding, redeemSignInCode } from '#app/features/accounts/sign-in-codes.server.ts'
import { redirectWithSession } from '#app/features/accounts/sign-in.server.ts'
import { LoadingState } from '#app/ui/data-states.tsx'
import { Page } from '#app/ui/page.tsx'

// /login/success (spec section 2): where Google sign-in hands an API-style client its token,
// `?token&isNewUser&user=<base64 JSON>`, which are the client's to read. This browser gets a cookie session
// only from `code`, a one-time code bound to the cookie it got when it started the sign-in (decision 059):
// a link from someone else signs nobody in. Anything else goes silently to /login.
export const handle = { bottomNav: false }

export async function loader({ request, url }: Route.LoaderArgs) {
  const handOver = await redeemSignInCode(request, url.searchParams.get('code'))
  if (!handOver) throw redirect(href('/login'))
  const response = await redirectWithSession(handOver.session, signedInDestination(handOver.isNewUser), signedInToast(handOver.isNewUser))
  response.headers.append('set-cookie', await forgetBrowserBinding())
  return response
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

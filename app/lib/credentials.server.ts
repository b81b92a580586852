// STYLE.md, fifth review: identity is every door. The shared copy of public pages asked 'is there a session
// cookie?', and a Bearer token walked past it. Whether a request carries anything that makes its answer one
// visitor's own is decided here, once; the cookies' names live here too, so the modules that set them and
// this check cannot drift apart (decision 062).

/** The signed session id of a browser (features/accounts/session.server.ts). */
export const sessionCookieName = '__session'
/**
 * A browser's own random id (features/accounts/session.server.ts, decision 118): not a credential and not the
 * person's, so it changes no page and is not counted below.
 */
export const browserCookieName = '__browser'
/** A flash toast waiting for the next page (toast.server.ts). */
export const toastCookieName = '__toast'
/** Google sign-in's flow cookies (features/accounts/google.server.ts): `__google_client`, `__google_oauth:<uuid>`, `__google_signin`
 * (sign-in-codes.server.ts). */
export const googleFlowCookiePrefix = '__google_'

/** The query parameter that carries an access token where no header can (the chat socket, sign-in and password-reset links). */
const tokenParameter = 'token'

const isAppCookie = (name: string) => name === sessionCookieName || name === toastCookieName || name.startsWith(googleFlowCookiePrefix)

/** What a request presents that could tell one visitor from another. */
type Presented = { url: URL; cookie: string | null | undefined; authorization: string | null | undefined }

/**
 * Whether a request carries a credential or anything else that is its sender's own: one of the app's cookies,
 * an Authorization header of any scheme, or a token in the query string. Its answer is for that sender alone.
 */
export function carriesCredential({ url, cookie, authorization }: Presented) {
  if (authorization != null || url.searchParams.has(tokenParameter)) return true
  // Named as the cookie parser reads them: `a=1; b=2`, each name trimmed.
  return cookie?.split(';').some((pair) => isAppCookie(pair.split('=', 1)[0]!.trim())) ?? false
}

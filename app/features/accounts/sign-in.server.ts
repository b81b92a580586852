import { redirect } from 'react-router'
import { db } from '#app/lib/db.server.ts'
import { dispatchEvents } from '#app/lib/events.server.ts'
import { createToastHeaders } from '#app/lib/toast.server.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { browserCookieHeader, browserIdOf, createSession, readSessionId, sessionCookie, signOutSession } from './session.server.ts'

/** Starts a browser session in the browser that asked and redirects with a flash toast. */
export async function redirectSignedIn(request: Request, userId: string, to: string, toast: ToastInput) {
  const browserId = await browserIdOf(request)
  const session = await db.transaction().execute((trx) => createSession(userId, 'cookie', request.headers.get('user-agent'), trx, browserId))
  return redirectWithSession(session, to, toast)
}

/**
 * Hands the browser the cookie of a session started already (and its own id, decision 118), and redirects with a
 * flash toast. What follows a sign-in in this browser (its sleeping push devices woken) is done before the answer.
 */
export async function redirectWithSession(session: { id: string; expiresAt: string; browserId: string | null; signedInEvent: string | null }, to: string, toast: ToastInput) {
  if (session.signedInEvent) await dispatchEvents([session.signedInEvent])
  const headers = await createToastHeaders(toast)
  headers.append('set-cookie', await sessionCookie.serialize(session.id, { expires: new Date(session.expiresAt) }))
  if (session.browserId) headers.append('set-cookie', await browserCookieHeader(session.browserId))
  return redirect(to, { headers })
}

/**
 * Sent with every answer that ends a browser session (sign-out, a session found gone): the browser drops the pages
 * it stored while signed in, its cache and back-forward cache, so Back on a shared phone shows the next person
 * nothing of the account (decision 115). Cookies and the service worker's caches are not touched.
 */
export const dropStoredPages = ['Clear-Site-Data', '"cache"'] as const

/**
 * Ends whatever session the request presents (cookie or bearer token) and returns the cookie that clears it. What
 * follows a sign-out (its push devices forgotten, decision 116) is done before the answer goes.
 */
export async function endSession(request: Request) {
  const presented = await readSessionId(request)
  if (presented) await dispatchEvents([await signOutSession(presented.id)])
  return sessionCookie.serialize('', { maxAge: 0 })
}

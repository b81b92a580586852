import { redirect } from 'react-router'
import { dispatchEvents } from '#app/lib/events.server.ts'
import { createToastHeaders } from '#app/lib/toast.server.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { createSession, readSessionId, sessionCookie, signOutSession } from './session.server.ts'

/** Starts a browser session and redirects with a flash toast. */
export async function redirectSignedIn(request: Request, userId: string, to: string, toast: ToastInput) {
  return redirectWithSession(await createSession(userId, 'cookie', request.headers.get('user-agent')), to, toast)
}

/** Hands the browser the cookie of a session started already, and redirects with a flash toast. */
export async function redirectWithSession(session: { id: string; expiresAt: string }, to: string, toast: ToastInput) {
  const headers = await createToastHeaders(toast)
  headers.append('set-cookie', await sessionCookie.serialize(session.id, { expires: new Date(session.expiresAt) }))
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

import { createCookieSessionStorage, redirect } from 'react-router'
import { toastCookieName } from './credentials.server.ts'
import { env } from './env.server.ts'
import { z } from 'zod'
import { type ToastInput, toToast } from './toast.ts'

// What a flash cookie may hold: it comes back from the browser, so it is checked before use.
const FlashToastSchema = z.object({
  id: z.string(),
  type: z.enum(['success', 'error', 'message']),
  title: z.string(),
  description: z.string().optional(),
  // Only a path of this app: the cookie is signed, but a link must never lead away from it.
  action: z.object({ label: z.string(), to: z.string().regex(/^\/(?![/\\])/) }).optional(),
})

// A flash message kept in its own short-lived cookie, so it survives a POST -> redirect -> GET
// round trip with or without JavaScript and works for signed-out visitors too.
const toastStorage = createCookieSessionStorage({
  cookie: {
    name: toastCookieName,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: env.secureCookies,
    secrets: [env.SESSION_SECRET],
  },
})

const toastKey = 'toast'

export async function createToastHeaders(toast: ToastInput) {
  const session = await toastStorage.getSession()
  session.flash(toastKey, toToast(toast))
  return new Headers({ 'set-cookie': await toastStorage.commitSession(session) })
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) headers.append('set-cookie', cookie)
  return redirect(url, { ...init, headers })
}

/** Reads and consumes the pending toast; the returned headers clear it. */
export async function getToast(request: Request) {
  const session = await toastStorage.getSession(request.headers.get('cookie'))
  const parsed = FlashToastSchema.safeParse(session.get(toastKey))
  const toast = parsed.success ? parsed.data : null
  const headers = toast ? new Headers({ 'set-cookie': await toastStorage.destroySession(session) }) : null
  return { toast, headers }
}

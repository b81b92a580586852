import { redirect, type RouterContextProvider } from 'react-router'
import { jsonError } from '#app/lib/api.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { hasRole } from './roles.ts'
import { userContext } from './user-context.ts'
import { sessionExpiredContext } from './user-middleware.server.ts'

type GuardArgs = { context: Readonly<RouterContextProvider>; url: URL }

const redirectBase = new URL('http://pawpal.invalid')

/**
 * Where to come back to after sign-in: only a path on this site. Browsers drop tabs and newlines from
 * URLs and read a backslash as a slash, so `/<tab>/evil.example` would leave the site: such targets,
 * and anything that resolves to another origin or to `//...`, fall back.
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = '/map') {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (typeof target !== 'string' || !target.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(target)) return fallback
  const resolved = URL.parse(target, redirectBase)
  if (!resolved || resolved.origin !== redirectBase.origin) return fallback
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`
  return path.startsWith('//') ? fallback : path
}

export function loginPathFor(url: URL) {
  const back = `${url.pathname}${url.search}`
  return back === '/' ? '/login' : `/login?${new URLSearchParams({ redirectTo: back })}`
}

/** The signed-in user, or a redirect to /login that brings them back here (with 'Session Expired' when it ran out). */
export async function requireUser({ context, url }: GuardArgs) {
  const user = context.get(userContext)
  if (user) return user
  if (context.get(sessionExpiredContext)) {
    throw await redirectWithToast(loginPathFor(url), {
      type: 'error',
      title: 'Session Expired',
      description: 'Your session has expired. Please log in again.',
    })
  }
  throw redirect(loginPathFor(url))
}

/** The signed-in user of an API request, or a thrown 401. */
export function requireApiUser(context: Readonly<RouterContextProvider>) {
  const user = context.get(userContext)
  if (!user) throw jsonError(401, 'Unauthorized')
  return user
}

/** A user with the given role; anyone else goes to /unauthorized. */
export async function requireRole(args: GuardArgs, role: Parameters<typeof hasRole>[1]) {
  const user = await requireUser(args)
  if (!hasRole(user, role)) throw redirect('/unauthorized')
  return user
}

export async function requireSignedOut({ context }: Pick<GuardArgs, 'context'>, to = '/map') {
  if (context.get(userContext)) throw redirect(to)
}

import { data, href, redirect, type RouterContextProvider } from 'react-router'
import { jsonError } from '#app/lib/api.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { hasRole, type RoleName, takesPartInBookings } from './roles.ts'
import type { SessionUser } from './session.server.ts'
import { userContext } from './user-context.ts'
import { sessionExpiredContext } from './user-middleware.server.ts'

type GuardArgs = { context: Readonly<RouterContextProvider>; url: URL }

const redirectBase = new URL('http://pawpal.invalid')

/**
 * Where to come back to after sign-in: only a path on this site. Browsers drop tabs and newlines from
 * URLs and read a backslash as a slash, so `/<tab>/evil.example` would leave the site: such targets,
 * and anything that resolves to another origin or to `//...`, fall back.
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = href('/map')) {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (typeof target !== 'string' || !target.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(target)) return fallback
  const resolved = URL.parse(target, redirectBase)
  if (!resolved || resolved.origin !== redirectBase.origin) return fallback
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`
  return path.startsWith('//') ? fallback : path
}

export function loginPathFor(url: URL) {
  const back = `${url.pathname}${url.search}`
  return back === href('/') ? href('/login') : `${href('/login')}?${new URLSearchParams({ redirectTo: back })}`
}

// One rule decides who may pass (`access`); the page guards and the API guards are its two doors. A
// page answers a refusal with a redirect (to /login, or /unauthorized), the API with JSON (401, 403).

type Access = { ok: true; user: SessionUser } | { ok: false; refusal: 'signedOut' | 'sessionExpired' | 'wrongRole' }

function access(context: Readonly<RouterContextProvider>, role?: RoleName): Access {
  const user = context.get(userContext)
  if (!user) return { ok: false, refusal: context.get(sessionExpiredContext) ? 'sessionExpired' : 'signedOut' }
  if (role && !hasRole(user, role)) return { ok: false, refusal: 'wrongRole' }
  return { ok: true, user }
}

async function pageRefusal(refusal: Exclude<Access, { ok: true }>['refusal'], url: URL) {
  if (refusal === 'wrongRole') return redirect(href('/unauthorized'))
  if (refusal === 'signedOut') return redirect(loginPathFor(url))
  return redirectWithToast(loginPathFor(url), {
    type: 'error',
    title: 'Session Expired',
    description: 'Your session has expired. Please log in again.',
  })
}

/** The signed-in user, or a redirect to /login that brings them back here (with 'Session Expired' when it ran out). */
export async function requireUser({ context, url }: GuardArgs) {
  const passed = access(context)
  if (passed.ok) return passed.user
  throw await pageRefusal(passed.refusal, url)
}

/** A user with the given role; anyone else goes to /unauthorized (and a visitor to /login first). */
export async function requireRole({ context, url }: GuardArgs, role: RoleName) {
  const passed = access(context, role)
  if (passed.ok) return passed.user
  throw await pageRefusal(passed.refusal, url)
}

/**
 * A user who books or is booked (an owner, a sitter or both); an admin, a staff account with no dogs, bookings
 * or conversations of their own (decision 102), goes to /unauthorized, a visitor to /login.
 */
export async function requireMember(args: GuardArgs) {
  const user = await requireUser(args)
  if (!takesPartInBookings(user.role)) throw await pageRefusal('wrongRole', args.url)
  return user
}

/** The signed-in user of an API request, or a thrown 401. */
export function requireApiUser(context: Readonly<RouterContextProvider>) {
  const passed = access(context)
  if (passed.ok) return passed.user
  throw jsonError(401, 'Unauthorized')
}

/** A user of an API request with the given role: a thrown 401 for no user, 403 with `message` for another role. */
export function requireApiRole(context: Readonly<RouterContextProvider>, role: RoleName, message: string) {
  const passed = access(context, role)
  if (passed.ok) return passed.user
  throw passed.refusal === 'wrongRole' ? jsonError(403, message) : jsonError(401, 'Unauthorized')
}

/** The member of an API request (see `requireMember`): a thrown 401 for no user, 403 with `message` for an admin. */
export function requireApiMember(context: Readonly<RouterContextProvider>, message: string) {
  const user = requireApiUser(context)
  if (!takesPartInBookings(user.role)) throw jsonError(403, message)
  return user
}

/**
 * An admin (DESIGN.md ruling 25); everyone else, visitors included, gets the 404 any private object gives,
 * so the console does not say it exists.
 */
export function requireAdmin({ context }: Pick<GuardArgs, 'context'>) {
  const passed = access(context, 'admin')
  if (passed.ok) return passed.user
  throw data(null, { status: 404 })
}

/** The admin of an API request; anyone else gets 404 'Not found', as for an unknown path. */
export function requireApiAdmin(context: Readonly<RouterContextProvider>) {
  const passed = access(context, 'admin')
  if (passed.ok) return passed.user
  throw jsonError(404, 'Not found')
}

export function requireSignedOut({ context }: Pick<GuardArgs, 'context'>, to = href('/map')) {
  if (context.get(userContext)) throw redirect(to)
}

import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import type { Role } from '#app/lib/db-schema.ts'
import { loginPathFor, requireApiRole, requireApiUser, requireRole, requireSignedOut, requireUser, safeRedirectPath } from './guards.server.ts'
import type { SessionUser } from './session.server.ts'
import { userContext } from './user-context.ts'
import { sessionExpiredContext } from './user-middleware.server.ts'

// The page and API doors of one access rule, as the root middleware leaves a request's context: a user or
// none, and whether a session was presented that has run out.

const userWith = (role: Role): SessionUser => ({ id: `user-${role}`, name: 'Sam', email: 'sam@example.com', role, profilePhoto: null, timeZone: 'Europe/Zurich', sessionId: 's1' })

function contextOf({ user = null, expired = false }: { user?: SessionUser | null; expired?: boolean }) {
  const context = new RouterContextProvider()
  context.set(userContext, user)
  context.set(sessionExpiredContext, expired)
  return context
}

const url = new URL('https://pawpal.test/bookings?tab=pending')

/** What a guard threw: a Response (redirect or JSON error). */
async function refusalOf(guard: () => unknown) {
  try {
    await guard()
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
  throw new Error('the guard let the request pass')
}

describe('where sign-in brings a visitor back to', () => {
  test('a path on this site, with its query and fragment', () => {
    expect(safeRedirectPath('/bookings?tab=pending#top')).toBe('/bookings?tab=pending#top')
    expect(safeRedirectPath('/sitters/abc', '/profile')).toBe('/sitters/abc')
  })

  test('anything else falls back to the map, or to the fallback given', () => {
    for (const target of ['bookings', 'https://evil.example/', '//evil.example', '/\t/evil.example', '/\\evil.example', '/ok\u0000', '/ok\u007f', '', null, undefined]) {
      expect(safeRedirectPath(target), JSON.stringify(target)).toBe('/map')
    }
    expect(safeRedirectPath(new File(['x'], 'x.txt'))).toBe('/map')
    expect(safeRedirectPath('map', '/profile')).toBe('/profile')
  })

  test('the login link of a page names the page, but not the home page', () => {
    expect(loginPathFor(url)).toBe('/login?redirectTo=%2Fbookings%3Ftab%3Dpending')
    expect(loginPathFor(new URL('https://pawpal.test/'))).toBe('/login')
  })
})

describe('the page guards', () => {
  test('a visitor is sent to sign in, and comes back to the page after', async () => {
    const refusal = await refusalOf(() => requireUser({ context: contextOf({}), url }))
    expect(refusal.status).toBe(302)
    expect(refusal.headers.get('location')).toBe('/login?redirectTo=%2Fbookings%3Ftab%3Dpending')
    expect(refusal.headers.get('set-cookie')).toBeNull()
  })

  test("a visitor whose session ran out is told so on the sign-in page ('Session Expired')", async () => {
    const refusal = await refusalOf(() => requireRole({ context: contextOf({ expired: true }), url }, 'sitter'))
    expect(refusal.status).toBe(302)
    expect(refusal.headers.get('location')).toBe('/login?redirectTo=%2Fbookings%3Ftab%3Dpending')
    const toast = decodeURIComponent(refusal.headers.get('set-cookie') ?? '')
    expect(toast).toMatch(/^__toast=/)
    const message = Buffer.from(toast.slice('__toast='.length).split(';')[0]!.split('.')[0]!, 'base64').toString()
    expect(message).toContain('"type":"error"')
    expect(message).toContain('"title":"Session Expired"')
    expect(message).toContain('"description":"Your session has expired. Please log in again."')
  })

  test('a signed-in user passes; with another role they go to /unauthorized', async () => {
    const owner = userWith('owner')
    expect(await requireUser({ context: contextOf({ user: owner }), url })).toBe(owner)
    expect(await requireRole({ context: contextOf({ user: owner }), url }, 'owner')).toBe(owner)
    const refusal = await refusalOf(() => requireRole({ context: contextOf({ user: owner }), url }, 'sitter'))
    expect(refusal.headers.get('location')).toBe('/unauthorized')
    const both = userWith('both')
    expect(await requireRole({ context: contextOf({ user: both }), url }, 'sitter')).toBe(both)
  })

  test('sign-in and registration send a signed-in user on, and let a visitor in', async () => {
    expect(requireSignedOut({ context: contextOf({}) })).toBeUndefined()
    const refusal = await refusalOf(() => requireSignedOut({ context: contextOf({ user: userWith('owner') }) }))
    expect(refusal.headers.get('location')).toBe('/map')
    const elsewhere = await refusalOf(() => requireSignedOut({ context: contextOf({ user: userWith('owner') }) }, '/onboarding'))
    expect(elsewhere.headers.get('location')).toBe('/onboarding')
  })
})

describe('the API guards', () => {
  test('no user is a 401, an expired session too', async () => {
    for (const expired of [false, true]) {
      const refusal = await refusalOf(() => requireApiUser(contextOf({ expired })))
      expect(refusal.status).toBe(401)
      expect(await refusal.json()).toEqual({ message: 'Unauthorized', errors: {} })
    }
    expect((await refusalOf(() => requireApiRole(contextOf({}), 'sitter', 'Only sitters'))).status).toBe(401)
  })

  test('another role is a 403 with the message given; the right role passes', async () => {
    const owner = userWith('owner')
    expect(requireApiUser(contextOf({ user: owner }))).toBe(owner)
    const refusal = await refusalOf(() => requireApiRole(contextOf({ user: owner }), 'sitter', 'Only sitters can do this'))
    expect(refusal.status).toBe(403)
    expect(await refusal.json()).toEqual({ message: 'Only sitters can do this', errors: {} })
    expect(requireApiRole(contextOf({ user: userWith('admin') }), 'admin', 'Admins only')).toEqual(userWith('admin'))
  })
})

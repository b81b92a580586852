import type { RouteConfigEntry } from '@react-router/dev/routes'
import type { ServerBuild } from 'react-router'
import { beforeAll, describe, expect, test } from 'vitest'
import routes from '#app/routes.ts'
import { type Caller, type Callers, callers, makeCallers } from './access-callers.ts'
import { appRequest, startTestApp } from './app.ts'

// Issue 30: one table proves access. Every route of app/routes.ts, pages and API, with every method it
// answers, is called by eight people (access-callers.ts), and each status is compared with the row the table
// below keeps for it. A new route without rows fails here by name, and so does a row naming no route.
//
// Methods: a page is asked with GET, and with POST when its module has an action; an API route with the
// methods its module really serves (the 405 it answers to each other method is checked once, with the
// admin's token, not for every caller). A write carries an empty form (pages) or `{}` (API): what is tested
// is the guard, which refuses a caller before the input is read; the callers allowed in get the validation's
// 400, so nothing is created. Where validation would answer first and hide whose thing it is, `bodies` sends
// a body that passes it; the owner's DELETEs remove a dog and a photo made for them, and signing out spends
// a fresh credential. Statuses are the raw answers (redirects are not followed); a visitor's 302 must lead
// to /login.
//
// The rules the table follows (DESIGN.md rulings 2, 5, 18, 25): a suspended account's and a deleted account's
// credentials count as none; a visitor to a signed-in page is sent to /login (302), the API answers 401; a
// role's page sends the wrong role to /unauthorized (302), its API answers 403; another person's dog,
// booking or conversation is 404; /admin and /api/admin are 404 to everyone but an admin; an admin, a staff
// account (decision 102), is sent from the pages of dogs, bookings, messages and onboarding to /unauthorized,
// and the API refuses them a dog or a booking (403).

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const methods: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
type Things = Callers['things']

/** Each route path of app/routes.ts ('/dogs/:id', '/' for the index, '/*' for the catch-all). */
function routePaths(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || '/' : `${parent}/${entry.path ?? ''}`.replace(/\/+$/, '') || '/'
    return [path, ...routePaths(entry.children ?? [], path === '/' ? '' : path)]
  })
}
const routeTable = routePaths(routes)
const isApi = (path: string) => path === '/api' || path.startsWith('/api/')

/**
 * The URL each route with parameters is asked at: the first owner's and the first sitter's things, so
 * another person asking for them meets the 404 rule. A route with parameters and no URL here fails its row.
 */
const urls: Record<string, (things: Things, method: Method) => string | Promise<string>> = {
  '/onboarding/:flow/:step?': () => '/onboarding/owner/2',
  '/dogs/available/:id': (t) => `/dogs/available/${t.listedDogId}`,
  '/dogs/:id': (t) => `/dogs/${t.dogId}`,
  '/dogs/:id/edit': (t) => `/dogs/${t.dogId}/edit`,
  '/sitters/:id': (t) => `/sitters/${t.sitterId}`,
  '/sitters/:id/book': (t) => `/sitters/${t.sitterId}/book`,
  // The wizard's pages are its steps; only the last step takes a POST.
  '/sitters/:id/book/:flow/:step': (t, method) => `/sitters/${t.sitterId}/book/quick/${method === 'GET' ? 1 : 3}`,
  '/messages/:userId': (t) => `/messages/${t.ownerId}`,
  '/bookings/new': (t) => `/bookings/new?${new URLSearchParams({ dogId: t.listedDogId })}`,
  '/bookings/:id': (t) => `/bookings/${t.bookingId}`,
  '/bookings/series/new': (t) => `/bookings/series/new?${new URLSearchParams({ sitter: t.sitterId })}`,
  '/bookings/series/:id': (t) => `/bookings/series/${t.seriesId}`,
  '/booking/new': (t) => `/booking/new?${new URLSearchParams({ sitter: t.sitterId })}`,
  '/unsubscribe/:token': (t) => `/unsubscribe/${t.unsubscribeToken}`,
  '/admin/reports/:id': (t) => `/admin/reports/${t.reportId}`,
  '/admin/users/:id': (t) => `/admin/users/${t.ownerId}`,
  '/*': () => '/no-such-page',
  '/api/notifications/:id/read': (t) => `/api/notifications/${t.notificationId}/read`,
  '/api/auth/calendar/event/:ownerId': (t) => `/api/auth/calendar/event/${t.ownerId}`,
  '/api/users/:id': (t) => `/api/users/${t.sitterId}`,
  '/api/users/:id/reviews': (t) => `/api/users/${t.sitterId}/reviews`,
  '/api/users/:id/availability': (t) => `/api/users/${t.sitterId}/availability`,
  '/api/dogs/:id/public': (t) => `/api/dogs/${t.listedDogId}/public`,
  '/api/dogs/user/:userId': (t) => `/api/dogs/user/${t.ownerId}`,
  // The owner's DELETE succeeds: it removes a dog of its own.
  '/api/dogs/:id': (t, method) => `/api/dogs/${method === 'DELETE' ? t.disposableDogId : t.dogId}`,
  '/api/dogs/:id/images': (t) => `/api/dogs/${t.dogId}/images`,
  '/api/bookings/:id': (t) => `/api/bookings/${t.bookingId}`,
  '/api/bookings/:id/status': (t) => `/api/bookings/${t.bookingId}/status`,
  '/api/bookings/:id/calendar': (t) => `/api/bookings/${t.bookingId}/calendar`,
  '/api/bookings/:id/home-access': (t) => `/api/bookings/${t.bookingId}/home-access`,
  '/api/bookings/:id/visit': (t) => `/api/bookings/${t.bookingId}/visit`,
  '/api/bookings/:id/changes': (t) => `/api/bookings/${t.bookingId}/changes`,
  '/api/bookings/:id/changes/:changeId': (t) => `/api/bookings/${t.bookingId}/changes/${t.proposalId}`,
  '/api/bookings/:id/visit/check-in': (t) => `/api/bookings/${t.bookingId}/visit/check-in`,
  '/api/bookings/:id/visit/entries': (t) => `/api/bookings/${t.bookingId}/visit/entries`,
  '/api/bookings/:id/visit/photos': (t) => `/api/bookings/${t.bookingId}/visit/photos`,
  '/api/bookings/:id/visit/route': (t) => `/api/bookings/${t.bookingId}/visit/route`,
  '/api/bookings/:id/visit/check-out': (t) => `/api/bookings/${t.bookingId}/visit/check-out`,
  '/api/booking-series/:id': (t) => `/api/booking-series/${t.seriesId}`,
  '/api/booking-series/:id/status': (t) => `/api/booking-series/${t.seriesId}/status`,
  '/api/calendar/:feed': async (t) => `/api/calendar/${await t.calendarFeed()}`,
  '/api/reviews/:id/reply': (t) => `/api/reviews/${t.reviewId}/reply`,
  '/api/messages/conversations/:partnerId': (t) => `/api/messages/conversations/${t.sitterId}`,
  '/api/messages/blocks/:userId': (t) => `/api/messages/blocks/${t.sitterId}`,
  '/api/admin/reports/:id': (t) => `/api/admin/reports/${t.reportId}`,
  '/api/admin/reports/:id/resolution': (t) => `/api/admin/reports/${t.reportId}/resolution`,
  '/api/admin/users/:id': (t) => `/api/admin/users/${t.ownerId}`,
  '/api/admin/users/:id/suspension': (t) => `/api/admin/users/${t.ownerId}/suspension`,
  '/api/*': () => '/api/no-such-thing',
}

async function urlOf(route: string, method: Method, things: Things) {
  const url = urls[route]
  if (url) return url(things, method)
  if (/[:*]/.test(route)) throw new Error(`${route} has parameters: give it a URL in 'urls'`)
  return route
}

/**
 * Where `{}` would stop everyone at validation and hide the check of whose thing it is, a body that passes
 * validation and is still refused to the people allowed in (a rule, not the guard), so nothing changes.
 */
const bodies: Record<string, (things: Things) => unknown> = {
  // Only the sitter completes, and only after the start (next week).
  'PATCH /api/bookings/:id/status': () => ({ status: 'completed' }),
  // Nobody has linked Google.
  'POST /api/auth/calendar/event/:ownerId': (t) => ({
    summary: 'Walk with Rex',
    startDateTime: t.bookingStartsAt,
    endDateTime: new Date(Date.parse(t.bookingStartsAt) + 3_600_000).toISOString(),
  }),
  // Rex's photo: only the owner may remove it (and does, last).
  'DELETE /api/dogs/:id/images': (t) => ({ imageUrl: t.dogImagePath }),
  // The visit has not started (the booking is next week): its sitter is refused by the log's state.
  'POST /api/bookings/:id/visit/entries': () => ({ kind: 'pee' }),
  'POST /api/bookings/:id/visit/route': (t) => ({ points: [{ latitude: 47.37, longitude: 8.54, at: t.bookingStartsAt }] }),
  // The booking as it stands (no notes): its parties are refused by the rule that a change must change something.
  'POST /api/bookings/:id/changes': () => ({ notes: null }),
  // The change was declined already.
  'PATCH /api/bookings/:id/changes/:changeId': () => ({ status: 'accepted' }),
  // The series waits for the sitter: only an accepted one can be ended.
  'PATCH /api/booking-series/:id/status': () => ({ status: 'ended' }),
  // The review has its reply already.
  'POST /api/reviews/:id/reply': () => ({ reply: 'Thanks again!' }),
}

/** The rows that sign the caller out: they spend a credential of their own, not the shared one. */
const signingOut = new Set(['POST /logout', 'POST /api/auth/logout'])

/** The others call at once, the owner after them: the owner's DELETEs succeed, and nobody after could show the guard. */
const callersButOwner = callers.filter((caller) => caller !== 'owner')

let setup: Callers

beforeAll(async () => {
  await startTestApp()
  setup = await makeCallers()
})

type Answer = { status: number; location: string | null }

/**
 * One caller's answer: pages with the browser cookie (appRequest adds our Origin to a write), the API with
 * the token. A write sends an empty form or `{}`, or the row's body from `bodies`.
 */
async function answerTo(caller: Caller, method: Method, route: string, url: string): Promise<Answer> {
  const row = `${method} ${route}`
  const credential = signingOut.has(row) ? await setup.freshCredential(caller) : setup.credentials[caller]
  const api = isApi(route)
  const headers = new Headers()
  if (credential && api) headers.set('authorization', `Bearer ${credential.token}`)
  if (credential && !api) headers.set('cookie', credential.cookie)
  if (method !== 'GET' && api) headers.set('content-type', 'application/json')
  const body = method === 'GET' ? undefined : api ? JSON.stringify(bodies[row]?.(setup.things) ?? {}) : new URLSearchParams()
  const response = await appRequest(url, { method, headers, body, ip: `203.0.113.${10 + callers.indexOf(caller)}` })
  await response.arrayBuffer()
  return { status: response.status, location: response.headers.get('location') }
}

/** The callers who hold no working credential: a page that wants one sends them to sign in. */
const visitors: Caller[] = ['anonymous', 'suspended', 'deletedToken']
/** The pages whose redirect is the same for everyone (sign-in hand-over, sign-out, Google). */
const redirectingEveryone = new Set(['GET /login/success', 'GET /logout', 'POST /logout', 'GET /api/auth/google', 'GET /api/auth/google/callback'])

async function answersTo(row: string) {
  const [method, route] = row.split(' ') as [Method, string]
  if (!methods.includes(method) || !routeTable.includes(route)) throw new Error(`The row '${row}' names no route of app/routes.ts`)
  const url = await urlOf(route, method, setup.things)
  const others = await Promise.all(callersButOwner.map(async (caller) => [caller, await answerTo(caller, method, route, url)] as const))
  const answers = Object.fromEntries([...others, ['owner', await answerTo('owner', method, route, url)]]) as Record<Caller, Answer>
  const statuses = Object.fromEntries(callers.map((caller) => [caller, answers[caller].status])) as Record<Caller, number>
  // A 302 alone does not say where to: a visitor's must lead to sign-in, or a page that forgot its guard and
  // redirects anyway (a form's 'Nothing changed') would pass as guarded.
  const visitorRedirects = redirectingEveryone.has(row)
    ? {}
    : Object.fromEntries(visitors.filter((caller) => answers[caller].status === 302).map((caller) => [caller, answers[caller].location]))
  return { statuses, visitorRedirects }
}

const expected: Record<string, Record<Caller, number>> = {
  'GET /': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  // Public pages; signing in and out. A signed-in person asking for /login or /register is sent on to the map.
  'GET /login': { anonymous: 200, owner: 302, otherOwner: 302, sitter: 302, otherSitter: 302, suspended: 200, admin: 302, deletedToken: 200 },
  'POST /login': { anonymous: 400, owner: 302, otherOwner: 302, sitter: 302, otherSitter: 302, suspended: 400, admin: 302, deletedToken: 400 },
  'GET /register': { anonymous: 200, owner: 302, otherOwner: 302, sitter: 302, otherSitter: 302, suspended: 200, admin: 302, deletedToken: 200 },
  'POST /register': { anonymous: 400, owner: 302, otherOwner: 302, sitter: 302, otherSitter: 302, suspended: 400, admin: 302, deletedToken: 400 },
  'GET /login/success': { anonymous: 302, owner: 302, otherOwner: 302, sitter: 302, otherSitter: 302, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /logout': { anonymous: 302, owner: 302, otherOwner: 302, sitter: 302, otherSitter: 302, suspended: 302, admin: 302, deletedToken: 302 },
  'POST /logout': { anonymous: 302, owner: 302, otherOwner: 302, sitter: 302, otherSitter: 302, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /forgot-password': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'POST /forgot-password': { anonymous: 400, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 400, admin: 400, deletedToken: 400 },
  'GET /reset-password': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'POST /reset-password': { anonymous: 400, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 400, admin: 400, deletedToken: 400 },
  // Signed-in pages: the visitor, the suspended account and the deleted one are sent to /login (302).
  'GET /onboarding': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 302, admin: 302, deletedToken: 302 },
  'POST /onboarding': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /onboarding/:flow/:step?': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 302, admin: 302, deletedToken: 302 },
  'POST /onboarding/:flow/:step?': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /support': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'POST /support': { anonymous: 400, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 400, admin: 400, deletedToken: 400 },
  'GET /terms': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'GET /privacy': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  // Only a local run (LOCAL_RUN, decision 073) has an outbox page; here, as on every real server, nobody has one.
  'GET /local/outbox': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 404, deletedToken: 404 },
  'GET /profile': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 302, admin: 200, deletedToken: 302 },
  'POST /profile': { anonymous: 302, owner: 302, otherOwner: 302, sitter: 302, otherSitter: 302, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /profile/edit': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 302, admin: 200, deletedToken: 302 },
  'POST /profile/edit': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 302, admin: 400, deletedToken: 302 },
  'GET /unauthorized': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  // Ruling 18: dogs listed for sitting are for sitters; an owner sees their own in the list, not as a listing
  // (the owner's own dog is at /dogs/:id); the admin, neither owner nor sitter, is sent to /unauthorized.
  'GET /dogs/available': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /dogs/available/:id': { anonymous: 302, owner: 404, otherOwner: 404, sitter: 200, otherSitter: 200, suspended: 302, admin: 404, deletedToken: 302 },
  'POST /dogs/available/:id': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 302, admin: 400, deletedToken: 302 },
  'GET /dogs/add': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 302, admin: 302, deletedToken: 302 },
  'POST /dogs/add': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /dogs/new': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 302, admin: 302, deletedToken: 302 },
  'POST /dogs/new': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 302, admin: 302, deletedToken: 302 },
  // Another person's dog is 404, whoever asks.
  'GET /dogs/:id': { anonymous: 302, owner: 200, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 302, admin: 404, deletedToken: 302 },
  'GET /dogs/:id/edit': { anonymous: 302, owner: 200, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 302, admin: 404, deletedToken: 302 },
  'POST /dogs/:id/edit': { anonymous: 302, owner: 400, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 302, admin: 404, deletedToken: 302 },
  'GET /sitters': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'GET /sitters/:id': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'POST /sitters/:id': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /map': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'GET /messages': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 302, admin: 302, deletedToken: 302 },
  'POST /messages': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 302, admin: 302, deletedToken: 302 },
  // A conversation with the owner: anyone signed in may start one, the owner not with themself.
  'GET /messages/:userId': { anonymous: 302, owner: 404, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 302, admin: 302, deletedToken: 302 },
  'POST /messages/:userId': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 302, admin: 302, deletedToken: 302 },
  // The owner's bookings; a sitter is sent to theirs (/bookings-sitter). The booking (ruling 5): its two parties only.
  'GET /bookings': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 302, otherSitter: 302, suspended: 302, admin: 302, deletedToken: 302 },
  // New Booking's sitter chooser: the owner's, like /bookings.
  'GET /bookings/choose-sitter': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 302, otherSitter: 302, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /bookings/new': { anonymous: 302, owner: 404, otherOwner: 404, sitter: 200, otherSitter: 200, suspended: 302, admin: 302, deletedToken: 302 },
  'POST /bookings/new': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /bookings/:id': { anonymous: 302, owner: 200, otherOwner: 404, sitter: 200, otherSitter: 404, suspended: 302, admin: 404, deletedToken: 302 },
  'POST /bookings/:id': { anonymous: 302, owner: 400, otherOwner: 404, sitter: 400, otherSitter: 404, suspended: 302, admin: 404, deletedToken: 302 },
  // A weekly request to the first sitter (the form refuses the sitter's own on sending); a weekly series: its two
  // parties only, whatever the form holds.
  'GET /bookings/series/new': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 302, admin: 302, deletedToken: 302 },
  'POST /bookings/series/new': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /bookings/series/:id': { anonymous: 302, owner: 200, otherOwner: 404, sitter: 200, otherSitter: 404, suspended: 302, admin: 404, deletedToken: 302 },
  'POST /bookings/series/:id': { anonymous: 302, owner: 400, otherOwner: 404, sitter: 400, otherSitter: 404, suspended: 302, admin: 404, deletedToken: 302 },
  // A sitter's page: the owners and the admin are sent to /unauthorized. Booking the first sitter: not themself (409).
  'GET /bookings-sitter': { anonymous: 302, owner: 302, otherOwner: 302, sitter: 200, otherSitter: 200, suspended: 302, admin: 302, deletedToken: 302 },
  'POST /bookings-sitter': { anonymous: 302, owner: 302, otherOwner: 302, sitter: 400, otherSitter: 400, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /booking/new': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 302, admin: 302, deletedToken: 302 },
  'POST /booking/new': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /sitters/:id/book': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 302, admin: 302, deletedToken: 302 },
  'POST /sitters/:id/book': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /sitters/:id/book/:flow/:step': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 409, otherSitter: 200, suspended: 302, admin: 302, deletedToken: 302 },
  'POST /sitters/:id/book/:flow/:step': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 409, otherSitter: 400, suspended: 302, admin: 302, deletedToken: 302 },
  // Anyone signed in keeps their own home access (an empty save clears it, then back to the page).
  'GET /home-access': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 302, admin: 200, deletedToken: 302 },
  'POST /home-access': { anonymous: 302, owner: 302, otherOwner: 302, sitter: 302, otherSitter: 302, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /notifications': { anonymous: 302, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 302, admin: 200, deletedToken: 302 },
  'POST /notifications': { anonymous: 302, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 302, admin: 400, deletedToken: 302 },
  // The API: no working credential is 401; a role's endpoint answers 403 to another role; another's thing is 404.
  'GET /api/notifications': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'POST /api/notifications/read': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'POST /api/notifications/:id/read': { anonymous: 401, owner: 200, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'POST /api/auth/login': { anonymous: 400, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 400, admin: 400, deletedToken: 400 },
  'POST /api/auth/register': { anonymous: 400, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 400, admin: 400, deletedToken: 400 },
  'POST /api/auth/logout': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'GET /api/auth/google': { anonymous: 302, owner: 302, otherOwner: 302, sitter: 302, otherSitter: 302, suspended: 302, admin: 302, deletedToken: 302 },
  'POST /api/auth/google': { anonymous: 400, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 400, admin: 400, deletedToken: 400 },
  'GET /api/auth/google/callback': { anonymous: 302, owner: 302, otherOwner: 302, sitter: 302, otherSitter: 302, suspended: 302, admin: 302, deletedToken: 302 },
  'GET /api/auth/google/calendar': { anonymous: 401, owner: 409, otherOwner: 409, sitter: 409, otherSitter: 409, suspended: 401, admin: 409, deletedToken: 401 },
  'POST /api/auth/calendar/event': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  // Only the sitter of an accepted booking with the owner (or the owner, for their own calendar): 409 here, as
  // nobody linked Google; anyone else 403, as the spec's calendar call says.
  'POST /api/auth/calendar/event/:ownerId': { anonymous: 401, owner: 409, otherOwner: 403, sitter: 409, otherSitter: 403, suspended: 401, admin: 403, deletedToken: 401 },
  'PATCH /api/users/profile/photo': { anonymous: 401, owner: 415, otherOwner: 415, sitter: 415, otherSitter: 415, suspended: 401, admin: 415, deletedToken: 401 },
  'GET /api/geocode': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  'GET /api/geocode/reverse': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  'GET /api/users/me': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'GET /api/users/sitters': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'POST /api/users/profile/gallery': { anonymous: 401, owner: 415, otherOwner: 415, sitter: 415, otherSitter: 415, suspended: 401, admin: 415, deletedToken: 401 },
  'DELETE /api/users/profile/gallery': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  'GET /api/users/me/schedule': { anonymous: 401, owner: 403, otherOwner: 403, sitter: 200, otherSitter: 200, suspended: 401, admin: 403, deletedToken: 401 },
  'PUT /api/users/me/schedule': { anonymous: 401, owner: 403, otherOwner: 403, sitter: 200, otherSitter: 200, suspended: 401, admin: 403, deletedToken: 401 },
  'GET /api/users/me/home-access': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'PUT /api/users/me/home-access': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'GET /api/users/me/home-access/views': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'GET /api/users/me/calendar-feed': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'POST /api/users/me/calendar-feed': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'GET /api/users/:id': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'PATCH /api/users/:id': { anonymous: 401, owner: 403, otherOwner: 403, sitter: 200, otherSitter: 403, suspended: 401, admin: 403, deletedToken: 401 },
  'GET /api/users/:id/reviews': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'GET /api/users/:id/availability': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'GET /api/dogs/available': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 403, deletedToken: 401 },
  'GET /api/dogs/:id/public': { anonymous: 401, owner: 404, otherOwner: 404, sitter: 200, otherSitter: 200, suspended: 401, admin: 404, deletedToken: 401 },
  'GET /api/dogs': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'POST /api/dogs': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 403, deletedToken: 401 },
  'GET /api/dogs/user/:userId': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'GET /api/dogs/:id': { anonymous: 401, owner: 200, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'PATCH /api/dogs/:id': { anonymous: 401, owner: 200, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'DELETE /api/dogs/:id': { anonymous: 401, owner: 200, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'DELETE /api/dogs/:id/images': { anonymous: 401, owner: 200, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'GET /api/bookings': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'POST /api/bookings': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 403, deletedToken: 401 },
  'GET /api/bookings/sitter': { anonymous: 401, owner: 403, otherOwner: 403, sitter: 200, otherSitter: 200, suspended: 401, admin: 403, deletedToken: 401 },
  'GET /api/bookings/previous-sitters': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'GET /api/bookings/:id': { anonymous: 401, owner: 200, otherOwner: 404, sitter: 200, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  // The booking's parties meet the status machine (409: only the sitter completes, after the start); others 404.
  'PATCH /api/bookings/:id/status': { anonymous: 401, owner: 409, otherOwner: 404, sitter: 409, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  // The owner's home access: its sitter only, inside the window (the booking is next week: 403); the owner 403.
  'GET /api/bookings/:id/home-access': { anonymous: 401, owner: 403, otherOwner: 404, sitter: 403, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  // The visit log: both parties read it; only its sitter writes, and the visit has not started (409: check-in
  // opens 30 minutes before next week's start); its owner 403; others 404. The photo's guard answers before the
  // multipart body is read, so `{}` meets it too (visit-log-api.test.ts sends the pictures).
  // A change of the booking: its parties meet the rules (400: the same booking; 409: answered already); others 404.
  'POST /api/bookings/:id/changes': { anonymous: 401, owner: 400, otherOwner: 404, sitter: 400, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'PATCH /api/bookings/:id/changes/:changeId': { anonymous: 401, owner: 409, otherOwner: 404, sitter: 409, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'GET /api/bookings/:id/visit': { anonymous: 401, owner: 200, otherOwner: 404, sitter: 200, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'POST /api/bookings/:id/visit/check-in': { anonymous: 401, owner: 403, otherOwner: 404, sitter: 409, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'POST /api/bookings/:id/visit/entries': { anonymous: 401, owner: 403, otherOwner: 404, sitter: 409, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'POST /api/bookings/:id/visit/photos': { anonymous: 401, owner: 403, otherOwner: 404, sitter: 409, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'POST /api/bookings/:id/visit/route': { anonymous: 401, owner: 403, otherOwner: 404, sitter: 409, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'POST /api/bookings/:id/visit/check-out': { anonymous: 401, owner: 403, otherOwner: 404, sitter: 409, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'POST /api/bookings/:id/calendar': { anonymous: 401, owner: 200, otherOwner: 404, sitter: 200, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  // A weekly series: anyone signed in may ask (400: `{}`); its two parties read it and meet its rules (409: a
  // waiting series cannot be ended); others 404.
  'POST /api/booking-series': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 403, deletedToken: 401 },
  'GET /api/booking-series/:id': { anonymous: 401, owner: 200, otherOwner: 404, sitter: 200, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'PATCH /api/booking-series/:id/status': { anonymous: 401, owner: 409, otherOwner: 404, sitter: 409, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  // The feed's URL is its key (calendar apps send no credential), as is an unsubscribe link's token below.
  'GET /api/calendar/:feed': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'POST /api/reviews': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  'POST /api/owner-reviews': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  // Only the reviewed sitter replies, once (the reply is there: 409).
  'POST /api/reviews/:id/reply': { anonymous: 401, owner: 404, otherOwner: 404, sitter: 409, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'POST /api/messages': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  'POST /api/messages/read': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  'GET /api/messages/conversations': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'POST /api/messages/conversations': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  'GET /api/messages/conversations/:partnerId': { anonymous: 401, owner: 200, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'POST /api/messages/blocks': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  'DELETE /api/messages/blocks/:userId': { anonymous: 401, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 401, admin: 404, deletedToken: 401 },
  'POST /api/messages/reports': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  'GET /api/push/public-key': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'POST /api/push/subscriptions': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  'DELETE /api/push/subscriptions': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  'GET /api/openapi.json': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'GET /api/users/me/notification-settings': { anonymous: 401, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 401, admin: 200, deletedToken: 401 },
  'PUT /api/users/me/notification-settings': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  'GET /unsubscribe/:token': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'POST /unsubscribe/:token': { anonymous: 200, owner: 200, otherOwner: 200, sitter: 200, otherSitter: 200, suspended: 200, admin: 200, deletedToken: 200 },
  'POST /api/reports': { anonymous: 401, owner: 400, otherOwner: 400, sitter: 400, otherSitter: 400, suspended: 401, admin: 400, deletedToken: 401 },
  // Ruling 25: the console and its API are 404 to everyone but an admin, visitors included.
  'GET /admin': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 200, deletedToken: 404 },
  'GET /admin/reports/:id': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 200, deletedToken: 404 },
  'POST /admin/reports/:id': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 400, deletedToken: 404 },
  'GET /admin/users': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 200, deletedToken: 404 },
  'GET /admin/users/:id': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 200, deletedToken: 404 },
  'POST /admin/users/:id': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 400, deletedToken: 404 },
  'GET /admin/audit': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 200, deletedToken: 404 },
  'GET /api/admin/reports': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 200, deletedToken: 404 },
  'GET /api/admin/reports/:id': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 200, deletedToken: 404 },
  'POST /api/admin/reports/:id/resolution': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 400, deletedToken: 404 },
  'GET /api/admin/users': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 200, deletedToken: 404 },
  'GET /api/admin/users/:id': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 200, deletedToken: 404 },
  'POST /api/admin/users/:id/suspension': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 400, deletedToken: 404 },
  'DELETE /api/admin/users/:id/suspension': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 409, deletedToken: 404 },
  'GET /api/admin/audit': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 200, deletedToken: 404 },
  // Nothing else exists.
  'GET /api/*': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 404, deletedToken: 404 },
  'POST /api/*': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 404, deletedToken: 404 },
  'PUT /api/*': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 404, deletedToken: 404 },
  'PATCH /api/*': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 404, deletedToken: 404 },
  'DELETE /api/*': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 404, deletedToken: 404 },
  'GET /*': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 404, deletedToken: 404 },
  'POST /*': { anonymous: 404, owner: 404, otherOwner: 404, sitter: 404, otherSitter: 404, suspended: 404, admin: 404, deletedToken: 404 },
}

const rows = Object.keys(expected)
/** The methods the table has rows for on a route. */
const methodsInTable = (route: string) => rows.filter((row) => row.slice(row.indexOf(' ') + 1) === route).map((row) => row.split(' ')[0] as Method)

describe('the access table', () => {
  test('has rows for every route of app/routes.ts, and no row for a route it does not have', () => {
    expect({
      routesWithoutRows: routeTable.filter((route) => methodsInTable(route).length === 0),
      rowsNamingNoRoute: rows.filter((row) => !routeTable.includes(row.slice(row.indexOf(' ') + 1)) || !methods.includes(row.split(' ')[0] as Method)),
    }).toEqual({ routesWithoutRows: [], rowsNamingNoRoute: [] })
  })

  test('asks every page with GET, and with POST exactly when its module has an action', async () => {
    const build: ServerBuild = await import('virtual:react-router/server-build')
    const pages = Object.values(build.routes).filter((route) => route && route.id !== 'root' && !isApi(`/${route.path ?? ''}`))
    const expectedMethods = Object.fromEntries(pages.map((route) => [route!.index ? '/' : `/${route!.path}`, route!.module.action ? ['GET', 'POST'] : ['GET']]))
    const tableMethods = Object.fromEntries(routeTable.filter((route) => !isApi(route)).map((route) => [route, methodsInTable(route).sort()]))
    expect(tableMethods).toEqual(expectedMethods)
  })

  test('asks every API route with each method it serves: the others answer 405', async () => {
    const served: string[] = []
    for (const route of routeTable.filter(isApi)) {
      for (const method of methods.filter((method) => !methodsInTable(route).includes(method))) {
        const { status } = await answerTo('admin', method, route, await urlOf(route, method, setup.things))
        if (status !== 405) served.push(`${method} ${route} answered ${status}`)
      }
    }
    expect(served, 'methods served without a row').toEqual([])
  })
})

describe('every caller gets the status the table keeps', () => {
  test.for(rows)('%s', async (row) => {
    const { statuses, visitorRedirects } = await answersTo(row)
    expect(statuses).toEqual(expected[row])
    for (const [caller, location] of Object.entries(visitorRedirects)) expect(location, `${caller} is sent to sign in`).toMatch(/^\/login(\?|$)/)
  })
})

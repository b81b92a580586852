import { createHash, randomBytes } from 'node:crypto'
import type { BrowserContext, Page } from '@playwright/test'
import { threadPageSize } from '#app/features/messages/schema.ts'
import { zurichDate } from './booking-helpers.ts'
import { type AxeException, axeProblems, htmlProblems, zodOnFirstLoad } from './conformance-checks.ts'
import { baseUrlVariable } from './global-setup.ts'
import { demoUsers, expect, insertMessages, test, type TestDatabase, uniqueEmail } from './fixtures.ts'

// Every page of the app (app/routes.ts), as its visitors reach it, passes html-validate (the HTML the
// server sent) and axe-core (WCAG 2.x A and AA and axe's best practices, on the hydrated page), loads no
// zod before it is interactive (its forms validate with it once it arrives), at phone
// and desktop width with JavaScript (decision 040). The demo data (db/seed.ts) supplies the rows: the
// pages are only read, and the conversations opened are ones without unread messages, so nothing changes.

/** The demo owner and sitter, someone who has just signed up, someone with a long conversation, and an admin. */
type Visitor = 'anonymous' | 'owner' | 'sitter' | 'newcomer' | 'talker' | 'admin'

/** The rows the pages are about, found in the demo data once per worker. */
type Demo = Awaited<ReturnType<typeof findDemoRows>>

type PageCase = {
  visitor: Visitor
  /** What the page shows, for the test's title. */
  what: string
  /** The URL; a function when it needs the demo rows or earlier steps of a wizard. */
  path: string | ((demo: Demo, page: Page) => string | Promise<string>)
  /** The status the page answers with; 200 unless said. */
  status?: number
  /** Elements a WCAG exception covers, with the exception: the checks pass over them for that rule alone. */
  axeExceptions?: AxeException[]
}

/**
 * WCAG 2.5.8's 'essential' exception names map pins: where sitters live decides where their markers sit, and
 * the list with the map reaches every sitter with full-size targets.
 */
const mapMarkers: AxeException = { rule: 'target-size', within: '.leaflet-marker-pane' }

// Not listed: /login/success and /logout, which only redirect, and /dogs/new, the same screen as /dogs/add.
const pages: PageCase[] = [
  // Visitors who have not signed in.
  { visitor: 'anonymous', what: 'home', path: '/' },
  { visitor: 'anonymous', what: 'sign in', path: '/login' },
  { visitor: 'anonymous', what: 'sign up', path: '/register' },
  { visitor: 'anonymous', what: 'forgot password', path: '/forgot-password' },
  { visitor: 'anonymous', what: 'reset password, valid link', path: (demo) => `/reset-password?token=${demo.newcomer.resetToken}` },
  { visitor: 'anonymous', what: 'reset password, expired link', path: '/reset-password?token=expired' },
  { visitor: 'anonymous', what: 'support', path: '/support' },
  { visitor: 'anonymous', what: 'terms', path: '/terms' },
  { visitor: 'anonymous', what: 'privacy', path: '/privacy' },
  { visitor: 'anonymous', what: 'unauthorized', path: '/unauthorized' },
  { visitor: 'anonymous', what: 'sitters list', path: '/sitters' },
  { visitor: 'anonymous', what: 'sitters list, searched', path: '/sitters?search=walk' },
  { visitor: 'anonymous', what: 'sitter profile', path: (demo) => `/sitters/${demo.sam.id}` },
  { visitor: 'anonymous', what: 'sitter profile, services', path: (demo) => `/sitters/${demo.sam.id}?tab=services` },
  { visitor: 'anonymous', what: 'sitter profile, reviews', path: (demo) => `/sitters/${demo.sam.id}?tab=reviews` },
  { visitor: 'anonymous', what: 'map', path: '/map', axeExceptions: [mapMarkers] },
  { visitor: 'anonymous', what: 'page not found', path: '/no-such-page', status: 404 },
  { visitor: 'anonymous', what: 'unsubscribe, broken link', path: '/unsubscribe/broken', status: 404 },

  // The demo owner.
  { visitor: 'owner', what: 'home', path: '/' },
  { visitor: 'owner', what: 'map', path: '/map', axeExceptions: [mapMarkers] },
  { visitor: 'owner', what: 'profile', path: '/profile' },
  { visitor: 'owner', what: 'profile, my dogs', path: '/profile?tab=dogs' },
  { visitor: 'owner', what: 'profile edit', path: '/profile/edit' },
  { visitor: 'owner', what: 'add a dog', path: '/dogs/add' },
  { visitor: 'owner', what: 'dog', path: (demo) => `/dogs/${demo.oliviasDog}` },
  { visitor: 'owner', what: 'dog edit', path: (demo) => `/dogs/${demo.oliviasDog}/edit` },
  { visitor: 'owner', what: 'dog not found', path: '/dogs/no-such-dog', status: 404 },
  { visitor: 'owner', what: 'bookings', path: '/bookings' },
  { visitor: 'owner', what: 'bookings, pending', path: '/bookings?tab=pending' },
  { visitor: 'owner', what: 'bookings, past', path: '/bookings?tab=past' },
  { visitor: 'owner', what: 'bookings of a day', path: (demo) => `/bookings?date=${demo.owner.accepted.date}` },
  { visitor: 'owner', what: 'new booking, sitter chooser', path: '/bookings/choose-sitter' },
  { visitor: 'owner', what: 'booking, pending', path: (demo) => `/bookings/${demo.owner.pending.id}` },
  { visitor: 'owner', what: 'booking, cancel dialog', path: (demo) => `/bookings/${demo.owner.pending.id}?confirm=cancelled` },
  { visitor: 'owner', what: 'booking, accepted', path: (demo) => `/bookings/${demo.owner.accepted.id}` },
  { visitor: 'owner', what: 'booking, completed and reviewed', path: (demo) => `/bookings/${demo.owner.reviewed.id}` },
  { visitor: 'owner', what: 'booking, completed, review form', path: (demo) => `/bookings/${demo.owner.unreviewed.id}` },
  { visitor: 'owner', what: 'booking, declined', path: (demo) => `/bookings/${demo.owner.rejected.id}` },
  { visitor: 'owner', what: 'booking, cancelled', path: (demo) => `/bookings/${demo.owner.cancelled.id}` },
  { visitor: 'owner', what: 'request a booking', path: (demo) => `/booking/new?sitter=${demo.sam.id}` },
  { visitor: 'owner', what: 'request from the sitter profile', path: (demo) => `/sitters/${demo.sam.id}/book` },
  { visitor: 'owner', what: 'request several periods', path: (demo) => `/sitters/${demo.sam.id}/book?periods=several` },
  { visitor: 'owner', what: 'request a walk on a chosen day', path: (demo) => `/sitters/${demo.sam.id}/book?date=${zurichDate(3)}` },
  { visitor: 'owner', what: 'weekly request', path: (demo) => `/bookings/series/new?sitter=${demo.sam.id}` },
  { visitor: 'owner', what: 'weekly round', path: (demo) => `/bookings/series/${demo.owner.series}` },
  { visitor: 'owner', what: 'quick wizard, date', path: (demo, page) => wizardStep(page, demo, 'quick', 1) },
  { visitor: 'owner', what: 'quick wizard, time', path: (demo, page) => wizardStep(page, demo, 'quick', 2) },
  { visitor: 'owner', what: 'quick wizard, dog', path: (demo, page) => wizardStep(page, demo, 'quick', 3) },
  { visitor: 'owner', what: 'chat wizard, date and time', path: (demo, page) => wizardStep(page, demo, 'chat', 1) },
  { visitor: 'owner', what: 'chat wizard, dog', path: (demo, page) => wizardStep(page, demo, 'chat', 2) },
  { visitor: 'owner', what: 'chat wizard, meeting place', path: (demo, page) => wizardStep(page, demo, 'chat', 3) },
  { visitor: 'owner', what: 'messages', path: '/messages' },
  { visitor: 'owner', what: 'messages with a conversation', path: (demo) => `/messages?userId=${demo.owner.partner}` },
  { visitor: 'owner', what: 'conversation', path: (demo) => `/messages/${demo.owner.partner}` },
  { visitor: 'owner', what: 'own dogs listed for sitting', path: '/dogs/available' },
  { visitor: 'owner', what: 'notifications', path: '/notifications' },
  { visitor: 'owner', what: 'home access', path: '/home-access' },

  // The demo sitter.
  { visitor: 'sitter', what: 'home', path: '/' },
  { visitor: 'sitter', what: 'bookings', path: '/bookings-sitter' },
  { visitor: 'sitter', what: 'bookings, upcoming', path: '/bookings-sitter?tab=upcoming' },
  { visitor: 'sitter', what: 'weekly round', path: (demo) => `/bookings/series/${demo.owner.series}` },
  { visitor: 'sitter', what: 'bookings, completed', path: '/bookings-sitter?tab=completed' },
  { visitor: 'sitter', what: 'bookings of a day', path: (demo) => `/bookings-sitter?date=${demo.sitter.pending.date}` },
  { visitor: 'sitter', what: 'bookings, accept dialog', path: (demo) => `/bookings-sitter?booking=${demo.sitter.pending.id}&move=accepted` },
  { visitor: 'sitter', what: 'booking, accept dialog', path: (demo) => `/bookings/${demo.sitter.pending.id}?confirm=accepted` },
  { visitor: 'sitter', what: 'booking, decline dialog', path: (demo) => `/bookings/${demo.sitter.pending.id}?confirm=rejected` },
  { visitor: 'sitter', what: 'booking, reviewed', path: (demo) => `/bookings/${demo.sitter.reviewed.id}` },
  { visitor: 'sitter', what: 'booking, visit under way', path: (demo) => `/bookings/${demo.sitter.visitUnderWay}` },
  { visitor: 'sitter', what: 'profile', path: '/profile' },
  { visitor: 'sitter', what: 'profile, my services', path: '/profile?tab=services' },
  { visitor: 'sitter', what: 'profile edit', path: '/profile/edit' },
  { visitor: 'sitter', what: 'notifications', path: '/notifications' },
  { visitor: 'sitter', what: 'dogs for sitting', path: '/dogs/available' },
  { visitor: 'sitter', what: 'dog for sitting', path: (demo) => `/dogs/available/${demo.availableDog}` },
  { visitor: 'sitter', what: 'dog for sitting, personality', path: (demo) => `/dogs/available/${demo.availableDog}?tab=personality` },
  { visitor: 'sitter', what: 'dog for sitting, availability', path: (demo) => `/dogs/available/${demo.availableDog}?tab=availability` },
  { visitor: 'sitter', what: 'offer to sit a dog', path: (demo) => `/bookings/new?dogId=${demo.availableDog}` },
  { visitor: 'sitter', what: 'conversation', path: (demo) => `/messages/${demo.sitter.partner}` },

  // Someone who has just signed up.
  { visitor: 'newcomer', what: 'role choice', path: '/onboarding' },
  ...[1, 2, 3, 4].flatMap((step) => [
    { visitor: 'newcomer' as const, what: `owner onboarding, step ${step}`, path: `/onboarding/owner/${step}` },
    { visitor: 'newcomer' as const, what: `sitter onboarding, step ${step}`, path: `/onboarding/sitter/${step}` },
  ]),

  // More messages than fit on the screen, all on the thread's first page: the history scrolls, with nothing
  // inside it to tab to.
  // An admin (the demo data's reports; issue 30).
  { visitor: 'admin', what: 'home', path: '/' },
  { visitor: 'admin', what: 'open reports', path: '/admin' },
  { visitor: 'admin', what: 'resolved reports', path: '/admin?state=resolved' },
  { visitor: 'admin', what: 'a conversation report', path: (demo) => `/admin/reports/${demo.reports.conversation}` },
  { visitor: 'admin', what: 'a review report', path: (demo) => `/admin/reports/${demo.reports.review}` },
  { visitor: 'admin', what: 'a dog report', path: (demo) => `/admin/reports/${demo.reports.dog}` },
  { visitor: 'admin', what: 'a booking report', path: (demo) => `/admin/reports/${demo.reports.booking}` },
  { visitor: 'admin', what: 'user search', path: '/admin/users?q=a' },
  { visitor: 'admin', what: 'a user', path: (demo) => `/admin/users/${demo.sam.id}` },
  { visitor: 'admin', what: 'audit log', path: '/admin/audit' },
  { visitor: 'talker', what: 'long conversation', path: (demo) => `/messages/${demo.talk.listener}` },
  { visitor: 'talker', what: 'messages with a long conversation', path: (demo) => `/messages?userId=${demo.talk.listener}` },
]

const conformance = test.extend<object, { demo: Demo; sessionCookies: (visitor: Visitor) => Promise<Cookie[]> }>({
  demo: [async ({ db }, provide) => provide(await findDemoRows(db)), { scope: 'worker' }],

  // One sign-in per visitor and worker; each test starts with a fresh browser context carrying its cookies.
  sessionCookies: [
    async ({ playwright, demo }, provide) => {
      const signedIn = new Map<Visitor, Promise<Cookie[]>>()
      const signIn = async (visitor: Visitor) => {
        if (visitor === 'anonymous') return []
        const request = await playwright.request.newContext({ baseURL: serverOrigin(), extraHTTPHeaders: { origin: serverOrigin() } })
        const email = { owner: demoUsers.owner.email, sitter: demoUsers.sitter.email, newcomer: demo.newcomer.email, talker: demo.talk.talker.email, admin: demo.admin.email }[visitor]
        // The users inserted here have the demo users' password (insertUser).
        const response = await request.post('/login', { form: { email, password: demoUsers.owner.password, redirectTo: '' } })
        expect(new URL(response.url()).pathname, `${email} is signed in`).not.toBe('/login')
        const { cookies } = await request.storageState()
        await request.dispose()
        return cookies
      }
      await provide((visitor) => {
        if (!signedIn.has(visitor)) signedIn.set(visitor, signIn(visitor))
        return signedIn.get(visitor)!
      })
    },
    { scope: 'worker' },
  ],
})

type Cookie = Awaited<ReturnType<BrowserContext['cookies']>>[number]

// The list of problems is the report: a trace of axe at work would only slow every page down.
conformance.use({ trace: 'off' })
// The pages are only read, so both workers share the list (one worker alone took about 6 minutes a project).
conformance.describe.configure({ mode: 'parallel' })
// Decided before any fixture is set up, so the projects without JavaScript skip at no cost.
conformance.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'checked on the hydrated page, with JavaScript')

for (const { visitor, what, path, status = 200, axeExceptions = [] } of pages) {
  conformance(`@desktop ${visitor}: ${what}`, async ({ page, visit, demo, sessionCookies }) => {
    await page.context().addCookies(await sessionCookies(visitor))
    const url = typeof path === 'string' ? path : await path(demo, page)

    const response = await visit(url)
    expect(response?.status(), `GET ${url}`).toBe(status)
    expect(new URL(page.url()).pathname, `GET ${url} stays on its page`).toBe(new URL(url, page.url()).pathname)
    // What arrives after hydration (lazy chunks, map tiles, a wizard's data) is part of what axe looks at.
    await page.waitForLoadState('networkidle')

    // The HTML as the server sent it: the browser's parser silently repairs what html-validate reports.
    const html = (await response?.text()) ?? ''
    expect.soft(await htmlProblems(html), `html-validate on ${url}`).toEqual([])
    expect.soft(await zodOnFirstLoad(page, html, page.url()), `zod in the first load of ${url}`).toEqual([])
    expect.soft(await axeProblems(page, axeExceptions), `axe-core on ${url}`).toEqual([])
  })
}

/**
 * A step of a booking wizard with Sam, the earlier steps answered with the first choice they offer: a day
 * of next month (all of it ahead), then the first start time and duration of a walk.
 */
async function wizardStep(page: Page, demo: Demo, flow: 'quick' | 'chat', step: 1 | 2 | 3) {
  const asked = { quick: [['date'], ['startTime', 'duration']], chat: [['date', 'startTime', 'duration'], ['dogId']] }[flow]
  const base = `/sitters/${demo.sam.id}/book/${flow}`
  const today = zurichDate(0)
  const nextMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1)).toISOString().slice(0, 7)
  const answers = new URLSearchParams()
  for (const [index, names] of asked.slice(0, step - 1).entries()) {
    for (const name of names) {
      const query = new URLSearchParams(answers)
      if (name === 'date') query.set('month', nextMonth)
      await page.goto(`${base}/${index + 1}?${query}`)
      const firstChoice = page.locator(`input[name="${name}"]:enabled, select[name="${name}"] option:not([value=""])`).first()
      answers.set(name, (await firstChoice.getAttribute('value')) ?? '')
    }
  }
  return `${base}/${step}${answers.size ? `?${answers}` : ''}`
}

function serverOrigin() {
  const origin = process.env[baseUrlVariable]
  if (!origin) throw new Error(`${baseUrlVariable} is not set: run the e2e tests with \`npx playwright test\``)
  return origin
}

async function findDemoRows(db: TestDatabase) {
  const userId = async (email: string) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
  const olivia = { id: await userId(demoUsers.owner.email) }
  const sam = { id: await userId(demoUsers.sitter.email) }
  const today = zurichDate(0)
  /** One of the demo data's open reports of a kind. */
  const openReport = async (kind: 'conversation' | 'review' | 'dog' | 'booking') =>
    (await db.selectFrom('reports').select('id').where('kind', '=', kind).where('state', '=', 'open').orderBy('createdAt').executeTakeFirstOrThrow()).id

  /** One of the user's bookings in a status (still ahead for pending and accepted, which offer moves). */
  const booking = async (side: 'ownerId' | 'sitterId', userId: string, status: 'pending' | 'accepted' | 'completed' | 'rejected' | 'cancelled', reviewed?: boolean) => {
    let query = db
      .selectFrom('bookings')
      .select(['bookings.id', 'bookings.date'])
      .where(side, '=', userId)
      .where('status', '=', status)
      .orderBy('date')
      .orderBy('id')
    if (status === 'pending' || status === 'accepted') query = query.where('date', '>', today)
    // Reviewed: the owner's review published (both parties see it); unreviewed: the latest, still open for reviews.
    if (reviewed !== undefined) {
      query = query.where((eb) => {
        const review = eb.selectFrom('reviews').select('reviews.id').whereRef('reviews.bookingId', '=', 'bookings.id')
        return reviewed ? eb.exists(review.where('reviews.publishedAt', 'is not', null)) : eb.not(eb.exists(review))
      })
      if (!reviewed) query = query.clearOrderBy().orderBy('date', 'desc').orderBy('id')
    }
    const row = await query.executeTakeFirst()
    if (!row) throw new Error(`The demo data has no ${status} booking with ${side} = ${userId}`)
    return row
  }

  /** Someone the user has talked to with nothing unread for the user: opening the conversation changes nothing. */
  const readPartner = async (userId: string) => {
    const row = await db
      .selectFrom('conversations')
      .select(['userAId', 'userBId'])
      .where((eb) => eb.or([eb('userAId', '=', userId), eb('userBId', '=', userId)]))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('messages')
              .select('messages.id')
              .whereRef('messages.conversationId', '=', 'conversations.id')
              .where('recipientId', '=', userId)
              .where('readAt', 'is', null),
          ),
        ),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow()
    return row.userAId === userId ? row.userBId : row.userAId
  }

  const oliviasDog = await db.selectFrom('dogs').select('id').where('ownerId', '=', olivia.id).where('archivedAt', 'is', null).orderBy('name').executeTakeFirstOrThrow()
  const availableDog = await db
    .selectFrom('dogs')
    .innerJoin('users', 'users.id', 'dogs.ownerId')
    .select('dogs.id')
    .where('listedForSitting', '=', 1)
    .where('archivedAt', 'is', null)
    .where('accountStatus', '=', 'active')
    .where('ownerId', '!=', sam.id)
    // A demo owner's dog, the same in every run (other tests list dogs of their own, with or without photos).
    .where('users.email', 'like', '%@pawpal.test')
    .orderBy('dogs.id')
    .executeTakeFirstOrThrow()

  return {
    sam,
    oliviasDog: oliviasDog.id,
    availableDog: availableDog.id,
    owner: {
      pending: await booking('ownerId', olivia.id, 'pending'),
      accepted: await booking('ownerId', olivia.id, 'accepted'),
      reviewed: await booking('ownerId', olivia.id, 'completed', true),
      unreviewed: await booking('ownerId', olivia.id, 'completed', false),
      rejected: await booking('ownerId', olivia.id, 'rejected'),
      cancelled: await booking('ownerId', olivia.id, 'cancelled'),
      partner: await readPartner(olivia.id),
      // The demo's weekly round, the owner's with the demo sitter.
      series: (await db.selectFrom('bookingSeries').select('id').where('ownerId', '=', olivia.id).where('sitterId', '=', sam.id).orderBy('id').executeTakeFirstOrThrow()).id,
    },
    sitter: {
      pending: await booking('sitterId', sam.id, 'pending'),
      reviewed: await booking('sitterId', sam.id, 'completed', true),
      visitUnderWay: (
        await db
          .selectFrom('visits')
          .innerJoin('bookings', 'bookings.id', 'visits.bookingId')
          .select('bookings.id')
          .where('bookings.sitterId', '=', sam.id)
          .where('visits.checkedOutAt', 'is', null)
          .executeTakeFirstOrThrow()
      ).id,
      partner: await readPartner(sam.id),
    },
    newcomer: await newcomerWithResetLink(db),
    talk: await longConversation(db),
    admin: await admin(db),
    reports: { conversation: await openReport('conversation'), review: await openReport('review'), dog: await openReport('dog'), booking: await openReport('booking') },
  }
}

/** A user with the demo users' password (its hash copied from theirs), inserted as registration would. */
async function insertUser(db: TestDatabase, name: string) {
  const now = new Date().toISOString()
  const user = { id: crypto.randomUUID(), name, email: uniqueEmail(name.split(' ')[0]?.toLowerCase()) }
  const { hash } = await db
    .selectFrom('passwords')
    .innerJoin('users', 'users.id', 'passwords.userId')
    .select('hash')
    .where('email', '=', demoUsers.owner.email)
    .executeTakeFirstOrThrow()
  await db.insertInto('users').values({ ...user, createdAt: now, updatedAt: now }).execute()
  await db.insertInto('passwords').values({ userId: user.id, hash, updatedAt: now }).execute()
  return user
}

/** A user who has signed up and not yet onboarded, with an unused password-reset link. */
async function newcomerWithResetLink(db: TestDatabase) {
  const newcomer = await insertUser(db, 'Nora Newcomer')
  const resetToken = randomBytes(24).toString('base64url')
  const now = Date.now()
  await db
    .insertInto('passwordResetTokens')
    .values({
      tokenHash: createHash('sha256').update(resetToken).digest('base64url'),
      userId: newcomer.id,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 3_600_000).toISOString(),
      usedAt: null,
    })
    .execute()
  return { email: newcomer.email, resetToken }
}

/** An admin with the demo users' password (the demo admin has none on a production server). */
async function admin(db: TestDatabase) {
  const user = await insertUser(db, 'Ada Admin')
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute()
  return user
}

/** A page of messages from one new user to another: the talker reads the conversation, where nothing is unread. */
async function longConversation(db: TestDatabase) {
  const talker = await insertUser(db, 'Tara Talker')
  const listener = await insertUser(db, 'Lee Listener')
  await insertMessages(db, talker, listener, threadPageSize)
  return { talker, listener: listener.id }
}

import { describe, expect, test } from 'vitest'
import { fakeUserFor } from '#tests/fakes/google.ts'
import { appRequest } from './app.ts'
import { startAppWithFakeGoogle } from './fake-google-app.ts'
import { call } from './booking-api.ts'
import { apiTokenFor, insertBooking, insertDog, insertReview, insertSitter, insertUser, linkGoogleAccount, localDateFromToday } from './fixtures.ts'
import { type Person, plainText, signedIn, visitAs } from './page-visits.ts'

// What the booking screens show (spec section 2: Bookings page, Sitter Bookings, Bookings list panel,
// Booking detail; DESIGN.md ruling 7), read from the HTML the production request handler sends to a
// browser without JavaScript. Expected dates are written out here with Intl, not with the app's helpers.
const { google, db } = await startAppWithFakeGoogle()

// ---- reading the HTML ----

const attribute = (tag: string, name: string) => {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
  return value === undefined ? null : plainText(value)
}

/** Every link: its accessible name (aria-label, else its text), its href and whether it is the current one. */
function linksIn(html: string) {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes = '', content = '']) => ({
    name: attribute(attributes, 'aria-label') ?? plainText(content),
    href: attribute(attributes, 'href') ?? '',
    current: attribute(attributes, 'aria-current'),
  }))
}

const linkNamed = (html: string, name: string) => linksIn(html).find((link) => link.name === name)

/** The part of the page inside the element that opens with `opening` (up to its closing tag). */
function partOf(html: string, opening: RegExp, tag: string) {
  const start = html.search(opening)
  if (start < 0) throw new Error(`No ${opening} on the page`)
  const end = html.indexOf(`</${tag}>`, start)
  return html.slice(start, end)
}

/** A definition list's rows, as a reader hears them: [term, definition]. */
const definitions = (html: string) => [...html.matchAll(/<dt\b[^>]*>([\s\S]*?)<\/dt>\s*<dd\b[^>]*>([\s\S]*?)<\/dd>/g)].map(([, term = '', value = '']) => [plainText(term), plainText(value)])

const utcDate = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
/** 'March 2, 2026' */
const dayTitle = (date: string) => utcDate(date, { month: 'long', day: 'numeric', year: 'numeric' })
/**
 * The day strip's name for a day starts with what the day shows, 'Mon 2'; a day of the month before or after the
 * strip's (whose name its list carries) adds its month: 'Mon 2 March 2026'.
 */
const stripDay = (date: string, stripMonth = date.slice(0, 7)) =>
  `${utcDate(date, { weekday: 'short' })} ${Number(date.slice(8))}${date.startsWith(stripMonth) ? '' : ` ${utcDate(date, { month: 'long', year: 'numeric' })}`}`
/** 'Mar 2, 2026' */
const shortDay = (date: string) => utcDate(date, { month: 'short', day: 'numeric', year: 'numeric' })
/** 'Monday, March 2, 2026' */
const longDay = (date: string) => utcDate(date, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

// ---- data ----

async function ownerWithDog(name = 'Olivia Owner') {
  const user = await insertUser({ name })
  return { owner: await signedIn(user), dogId: await insertDog(user.id, { name: 'Rex', breed: 'Beagle' }) }
}

async function walker(name = 'Sam Sitter', options: Parameters<typeof insertSitter>[0] = {}) {
  return signedIn(await insertSitter({ name, services: [{ service: 'walking', hourlyRateCents: 2400 }], ...options }))
}

const parties = (owner: Person, sitter: Person, dogId: string) => ({ dogId, ownerId: owner.id, sitterId: sitter.id })

// ---- /bookings ----

describe('the owner’s bookings page', () => {
  test('the day strip shows the month with 7 days before and after it, between previous and next month links', async () => {
    const { owner } = await ownerWithDog()
    // February 2024 (29 days), a month that holds no today.
    const html = await (await visitAs(owner, '/bookings?month=2024-02')).text()

    const strip = linksIn(partOf(html, /<nav aria-label="Days"/, 'nav'))
    expect(strip.find((link) => link.name === 'Previous month')?.href).toBe('/bookings?month=2024-01')
    expect(strip.find((link) => link.name === 'Next month')?.href).toBe('/bookings?month=2024-03')
    const days = strip.filter((link) => !link.name.endsWith(' month')).map((link) => link.name)
    const expected = Array.from({ length: 7 + 29 + 7 }, (_, index) => stripDay(plusDays('2024-01-25', index), '2024-02'))
    expect(days).toEqual(expected)
    expect(days[0]).toBe('Thu 25 January 2024')
    expect(days[7]).toBe('Thu 1')
    expect(days.at(-1)).toBe('Thu 7 March 2024')
    // The days' list says the month once, for the days that do not.
    expect(html).toMatch(/<ol aria-label="February 2024" class="day-strip"/)
    // A day's link names the day alone: the page shows that day's month (no `month=`, days either side too).
    // Where each leads from this page (a day's href may be the query alone).
    const leadsTo = (href: string) => {
      const target = new URL(href, 'http://pawpal.test/bookings?month=2024-02')
      return `${target.pathname}${target.search}`
    }
    const hrefs = strip.filter((link) => !link.name.endsWith(' month')).map((link) => leadsTo(link.href))
    expect(hrefs).toEqual(Array.from({ length: 7 + 29 + 7 }, (_, index) => `/bookings?date=${plusDays('2024-01-25', index)}`))
    // Following a day of the month before opens that month's strip, with the day chosen.
    const outside = await (await visitAs(owner, hrefs[0] ?? '')).text()
    const outsideStrip = partOf(outside, /<nav aria-label="Days"/, 'nav')
    expect(plainText(outsideStrip)).toMatch(/^‹ January 2024 ›/)
    expect(linkNamed(outsideStrip, 'Thu 25')?.current).toBe('date')
  })

  test('?date= shows that day’s bookings under “Bookings for” the day', async () => {
    const { owner, dogId } = await ownerWithDog()
    const sitter = await walker()
    const otherDog = await insertDog(owner.id, { name: 'Comet' })
    const day = localDateFromToday(4)
    await insertBooking(parties(owner, sitter, dogId), { date: day })
    await insertBooking(parties(owner, sitter, otherDog), { date: plusDays(day, 1) })

    const html = await (await visitAs(owner, `/bookings?date=${day}`)).text()
    const list = plainText(partOf(html, /<section aria-labelledby="list-heading"/, 'section'))
    expect(list).toContain(`Bookings for ${dayTitle(day)}`)
    expect(list).toContain('Rex')
    expect(list).not.toContain('Comet')
    expect(linkNamed(html, `${stripDay(day)} with 1 booking`)?.current).toBe('date')
  })

  test('New Booking opens the chooser: the sitters the owner booked, latest first, and Browse All Sitters to /map', async () => {
    const { owner, dogId } = await ownerWithDog()
    const earlier = await walker('Bea Walker')
    const later = await walker('Carl Walker')
    const notBooked = await walker('Nina Nobody')
    const someoneElse = await ownerWithDog('Otto Other')
    await insertBooking(parties(owner, earlier, dogId), { status: 'completed', date: localDateFromToday(-20) })
    await insertBooking(parties(owner, later, dogId), { status: 'accepted', date: localDateFromToday(3) })
    await insertBooking(parties(someoneElse.owner, notBooked, someoneElse.dogId), { status: 'accepted', date: localDateFromToday(3) })

    // The bookings page links to the chooser and does not carry it.
    const bookingsPage = await (await visitAs(owner, '/bookings')).text()
    expect(linkNamed(bookingsPage, '+ New Booking')?.href).toBe('/bookings/choose-sitter')
    expect(bookingsPage).not.toContain('Carl Walker again')

    const response = await visitAs(owner, '/bookings/choose-sitter')
    expect(response.status).toBe(200)
    const chooser = partOf(await response.text(), /<main\b/, 'main')
    expect(plainText(chooser)).toMatch(/New Booking Recent Sitters /)
    expect(linksIn(chooser)).toEqual([
      { name: '← Back to Bookings', href: '/bookings', current: null },
      { name: 'Book Carl Walker again', href: `/sitters/${later.id}/book`, current: null },
      { name: 'Book Bea Walker again', href: `/sitters/${earlier.id}/book`, current: null },
      { name: 'Browse All Sitters', href: '/map', current: null },
    ])
    expect(plainText(chooser)).toMatch(/Carl Walker .*last booked .*Bea Walker .*last booked /)
    expect(plainText(chooser)).not.toContain('Nina Nobody')

    const newcomer = await ownerWithDog('Nora New')
    const empty = partOf(await (await visitAs(newcomer.owner, '/bookings/choose-sitter')).text(), /<main\b/, 'main')
    expect(plainText(empty)).toContain('You have not booked a sitter yet.')
    expect(linksIn(empty)).toEqual([
      { name: '← Back to Bookings', href: '/bookings', current: null },
      { name: 'Browse All Sitters', href: '/map', current: null },
    ])
  })

  test('the tips panel gives the owner’s advice and Contact Support leads to /support', async () => {
    const { owner } = await ownerWithDog()
    const html = await (await visitAs(owner, '/bookings')).text()
    const tips = partOf(html, /<aside aria-labelledby="tips-heading"/, 'aside')
    expect(plainText(tips)).toContain('Book your walks in advance')
    expect(plainText(tips)).not.toContain('Respond to booking requests promptly')
    expect(linkNamed(tips, 'Contact Support')?.href).toBe('/support')

    const sitterTips = plainText(partOf(await (await visitAs(await walker(), '/bookings-sitter')).text(), /<aside aria-labelledby="tips-heading"/, 'aside'))
    expect(sitterTips).toContain('Respond to booking requests promptly')
    expect(sitterTips).not.toContain('Book your walks in advance')
  })
})

// ---- /bookings-sitter ----

describe('the sitter’s bookings page', () => {
  test('choosing a date in the calendar shows “Bookings for” the day in the All tab, with only that day’s bookings', async () => {
    const { owner, dogId } = await ownerWithDog()
    const sitter = await walker()
    const comet = await insertDog(owner.id, { name: 'Comet' })
    const pastor = await insertDog(owner.id, { name: 'Pastor' })
    const day = localDateFromToday(5)
    await insertBooking(parties(owner, sitter, dogId), { status: 'pending', date: day })
    await insertBooking(parties(owner, sitter, comet), { status: 'accepted', date: day, slots: [{ startTime: '14:00', endTime: '15:00' }] })
    await insertBooking(parties(owner, sitter, pastor), { status: 'pending', date: plusDays(day, 1) })

    const calendarPage = await (await visitAs(sitter, `/bookings-sitter?month=${day.slice(0, 7)}`)).text()
    const dayLink = linkNamed(partOf(calendarPage, /<section aria-label="Calendar"/, 'table'), `${dayTitle(day)}, 2 bookings`)
    expect(dayLink?.href).toMatch(/^\/bookings-sitter\?/)

    const html = await (await visitAs(sitter, dayLink?.href ?? '')).text()
    const list = partOf(html, /<section aria-labelledby="list-heading"/, 'section')
    expect(plainText(list)).toMatch(new RegExp(`^Bookings for ${dayTitle(day)} `))
    expect(linksIn(list).filter((link) => link.current === 'page').map((link) => link.name)).toEqual(['All'])
    expect(plainText(list)).toContain('Rex')
    expect(plainText(list)).toContain('Comet')
    expect(plainText(list)).not.toContain('Pastor')
  })

  test('the list’s “Accept Booking Request” with “Add to Google Calendar” unticked accepts and adds no event to either calendar', async () => {
    const { owner, dogId } = await ownerWithDog()
    const sitter = await walker()
    const googleOf = async (person: Person) => {
      const user = fakeUserFor(`${person.id}@example.com`)
      await linkGoogleAccount(person.id, { sub: user.sub, accessToken: google.grantAccessToken(user) })
      return user.sub
    }
    const subs = [await googleOf(sitter), await googleOf(owner)]
    const eventCount = () => google.events.filter((event) => subs.includes(event.owner)).length
    const unticked = await insertBooking(parties(owner, sitter, dogId), { date: localDateFromToday(6) })
    const ticked = await insertBooking(parties(owner, sitter, await insertDog(owner.id, { name: 'Comet' })), { date: localDateFromToday(7) })

    /** Opens the list's dialog for a booking and sends its form as a browser would, the box ticked or not. */
    async function acceptFromDialog(bookingId: string, addToCalendar: boolean) {
      const html = await (await visitAs(sitter, `/bookings-sitter?booking=${bookingId}&move=accepted`)).text()
      const dialog = partOf(html, /<dialog\b/, 'dialog')
      expect(plainText(dialog)).toMatch(/^Accept Booking Request /)
      const form = partOf(dialog, /<form\b/, 'form')
      const box = /<input[^>]*name="addToCalendar"[^>]*>/.exec(form)?.[0] ?? ''
      expect(box, 'ticked by default').toMatch(/\schecked=""/)
      const fields = new URLSearchParams(
        [...form.matchAll(/<input[^>]*type="hidden"[^>]*>/g)].map(([tag]) => [attribute(tag, 'name') ?? '', attribute(tag, 'value') ?? '']),
      )
      if (addToCalendar) fields.set('addToCalendar', 'on')
      const action = attribute(/<form\b[^>]*>/.exec(form)?.[0] ?? '', 'action') ?? ''
      return appRequest(action, { method: 'POST', body: fields, headers: { cookie: sitter.cookie } })
    }
    const statusOf = async (id: string) => (await db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

    const answer = await acceptFromDialog(unticked, false)
    expect(answer.status).toBe(302)
    expect(await statusOf(unticked)).toBe('accepted')
    expect(eventCount()).toBe(0)

    // The same dialog ticked does add them: the box is what made the difference.
    expect((await acceptFromDialog(ticked, true)).status).toBe(302)
    expect(await statusOf(ticked)).toBe('accepted')
    expect(eventCount()).toBe(2)
  })
})

describe('the Bookings badge', () => {
  test('counts the requests waiting for your answer: not your own offers, not answered ones, not ones already started', async () => {
    const { owner, dogId } = await ownerWithDog()
    const sitter = await walker()
    const toAnswer = (html: string) => linksIn(partOf(html, /<nav aria-label="Main navigation"/, 'nav')).find((link) => link.name.startsWith('Bookings'))?.name
    expect(toAnswer(await (await visitAs(sitter, '/map')).text())).toBe('Bookings')

    const dog = (name: string) => insertDog(owner.id, { name })
    await insertBooking(parties(owner, sitter, dogId), { date: localDateFromToday(3) })
    await insertBooking(parties(owner, sitter, await dog('Comet')), { date: localDateFromToday(4) })
    await insertBooking(parties(owner, sitter, await dog('Pastor')), { date: localDateFromToday(5), requestedBy: 'sitter' })
    await insertBooking(parties(owner, sitter, await dog('Ulla')), { date: localDateFromToday(6), status: 'accepted' })
    await insertBooking(parties(owner, sitter, await dog('Vito')), { date: localDateFromToday(-1) })

    expect(toAnswer(await (await visitAs(sitter, '/map')).text())).toBe('Bookings 2 to answer')
    // The owner answers the sitter's offer.
    expect(toAnswer(await (await visitAs(owner, '/map')).text())).toBe('Bookings 1 to answer')
  })
})

describe('a request that overlaps an accepted booking', () => {
  test('shows “Overlaps your booking at 14:00” with a link to it instead of Accept, and keeps Reject, in the list, on its page and in the API', async () => {
    const { owner, dogId } = await ownerWithDog()
    const sitter = await walker()
    const day = localDateFromToday(5)
    const accepted = await insertBooking(parties(owner, sitter, await insertDog(owner.id, { name: 'Comet' })), { status: 'accepted', date: day, slots: [{ startTime: '14:00', endTime: '15:00' }] })
    const request = await insertBooking(parties(owner, sitter, dogId), { date: day, slots: [{ startTime: '14:30', endTime: '15:30' }] })
    await insertBooking(parties(owner, sitter, await insertDog(owner.id, { name: 'Pastor' })), { date: day, slots: [{ startTime: '15:00', endTime: '16:00' }] })

    const list = partOf(await (await visitAs(sitter, '/bookings-sitter')).text(), /<section aria-labelledby="list-heading"/, 'section')
    const names = linksIn(list).map((link) => link.name)
    expect(linkNamed(list, 'Overlaps your booking at 14:00')?.href).toBe(`/bookings/${accepted}`)
    expect(names).not.toContain(`Accept Rex on ${shortDay(day)}`)
    expect(names).toContain(`Reject Rex on ${shortDay(day)}`)
    // Touching is not overlapping: the request after it can be accepted.
    expect(names).toContain(`Accept Pastor on ${shortDay(day)}`)

    const detail = await (await visitAs(sitter, `/bookings/${request}`)).text()
    expect(linkNamed(detail, 'Overlaps your booking at 14:00')?.href).toBe(`/bookings/${accepted}`)
    expect(linkNamed(detail, 'Decline')?.href).toBe(`/bookings/${request}?confirm=rejected`)
    expect(linkNamed(detail, 'Accept')).toBeUndefined()
    // The accept dialog's address does not open it either.
    expect(await (await visitAs(sitter, `/bookings-sitter?booking=${request}&move=accepted`)).text()).not.toContain('<dialog')

    const api = await call('GET', `/api/bookings/${request}`, await apiTokenFor(sitter))
    expect(api.body).toMatchObject({ overlap: { bookingId: accepted, date: day, startTime: '14:00' }, actions: ['rejected', 'cancelled'] })
  })

  test('names the day when the booking it overlaps starts on another one, and hides that booking from an owner answering a sitter’s offer', async () => {
    const { owner, dogId } = await ownerWithDog()
    const other = await ownerWithDog('Otto Other')
    const sitter = await walker()
    const day = localDateFromToday(6)
    const eve = plusDays(day, -1)
    await insertBooking(parties(other.owner, sitter, other.dogId), { status: 'accepted', date: eve, slots: [{ startTime: '22:00', endTime: '02:00' }] })
    const offer = await insertBooking(parties(owner, sitter, dogId), { date: day, requestedBy: 'sitter', slots: [{ startTime: '01:00', endTime: '02:00' }] })
    const request = await insertBooking(parties(owner, sitter, await insertDog(owner.id, { name: 'Comet' })), { date: day, slots: [{ startTime: '00:30', endTime: '01:30' }] })

    expect(plainText(await (await visitAs(sitter, `/bookings/${request}`)).text())).toContain(`Overlaps your booking on ${shortDay(eve)} at 22:00`)
    const ownerView = await (await visitAs(owner, `/bookings/${offer}`)).text()
    expect(plainText(ownerView)).toContain(`Sam Sitter is already booked on ${shortDay(eve)} at 22:00`)
    expect(linkNamed(ownerView, 'Decline')).toBeDefined()
    expect(linkNamed(ownerView, 'Accept')).toBeUndefined()
    const api = await call('GET', `/api/bookings/${offer}`, await apiTokenFor(owner))
    expect(api.body).toMatchObject({ overlap: { bookingId: null, date: eve, startTime: '22:00' } })
  })

  test('in an owner’s list of offers from several sitters, only the offer of the sitter who is booked then shows the overlap', async () => {
    const { owner, dogId } = await ownerWithDog()
    const other = await ownerWithDog('Otto Other')
    const busy = await walker('Sam Sitter')
    const free = await walker('Fay Free')
    const day = localDateFromToday(7)
    await insertBooking(parties(other.owner, busy, other.dogId), { status: 'accepted', date: day, slots: [{ startTime: '09:00', endTime: '10:00' }] })
    // Fay's accepted booking two days later, at the same hour, overlaps nothing of hers on the day of the offers.
    await insertBooking(parties(other.owner, free, other.dogId), { status: 'accepted', date: plusDays(day, 2), slots: [{ startTime: '09:00', endTime: '10:00' }] })
    const fromBusy = await insertBooking(parties(owner, busy, dogId), { date: day, requestedBy: 'sitter', slots: [{ startTime: '09:30', endTime: '10:30' }] })
    const fromFree = await insertBooking(parties(owner, free, dogId), { date: day, requestedBy: 'sitter', slots: [{ startTime: '09:30', endTime: '10:30' }] })

    const api = await call('GET', '/api/bookings?tab=pending', await apiTokenFor(owner))
    const byId = new Map((api.body as unknown as { id: string; overlap: unknown; actions: string[] }[]).map((booking) => [booking.id, booking]))
    expect(byId.get(fromBusy)).toMatchObject({ overlap: { bookingId: null, date: day, startTime: '09:00' }, actions: ['rejected', 'cancelled'] })
    expect(byId.get(fromFree)).toMatchObject({ overlap: null, actions: ['accepted', 'rejected', 'cancelled'] })
  })
})

// ---- /bookings/{id} ----

describe('the booking detail page', () => {
  test('shows the date as “EEEE, MMMM d, yyyy” and the Notes row when the booking has notes', async () => {
    const { owner, dogId } = await ownerWithDog()
    const sitter = await walker()
    const date = localDateFromToday(8)
    const withNotes = await insertBooking(parties(owner, sitter, dogId), { date })
    await db.updateTable('bookings').set({ notes: 'Rex pulls at the start.' }).where('id', '=', withNotes).execute()
    const withoutNotes = await insertBooking(parties(owner, sitter, dogId), { date: plusDays(date, 1) })

    const facts = definitions(await (await visitAs(owner, `/bookings/${withNotes}`)).text())
    expect(facts).toContainEqual(['Date', longDay(date)])
    expect(facts).toContainEqual(['Notes', 'Rex pulls at the start.'])
    expect(longDay(date)).toMatch(/^\w+day, \w+ \d{1,2}, \d{4}$/)

    const plain = definitions(await (await visitAs(sitter, `/bookings/${withoutNotes}`)).text())
    expect(plain).toContainEqual(['Date', longDay(plusDays(date, 1))])
    expect(plain.map(([term]) => term)).not.toContain('Notes')
  })

  test('the Price row shows the price and the hourly rate stored at request time; without a rate, “No rate set”', async () => {
    const { owner, dogId } = await ownerWithDog()
    const sitter = await walker()
    const date = localDateFromToday(5)
    const priced = await insertBooking(parties(owner, sitter, dogId), { date, slots: [{ startTime: '10:00', endTime: '12:30' }], hourlyRateCents: 3050 })
    await db.updateTable('bookings').set({ priceCents: 7625 }).where('id', '=', priced).execute()
    const unpriced = await insertBooking(parties(owner, sitter, dogId), { date: plusDays(date, 1), hourlyRateCents: null })

    for (const person of [owner, sitter]) {
      expect(definitions(await (await visitAs(person, `/bookings/${priced}`)).text())).toContainEqual(['Price', '$76.25 $30.50/hour'])
    }
    expect(definitions(await (await visitAs(owner, `/bookings/${unpriced}`)).text())).toContainEqual(['Price', 'No rate set'])
  })

  test('the owner reads the sitter’s rating as the sitter list writes it: one decimal and the review count', async () => {
    const { owner, dogId } = await ownerWithDog()
    const sitter = await walker()
    await insertReview(sitter.id, owner.id, { rating: 4 })
    const id = await insertBooking(parties(owner, sitter, dogId), { date: localDateFromToday(4) })

    expect(definitions(await (await visitAs(owner, `/bookings/${id}`)).text())).toContainEqual(['Sitter', 'Sam Sitter 4.0 (1 review)'])
  })

  test('without JavaScript every part of a long booking page stands in place: a cancel dialog past the first 12.8 KB is not sent apart', async () => {
    const { owner, dogId } = await ownerWithDog()
    const sitter = await walker()
    const id = await insertBooking(parties(owner, sitter, dogId), { date: localDateFromToday(6) })
    await db.updateTable('bookings').set({ notes: 'A long note. '.repeat(900) }).where('id', '=', id).execute()

    const html = await (await visitAs(owner, `/bookings/${id}?confirm=cancelled`)).text()
    expect(html.length).toBeGreaterThan(20_000)
    // A Suspense boundary React sends after the page, for a script to move into place, leaves this mark.
    const main = partOf(html, /<main\b[^>]*>/, 'main')
    expect(main).not.toContain('<!--$?-->')
    const dialog = partOf(main, /<dialog[^>]*>/, 'dialog')
    expect(plainText(dialog)).toContain('Are you sure you want to cancel this booking?')
  })

  test('an unknown booking, or someone else’s, is “Booking not found” with Back to Bookings to /bookings', async () => {
    const { owner, dogId } = await ownerWithDog()
    const sitter = await walker()
    const stranger = await walker('Stella Stranger')
    const id = await insertBooking(parties(owner, sitter, dogId), { date: localDateFromToday(3) })

    for (const [person, path] of [
      [owner, `/bookings/${crypto.randomUUID()}`],
      [stranger, `/bookings/${id}`],
    ] as const) {
      const answer = await visitAs(person, path)
      expect(answer.status).toBe(404)
      const html = await answer.text()
      expect(plainText(html)).toContain('Booking not found')
      expect(linkNamed(html, 'Back to Bookings')?.href).toBe('/bookings')
    }
  })
})

// ---- request forms ----

describe('a request form’s calendar', () => {
  test('a day the sitter is fully booked is disabled; the same weekday a week later is open', async () => {
    const { owner, dogId } = await ownerWithDog()
    const full = localDateFromToday(10)
    const weekLater = plusDays(full, 7)
    const weekday = new Date(`${full}T00:00:00Z`).getUTCDay() || 7
    // Working 09:00-12:00 that weekday only, and those three hours taken by an accepted booking.
    const sitter = await walker('Sam Sitter', { availability: [{ weekday, startTime: '09:00', endTime: '12:00' }] })
    await insertBooking(parties(owner, sitter, dogId), { status: 'accepted', date: full, slots: [{ startTime: '09:00', endTime: '12:00' }] })

    const dayInput = async (date: string) => {
      const html = await (await visitAs(owner, `/sitters/${sitter.id}/book?month=${date.slice(0, 7)}`)).text()
      return new RegExp(`<input[^>]*value="${date}"[^>]*>`).exec(html)?.[0] ?? ''
    }
    const fullInput = await dayInput(full)
    expect(fullInput).toMatch(/\sdisabled=""/)
    expect(attribute(fullInput, 'aria-label')).toBe(`${dayTitle(full)}, fully booked`)

    const openInput = await dayInput(weekLater)
    expect(openInput).not.toMatch(/\sdisabled=""/)
    expect(attribute(openInput, 'aria-label')).toBe(dayTitle(weekLater))
  })
})

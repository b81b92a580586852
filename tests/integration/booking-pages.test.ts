import { describe, expect, test, vi } from 'vitest'
import { fakeUserFor } from '#tests/fakes/google.ts'
import { appRequest } from './app.ts'
import { startAppWithFakeGoogle } from './fake-google-app.ts'
import { apiTokenFor, insertBooking, insertDog, insertSitter, insertUser, linkGoogleAccount, localDateFromToday } from './fixtures.ts'
import { mainHeadings, plainText, postAs, signedIn, textOf, toastOf, visitAs } from './page-visits.ts'

// The booking screens' actions through the production request handler, as a browser without JavaScript
// sends them (form posts with the session cookie): /bookings/{id}, /bookings-sitter, /sitters/{id}/book,
// /booking/new?sitter= and /bookings/new?dogId. Every refusal leaves the database as it was.
const { google, db } = await startAppWithFakeGoogle()

// ---- data ----

/** An owner with Rex, a sitter who walks for $24 an hour and sits for $30, and a stranger. */
async function people() {
  const ownerUser = await insertUser({ name: 'Olivia Owner' })
  const sitterUser = await insertSitter({
    name: 'Sam Sitter',
    services: [
      { service: 'walking', hourlyRateCents: 2400 },
      { service: 'sitting', hourlyRateCents: 3000 },
    ],
  })
  const strangerUser = await insertSitter({ name: 'Stella Stranger', services: [{ service: 'walking', hourlyRateCents: 2000 }] })
  const dogId = await insertDog(ownerUser.id, { name: 'Rex', breed: 'Beagle' })
  return {
    owner: await signedIn(ownerUser),
    sitter: await signedIn(sitterUser),
    stranger: await signedIn(strangerUser),
    dogId,
    parties: { dogId, ownerId: ownerUser.id, sitterId: sitterUser.id },
  }
}

const bookingRow = (id: string) => db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const statusOf = async (id: string) => (await bookingRow(id)).status
const slotsOf = (id: string) =>
  db.selectFrom('bookingTimeSlots').select(['startTime', 'endTime']).where('bookingId', '=', id).orderBy('position').execute()
const bookingsOfDog = (dogId: string) => db.selectFrom('bookings').selectAll().where('dogId', '=', dogId).execute()

// ---- /bookings/{id} ----

describe('the booking page', () => {
  test('shows the booking to its two parties, and "Booking not found" (404) to anyone else', async () => {
    const { owner, sitter, stranger, parties } = await people()
    const id = await insertBooking(parties, { date: localDateFromToday(5), slots: [{ startTime: '09:00', endTime: '10:00' }] })

    const asOwner = await visitAs(owner, `/bookings/${id}`)
    expect(asOwner.status).toBe(200)
    const ownerText = await textOf(asOwner)
    expect(ownerText).toContain('Booking with Sam Sitter')
    expect(ownerText).toContain('Rex (Beagle)')
    expect(ownerText).toContain('09:00 - 10:00')
    expect(ownerText).toContain(id.slice(0, 8))

    const asSitter = await textOf(await visitAs(sitter, `/bookings/${id}`))
    expect(asSitter).toContain('Walking Rex')
    // The sitter sees the dog's whole profile before accepting.
    expect(asSitter).toContain('About Rex')
    expect(asSitter).toContain('Rex loves long walks.')

    const asStranger = await visitAs(stranger, `/bookings/${id}`)
    expect(asStranger.status).toBe(404)
    const strangerHtml = await asStranger.clone().text()
    const strangerText = await textOf(asStranger)
    expect(mainHeadings(strangerHtml)).toEqual(['Booking not found'])
    expect(strangerText).not.toContain('Rex')
    expect((await visitAs(owner, `/bookings/${crypto.randomUUID()}`)).status).toBe(404)
  })

  test("the sitter's heading names a service other than walking (decision 109): 'Boarding for Rex', not 'Walking Rex'", async () => {
    const { sitter, parties } = await people()
    const boarding = await insertBooking(parties, { date: localDateFromToday(5), service: 'boarding', slots: [{ startTime: '20:00', endTime: '08:00' }] })
    const sitting = await insertBooking(parties, { date: localDateFromToday(6), service: 'sitting', slots: [{ startTime: '12:00', endTime: '16:00' }] })
    const headingOf = async (id: string) => plainText(/<h2 id="booking-heading"[^>]*>([\s\S]*?)<\/h2>/.exec(await (await visitAs(sitter, `/bookings/${id}`)).text())?.[1] ?? '')

    expect(await headingOf(boarding)).toBe('Boarding for Rex')
    expect(await headingOf(sitting)).toBe('Dog Sitting for Rex')
  })

  test("a stay past midnight is on both parties' Upcoming tab the next morning, not on Past or Completed (decision 108)", async () => {
    const { owner, sitter, parties } = await people()
    const morning = localDateFromToday(4)
    const stay = await insertBooking(parties, { status: 'accepted', service: 'sitting', date: localDateFromToday(3), timeZone: 'UTC', slots: [{ startTime: '20:00', endTime: '08:00' }] })
    const lists = async (who: typeof owner, path: string) => (await (await visitAs(who, path)).text()).includes(`/bookings/${stay}"`)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.parse(`${morning}T07:30:00Z`))
      expect([await lists(owner, '/bookings'), await lists(owner, '/bookings?tab=past')]).toEqual([true, false])
      expect([await lists(sitter, '/bookings-sitter?tab=upcoming'), await lists(sitter, '/bookings-sitter?tab=completed')]).toEqual([true, false])
      // Its card says it is happening now, on both lists; at its end it no longer does.
      const cardOf = async (who: typeof owner, path: string) =>
        plainText([...(await (await visitAs(who, path)).text()).matchAll(/<article\b[\s\S]*?<\/article>/g)].find(([card]) => card.includes(`/bookings/${stay}"`))?.[0] ?? '')
      expect(await cardOf(owner, '/bookings')).toContain('Happening now')
      expect(await cardOf(sitter, '/bookings-sitter?tab=upcoming')).toContain('Happening now')
      vi.setSystemTime(Date.parse(`${morning}T08:00:00Z`))
      const over = await cardOf(sitter, '/bookings-sitter?tab=all')
      expect(over).toContain('Rex')
      expect(over).not.toContain('Happening now')
    } finally {
      vi.useRealTimers()
    }
  })

  test("a day's list and its mark in the calendar hold a stay of the evening before that runs into the day, not that day's walk (decision 110)", async () => {
    const { owner, sitter, parties } = await people()
    const [evening, morning] = [localDateFromToday(3), localDateFromToday(4)]
    const stay = await insertBooking(parties, { status: 'accepted', service: 'sitting', date: evening, timeZone: 'UTC', slots: [{ startTime: '20:00', endTime: '08:00' }] })
    const eveningWalk = await insertBooking(parties, { status: 'accepted', date: evening, timeZone: 'UTC', slots: [{ startTime: '15:00', endTime: '16:00' }] })
    const morningWalk = await insertBooking(parties, { status: 'pending', date: morning, timeZone: 'UTC', slots: [{ startTime: '09:00', endTime: '10:00' }] })
    const listed = (html: string) => [stay, eveningWalk, morningWalk].filter((id) => html.includes(`/bookings/${id}"`))

    const sittersDay = await (await visitAs(sitter, `/bookings-sitter?date=${morning}&tab=all`)).text()
    expect(listed(sittersDay)).toEqual([stay, morningWalk])
    const dayLink = sittersDay.match(new RegExp(`<a href="/bookings-sitter\\?date=${morning}&amp;tab=all" aria-label="([^"]*)"`))?.[1]
    expect(dayLink).toMatch(/, 2 bookings$/)
    expect(listed(await (await visitAs(owner, `/bookings?date=${morning}`)).text())).toEqual([stay, morningWalk])
    expect(listed(await (await visitAs(sitter, `/bookings-sitter?date=${evening}&tab=all`)).text())).toEqual([stay, eveningWalk])
    const api = await appRequest(`/api/bookings/sitter?date=${morning}`, { headers: { authorization: `Bearer ${await apiTokenFor({ id: parties.sitterId })}` } })
    expect(((await api.json()) as { id: string }[]).map((booking) => booking.id)).toEqual([stay, morningWalk])
  })

  test("the page's data holds what it shows: the owner's no dog profiles, the sitter's each profile once and the place without its coordinates", async () => {
    const { owner, sitter, parties } = await people()
    const id = await insertBooking(parties, { date: localDateFromToday(5), status: 'accepted', location: 'Feldeggstrasse 42, 8008 Zürich' })
    await db.updateTable('bookings').set({ latitude: 47.358351, longitude: 8.551923 }).where('id', '=', id).execute()
    await db.updateTable('users').set({ latitude: 47.361234, longitude: 8.549876 }).where('id', '=', parties.ownerId).execute()

    // The whole HTML, React Router's page data included: the profile's text is nowhere in the owner's.
    const ownerHtml = await (await visitAs(owner, `/bookings/${id}`)).text()
    expect(plainText(ownerHtml)).toContain('Rex (Beagle)')
    expect(ownerHtml).not.toContain('Rex loves long walks.')
    // The sitter of an accepted booking reads its address, and nowhere the coordinates of it or of the owner's home.
    const sitterHtml = await (await visitAs(sitter, `/bookings/${id}`)).text()
    expect(plainText(sitterHtml)).toContain('Rex loves long walks.')
    expect(plainText(sitterHtml)).toContain('Feldeggstrasse 42, 8008 Zürich')
    for (const coordinate of ['47.358351', '8.551923', '47.361234', '8.549876']) expect(sitterHtml).not.toContain(coordinate)

    // Imported here: the app's modules read the fake Google's addresses when first loaded, after startAppWithFakeGoogle.
    const { getBookingFor, toBookingPageJson } = await import('#app/features/bookings/booking-reads.server.ts')
    const asOwner = toBookingPageJson((await getBookingFor(owner.id, id))!)
    expect(asOwner.booking.dogs).toEqual([{ id: parties.dogId, name: 'Rex', breed: 'Beagle' }])
    expect(asOwner.booking).not.toHaveProperty('dog')
    expect(asOwner.dogProfiles).toEqual([])
    const asSitter = toBookingPageJson((await getBookingFor(sitter.id, id))!)
    expect(asSitter.booking).not.toHaveProperty('dog')
    expect(asSitter.dogProfiles).toHaveLength(1)
    expect(asSitter.dogProfiles[0]).toMatchObject({ id: parties.dogId, name: 'Rex', bio: 'Rex loves long walks.' })
  })

  test("Contact opens the conversation with the other party: the sitter's for the owner, the owner's for the sitter", async () => {
    const { owner, sitter, parties } = await people()
    const id = await insertBooking(parties, { status: 'accepted', date: localDateFromToday(5) })
    const contactLink = (userId: string) => new RegExp(`<a[^>]*href="/messages\\?userId=${userId}"[^>]*>Contact</a>`)

    expect(await (await visitAs(owner, `/bookings/${id}`)).text()).toMatch(contactLink(parties.sitterId))
    expect(await (await visitAs(sitter, `/bookings/${id}`)).text()).toMatch(contactLink(parties.ownerId))
  })

  test('the sitter accepts with "Add to Google Calendar" ticked: accepted, and an event in their calendar', async () => {
    const { sitter, parties } = await people()
    const googleUser = fakeUserFor(`${sitter.id}@example.com`)
    await linkGoogleAccount(sitter.id, { sub: googleUser.sub, accessToken: google.grantAccessToken(googleUser) })
    const id = await insertBooking(parties, { date: localDateFromToday(4) })

    const answer = await postAs(sitter, `/bookings/${id}?confirm=accepted`, { intent: 'status', status: 'accepted', addToCalendar: 'on' })

    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(`/bookings/${id}`)
    expect(await statusOf(id)).toBe('accepted')
    expect(await toastOf(answer)).toMatchObject({ title: 'Booking accepted and added to Google Calendar!' })
    expect(google.events.filter((event) => event.owner === googleUser.sub)).toHaveLength(1)
  })

  test('unticked, the acceptance adds nothing to the calendar', async () => {
    const { sitter, parties } = await people()
    const googleUser = fakeUserFor(`${sitter.id}@example.com`)
    await linkGoogleAccount(sitter.id, { sub: googleUser.sub, accessToken: google.grantAccessToken(googleUser) })
    const id = await insertBooking(parties, { date: localDateFromToday(4) })

    const answer = await postAs(sitter, `/bookings/${id}`, { intent: 'status', status: 'accepted' })

    expect(answer.status).toBe(302)
    expect(await statusOf(id)).toBe('accepted')
    expect(await toastOf(answer)).toMatchObject({ title: 'Booking accepted' })
    expect(google.events.filter((event) => event.owner === googleUser.sub)).toHaveLength(0)
  })

  test('"Add to Google Calendar" on an accepted booking adds its event once; on a pending one it is refused (409)', async () => {
    const { sitter, parties } = await people()
    const googleUser = fakeUserFor(`${sitter.id}@example.com`)
    await linkGoogleAccount(sitter.id, { sub: googleUser.sub, accessToken: google.grantAccessToken(googleUser) })
    const accepted = await insertBooking(parties, { status: 'accepted', date: localDateFromToday(4) })
    const pending = await insertBooking(parties, { date: localDateFromToday(5) })

    const added = await postAs(sitter, `/bookings/${accepted}`, { intent: 'calendar' })
    const again = await postAs(sitter, `/bookings/${accepted}`, { intent: 'calendar' })

    expect(added.status).toBe(302)
    expect(await toastOf(added)).toMatchObject({ title: 'Added to Google Calendar' })
    expect(await toastOf(again)).toMatchObject({ title: 'Added to Google Calendar' })
    expect(google.events.filter((event) => event.owner === googleUser.sub)).toHaveLength(1)

    const refused = await postAs(sitter, `/bookings/${pending}`, { intent: 'calendar' })
    expect(refused.status).toBe(409)
    const text = await textOf(refused)
    expect(text).toContain('Not added to Google Calendar')
    expect(text).toContain('Only an accepted booking can be added to a calendar.')
    expect(google.events.filter((event) => event.owner === googleUser.sub)).toHaveLength(1)
  })

  test('a refused move answers 409 with the reason on the page and changes nothing', async () => {
    const { owner, parties } = await people()
    const id = await insertBooking(parties, { date: localDateFromToday(4) })

    const answer = await postAs(owner, `/bookings/${id}?confirm=accepted`, { intent: 'status', status: 'accepted', addToCalendar: 'on' })

    expect(answer.status).toBe(409)
    const text = await textOf(answer)
    expect(text).toContain('Only the sitter can accept this request.')
    expect(text).toContain('Failed to accept booking')
    expect(await statusOf(id)).toBe('pending')
  })

  test("someone else's booking is not found (404) and stays as it was", async () => {
    const { stranger, parties } = await people()
    const id = await insertBooking(parties, { date: localDateFromToday(4) })

    const answer = await postAs(stranger, `/bookings/${id}`, { intent: 'status', status: 'cancelled' })

    expect(answer.status).toBe(404)
    expect(await statusOf(id)).toBe('pending')
  })

  test('the owner cancels; the sitter completes a booking that has started', async () => {
    const { owner, sitter, parties } = await people()
    const ahead = await insertBooking(parties, { date: localDateFromToday(3) })
    const started = await insertBooking(parties, { status: 'accepted', date: localDateFromToday(-1) })

    const cancelled = await postAs(owner, `/bookings/${ahead}`, { intent: 'status', status: 'cancelled' })
    expect(cancelled.status).toBe(302)
    expect(await toastOf(cancelled)).toMatchObject({ title: 'Status updated', description: 'Booking has been cancelled' })
    expect(await statusOf(ahead)).toBe('cancelled')

    const completed = await postAs(sitter, `/bookings/${started}`, { intent: 'status', status: 'completed' })
    expect(completed.status).toBe(302)
    expect(await statusOf(started)).toBe('completed')
  })

  test('the owner reviews a completed booking once, hidden from the sitter until the sitter reviews back; then the sitter replies once', async () => {
    const { owner, sitter, parties } = await people()
    const id = await insertBooking(parties, { status: 'completed', date: localDateFromToday(-3) })
    const reviewsOf = () => db.selectFrom('reviews').select(['rating', 'comment', 'reply']).where('bookingId', '=', id).execute()

    const outOfRange = await postAs(owner, `/bookings/${id}`, { intent: 'review', rating: '6', comment: 'Great' })
    expect(outOfRange.status).toBe(400)
    expect(await textOf(outOfRange)).toContain('Rating must be a whole number of stars from 1 to 5')
    const tooLong = await postAs(owner, `/bookings/${id}`, { intent: 'review', rating: '4', comment: 'a'.repeat(2001) })
    expect(tooLong.status).toBe(400)
    expect(await textOf(tooLong)).toContain('Comment must be at most 2000 characters')
    expect(await reviewsOf()).toEqual([])
    const nothingToReplyTo = await postAs(sitter, `/bookings/${id}`, { intent: 'reply', reply: 'Thank you!' })
    expect(nothingToReplyTo.status).toBe(404)
    expect(await textOf(nothingToReplyTo)).toContain('Review not found')

    const reviewed = await postAs(owner, `/bookings/${id}`, { intent: 'review', rating: '4', comment: 'Rex came home happy.' })
    expect(reviewed.status).toBe(302)
    expect(await reviewsOf()).toEqual([{ rating: 4, comment: 'Rex came home happy.', reply: null }])

    const again = await postAs(owner, `/bookings/${id}`, { intent: 'review', rating: '1', comment: 'Changed my mind' })
    expect(again.status).toBe(409)
    expect(await textOf(again)).toContain('You have already reviewed this booking')
    expect(await textOf(await visitAs(owner, `/bookings/${id}`))).toContain('Hidden from Sam until they review you or reviews close.')

    // Double-blind: the sitter learns that a review is in, not what it says, and cannot reply to it yet.
    const sitterPage = await textOf(await visitAs(sitter, `/bookings/${id}`))
    expect(sitterPage).toContain("Olivia has reviewed you. You'll read it once you've sent yours")
    expect(sitterPage).not.toContain('Rex came home happy.')
    expect((await postAs(sitter, `/bookings/${id}`, { intent: 'reply', reply: 'Too early' })).status).toBe(404)
    const sitterReviewed = await postAs(sitter, `/bookings/${id}`, { intent: 'review', rating: '5', comment: 'Olivia was on time; Rex as described.' })
    expect(sitterReviewed.status).toBe(302)
    expect(await toastOf(sitterReviewed)).toMatchObject({ title: 'Reviews published' })
    const bothShown = await textOf(await visitAs(sitter, `/bookings/${id}`))
    expect(bothShown).toContain('Rex came home happy.')
    expect(bothShown).toContain('Olivia was on time; Rex as described.')
    expect(await textOf(await visitAs(owner, `/bookings/${id}`))).toContain('Olivia was on time; Rex as described.')

    const replied = await postAs(sitter, `/bookings/${id}`, { intent: 'reply', reply: 'Thank you, Olivia!' })
    expect(replied.status).toBe(302)
    const secondReply = await postAs(sitter, `/bookings/${id}`, { intent: 'reply', reply: 'And again' })
    expect(secondReply.status).toBe(409)
    expect(await reviewsOf()).toEqual([{ rating: 4, comment: 'Rex came home happy.', reply: 'Thank you, Olivia!' }])
    expect(await textOf(await visitAs(owner, `/bookings/${id}`))).toContain('Thank you, Olivia!')
  })

  test('a booking that is not completed cannot be reviewed', async () => {
    const { owner, parties } = await people()
    const id = await insertBooking(parties, { status: 'accepted', date: localDateFromToday(2) })
    const answer = await postAs(owner, `/bookings/${id}`, { intent: 'review', rating: '5' })
    expect(answer.status).toBe(403)
    expect(await textOf(answer)).toContain('You can only review a completed booking of yours')
    expect(await db.selectFrom('reviews').select('id').where('bookingId', '=', id).execute()).toEqual([])
  })
})

// ---- /bookings and /bookings-sitter ----

describe('the bookings lists', () => {
  test("an owner's tabs follow spec section 4: an accepted booking in the past is under Past, not Upcoming", async () => {
    const { owner, parties } = await people()
    const pastDog = await insertDog(parties.ownerId, { name: 'Pastor' })
    const comingDog = await insertDog(parties.ownerId, { name: 'Comet' })
    await insertBooking({ ...parties, dogId: pastDog }, { status: 'accepted', date: localDateFromToday(-2) })
    await insertBooking({ ...parties, dogId: comingDog }, { status: 'accepted', date: localDateFromToday(2) })

    const upcoming = await textOf(await visitAs(owner, '/bookings'))
    expect(upcoming).toContain('Comet')
    expect(upcoming).not.toContain('Pastor')
    const past = await textOf(await visitAs(owner, '/bookings?tab=past'))
    expect(past).toContain('Pastor')
    expect(past).not.toContain('Comet')
  })

  test("each pending or accepted booking's card has Contact to the other party's conversation; a completed one has none", async () => {
    const { owner, sitter, parties } = await people()
    await insertBooking(parties, { status: 'accepted', date: localDateFromToday(3) })
    const pastDog = await insertDog(parties.ownerId, { name: 'Pastor' })
    await insertBooking({ ...parties, dogId: pastDog }, { status: 'completed', date: localDateFromToday(-3) })
    const contactSitter = `href="/messages?userId=${parties.sitterId}"`

    expect(await (await visitAs(owner, '/bookings')).text()).toContain(contactSitter)
    expect(await (await visitAs(sitter, '/bookings-sitter?tab=upcoming')).text()).toContain(`href="/messages?userId=${parties.ownerId}"`)
    const past = await (await visitAs(owner, '/bookings?tab=past')).text()
    expect(past).toContain('Pastor')
    expect(past).not.toContain(contactSitter)
  })

  test('a completed booking without a review is offered for review; ?id= opens a booking', async () => {
    const { owner, parties } = await people()
    const id = await insertBooking(parties, { status: 'completed', date: localDateFromToday(-4) })
    const html = await (await visitAs(owner, '/bookings')).text()
    const text = plainText(html)
    expect(text).toContain('How did it go?')
    // The sitter's name, then a comma and a space before the date.
    const shortDate = new Date(`${localDateFromToday(-4)}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
    expect(html).toContain(`<bdi>Sam Sitter</bdi>, ${shortDate}`)
    expect(text).toContain('Write a review')
    const opened = await visitAs(owner, `/bookings?id=${id}`)
    expect(opened.status).toBe(302)
    expect(opened.headers.get('location')).toBe(`/bookings/${id}`)
  })

  test('the sitter accepts from the list and returns to it; an owner is sent to /unauthorized', async () => {
    const { owner, sitter, parties } = await people()
    const id = await insertBooking(parties, { date: localDateFromToday(6) })
    expect(await textOf(await visitAs(sitter, '/bookings-sitter'))).toContain('Rex')

    const answer = await postAs(sitter, `/bookings-sitter?booking=${id}&move=accepted`, { intent: 'status', bookingId: id, status: 'accepted' })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('/bookings-sitter')
    expect(await statusOf(id)).toBe('accepted')

    const ownersVisit = await visitAs(owner, '/bookings-sitter')
    expect(ownersVisit.status).toBe(302)
    expect(ownersVisit.headers.get('location')).toBe('/unauthorized')
  })

  test("from the list too, a refused move shows the reason (409) and someone else's booking is not found (404)", async () => {
    const { sitter, stranger, parties } = await people()
    const id = await insertBooking(parties, { status: 'accepted', date: localDateFromToday(6) })

    const refused = await postAs(sitter, '/bookings-sitter', { intent: 'status', bookingId: id, status: 'rejected' })
    expect(refused.status).toBe(409)
    expect(await textOf(refused)).toContain('An accepted booking cannot be declined.')

    const notTheirs = await postAs(stranger, '/bookings-sitter', { intent: 'status', bookingId: id, status: 'cancelled' })
    expect(notTheirs.status).toBe(404)
    expect(await textOf(notTheirs)).toContain('Booking not found')
    expect(await statusOf(id)).toBe('accepted')
  })

  test('the sitter blocks a day and opens it again; a past day cannot be blocked', async () => {
    const { sitter } = await people()
    const blockedDays = async () =>
      (await db.selectFrom('sitterBlockedDates').select('date').where('sitterId', '=', sitter.id).execute()).map((row) => row.date)
    const day = localDateFromToday(9)

    expect((await postAs(sitter, `/bookings-sitter?date=${day}`, { intent: 'block', date: day, blocked: 'true' })).status).toBe(302)
    expect(await blockedDays()).toEqual([day])
    expect((await postAs(sitter, `/bookings-sitter?date=${day}`, { intent: 'block', date: day, blocked: 'false' })).status).toBe(302)
    expect(await blockedDays()).toEqual([])

    const past = await postAs(sitter, '/bookings-sitter', { intent: 'block', date: localDateFromToday(-1), blocked: 'true' })
    expect(past.status).toBe(400)
    expect(await textOf(past)).toContain('You can only block days from today on')
    expect(await blockedDays()).toEqual([])
  })
})

describe("a sitter's blocked days on /profile/edit", () => {
  const blockedDaysOf = async (sitterId: string) =>
    (await db.selectFrom('sitterBlockedDates').select('date').where('sitterId', '=', sitterId).orderBy('date').execute()).map((row) => row.date)
  /** 'Mar 2, 2026' and 'March 2, 2026', as the page names a day. */
  const utcDay = (date: string, month: 'short' | 'long') =>
    new Intl.DateTimeFormat('en-US', { month, day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))

  test('the sitter blocks a chosen day in the calendar below the profile form and opens it again', async () => {
    const { sitter } = await people()
    const day = localDateFromToday(12)

    const chosen = await visitAs(sitter, `/profile/edit?date=${day}`)
    expect(chosen.status).toBe(200)
    const chosenText = await textOf(chosen)
    expect(chosenText).toContain('Blocked Days')
    expect(chosenText).toContain('No blocked days ahead.')

    const blocked = await postAs(sitter, `/profile/edit?date=${day}`, { intent: 'block', date: day, blocked: 'true' })
    expect(blocked.status).toBe(302)
    // Back to the same calendar, scrolled to it.
    expect(blocked.headers.get('location')).toBe(`/profile/edit?date=${day}#blocked-days`)
    expect(await toastOf(blocked)).toMatchObject({ title: 'Day blocked' })
    expect(await blockedDaysOf(sitter.id)).toEqual([day])

    const html = await (await visitAs(sitter, `/profile/edit?date=${day}`)).text()
    expect(html).toContain(`aria-label="${utcDay(day, 'long')}, blocked"`)
    expect(html).toContain(`aria-label="Unblock ${utcDay(day, 'long')}"`)
    expect(html).toContain(`Open ${utcDay(day, 'short')} again`)

    const opened = await postAs(sitter, `/profile/edit?date=${day}`, { intent: 'block', date: day, blocked: 'false' })
    expect(opened.status).toBe(302)
    expect(await toastOf(opened)).toMatchObject({ title: 'Day open again' })
    expect(await blockedDaysOf(sitter.id)).toEqual([])
  })

  test("nobody else changes the sitter's days: another sitter's post changes only their own, an owner's is refused (403)", async () => {
    const { owner, sitter, stranger } = await people()
    const day = localDateFromToday(12)
    await db.insertInto('sitterBlockedDates').values({ sitterId: sitter.id, date: day }).execute()

    const strangers = await postAs(stranger, '/profile/edit', { intent: 'block', date: day, blocked: 'false', sitterId: sitter.id })
    expect(strangers.status).toBe(302)
    const owners = await postAs(owner, '/profile/edit', { intent: 'block', date: day, blocked: 'false', sitterId: sitter.id })
    expect(owners.status).toBe(403)
    expect(await textOf(owners)).toContain('Only sitters have a schedule')
    const signedOut = await appRequest('/profile/edit', { method: 'POST', body: new URLSearchParams({ intent: 'block', date: day, blocked: 'false' }) })
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('location')).toMatch(/^\/login/)

    expect(await blockedDaysOf(sitter.id)).toEqual([day])
    expect(await blockedDaysOf(stranger.id)).toEqual([])
    // An owner's edit page has no calendar.
    expect(await textOf(await visitAs(owner, '/profile/edit'))).not.toContain('Blocked Days')
  })

  test('a malformed, impossible or past day, or no choice of block or open, is refused (400) and changes nothing; two identical posts at once block the day once', async () => {
    const { sitter } = await people()
    const refused: Record<string, string>[] = [
      { intent: 'block', date: 'tomorrow', blocked: 'true' },
      { intent: 'block', date: '2026-02-30', blocked: 'true' },
      { intent: 'block', date: `${localDateFromToday(12)}' OR 1=1`, blocked: 'true' },
      { intent: 'block', date: localDateFromToday(-1), blocked: 'true' },
      { intent: 'block', date: localDateFromToday(12), blocked: 'yes' },
      { intent: 'block', date: localDateFromToday(12) },
      { intent: 'block', date: 'x'.repeat(10_000), blocked: 'true' },
    ]
    for (const fields of refused) {
      const answer = await postAs(sitter, '/profile/edit', fields)
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(400)
      expect(await toastOf(answer)).toBeNull() // the page answers with its own toast, not a flash
    }
    expect(await blockedDaysOf(sitter.id)).toEqual([])

    const day = localDateFromToday(20)
    const twice = await Promise.all([1, 2].map(() => postAs(sitter, '/profile/edit', { intent: 'block', date: day, blocked: 'true' })))
    expect(twice.map((answer) => answer.status)).toEqual([302, 302])
    expect(await blockedDaysOf(sitter.id)).toEqual([day])
  })
})

// ---- requests ----

describe("an owner's request to a sitter", () => {
  test("its screens read the owner's dogs as their choices show them (name, breed, first photo), none of the rest of their profiles", async () => {
    // Imported here: the app's modules read the fake Google's addresses when first loaded, after startAppWithFakeGoogle.
    const { statementsOf } = await import('./statements-of.ts')
    const { owner, parties } = await people()
    await insertDog(parties.ownerId, { name: 'Luna', breed: 'Pug', images: ['/uploads/dogs/luna/first', '/uploads/dogs/luna/second'], traits: ['Calm'] })
    const screens = [
      `/sitters/${parties.sitterId}/book`,
      `/bookings/series/new?sitter=${parties.sitterId}`,
      `/sitters/${parties.sitterId}/book/quick/3?${new URLSearchParams({ date: localDateFromToday(7), startTime: '09:00', duration: '60' })}`,
    ]
    for (const path of screens) {
      const { result: response, statements } = await statementsOf(() => visitAs(owner, path))
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(plainText(html)).toContain('Luna')
      expect(html).toContain('/uploads/dogs/luna/first')
      expect(html).not.toContain('/uploads/dogs/luna/second')
      expect(statements.map((statement) => statement.sql).filter((sql) => /"dog(Traits|Activities|Availability)"/.test(sql))).toEqual([])
    }
  })

  test("lists the sitter's services with their hourly rates, worded as on the sitter's profile", async () => {
    const { owner, sitter } = await people()
    const text = await textOf(await visitAs(owner, `/sitters/${sitter.id}/book`))
    expect(text).toContain('Dog Walking $24/hour')
    expect(text).toContain('Dog Sitting $30/hour')
  })

  test('books the period asked for, at the rate of the service times its hours', async () => {
    const { owner, sitter, dogId } = await people()
    const date = localDateFromToday(7)

    const answer = await postAs(owner, `/sitters/${sitter.id}/book`, { dogId, date, timePeriod: 'afternoon', service: 'sitting', notes: 'Key under the mat' })

    expect(answer.status).toBe(302)
    const [booking] = await bookingsOfDog(dogId)
    expect(answer.headers.get('location')).toBe(`/bookings/${booking?.id}`)
    expect(booking).toMatchObject({ sitterId: sitter.id, ownerId: owner.id, requestedById: owner.id, date, status: 'pending', service: 'sitting', notes: 'Key under the mat' })
    // Afternoon is 12:00-16:00: four hours at $30.
    expect(booking?.priceCents).toBe(4 * 3000)
    expect(await slotsOf(booking?.id ?? '')).toEqual([{ startTime: '12:00', endTime: '16:00' }])
  })

  test('/booking/new?sitter= is the same screen; custom times book exactly those times', async () => {
    const { owner, sitter, dogId } = await people()
    const form = await visitAs(owner, `/booking/new?sitter=${sitter.id}`)
    expect(form.status).toBe(200)
    expect(await textOf(form)).toContain('Book with Sam')

    const answer = await postAs(owner, `/booking/new?sitter=${sitter.id}`, {
      dogId,
      date: localDateFromToday(8),
      service: 'sitting',
      timePeriod: 'custom',
      startTime: '09:30',
      endTime: '11:00',
    })
    expect(answer.status).toBe(302)
    const [booking] = await bookingsOfDog(dogId)
    expect(await slotsOf(booking?.id ?? '')).toEqual([{ startTime: '09:30', endTime: '11:00' }])
    expect(booking?.priceCents).toBe(1.5 * 3000)
  })

  test('what is missing is named and nothing is booked', async () => {
    const { owner, sitter, dogId } = await people()
    const answer = await postAs(owner, `/sitters/${sitter.id}/book`, { notes: 'Please' })
    expect(answer.status).toBe(400)
    const text = await textOf(answer)
    expect(text).toContain('Missing information: Please fill in all required fields')
    expect(text).toContain('Please choose a date')
    expect(text).toContain('Please choose a time period')
    expect(text).toContain('Please choose a dog')
    // What was typed is kept.
    expect(text).toContain('Please')

    const customWithoutEnd = await postAs(owner, `/sitters/${sitter.id}/book`, { dogId, date: localDateFromToday(5), service: 'sitting', timePeriod: 'custom', startTime: '10:00' })
    expect(customWithoutEnd.status).toBe(400)
    expect(await textOf(customWithoutEnd)).toContain('Please choose a start and an end time')
    const walkWithoutDuration = await postAs(owner, `/sitters/${sitter.id}/book`, { dogId, date: localDateFromToday(5), service: 'walking', startTime: '10:00' })
    expect(walkWithoutDuration.status).toBe(400)
    expect(await textOf(walkWithoutDuration)).toContain('Please choose how long the walk is')
    expect(await bookingsOfDog(dogId)).toEqual([])
  })

  test('several periods at once: for a walk each is 60 minutes as the window starts, priced by the hour; none chosen is named and books nothing', async () => {
    const { owner, sitter, dogId } = await people()
    const form = await visitAs(owner, `/sitters/${sitter.id}/book?periods=several`)
    const html = await form.text()
    const boxes = [...html.matchAll(/<input[^>]*>/g)].map(([tag]) => tag).filter((tag) => tag.includes('name="timePeriods"'))
    expect(boxes.every((tag) => tag.includes('type="checkbox"'))).toBe(true)
    expect(boxes.map((tag) => /value="([^"]*)"/.exec(tag)?.[1])).toEqual(['morning', 'afternoon', 'evening'])

    const none = await postAs(owner, `/sitters/${sitter.id}/book`, { periodMode: 'several', dogId, date: localDateFromToday(6) })
    expect(none.status).toBe(400)
    expect(await textOf(none)).toContain('Please choose at least one period')
    expect(await bookingsOfDog(dogId)).toEqual([])

    const body = new URLSearchParams({ periodMode: 'several', service: 'walking', dogId, date: localDateFromToday(6) })
    body.append('timePeriods', 'evening')
    body.append('timePeriods', 'morning')
    body.append('timePeriods', 'overnight')
    const answer = await appRequest(`/sitters/${sitter.id}/book`, { method: 'POST', body, headers: { cookie: owner.cookie } })
    expect(answer.status).toBe(302)
    const [booking] = await bookingsOfDog(dogId)
    // Overnight is not one of the dialog's periods: it sends nothing.
    expect(await slotsOf(booking?.id ?? '')).toEqual([
      { startTime: '08:00', endTime: '09:00' },
      { startTime: '16:00', endTime: '17:00' },
    ])
    expect(booking?.priceCents).toBe(2 * 2400)
  })

  test('a day the sitter blocked is refused with the reason, and a past day too', async () => {
    const { owner, sitter, dogId } = await people()
    const blocked = localDateFromToday(10)
    await db.insertInto('sitterBlockedDates').values({ sitterId: sitter.id, date: blocked }).execute()

    const onBlocked = await postAs(owner, `/sitters/${sitter.id}/book`, { dogId, date: blocked, timePeriod: 'morning' })
    expect(onBlocked.status).toBe(409)
    expect(await textOf(onBlocked)).toContain('Sam is not available on')
    const inThePast = await postAs(owner, `/sitters/${sitter.id}/book`, { dogId, date: localDateFromToday(-1), timePeriod: 'morning' })
    expect(inThePast.status).toBe(400)
    expect(await textOf(inThePast)).toContain('Please choose a date from today on')
    expect(await bookingsOfDog(dogId)).toEqual([])

    // The calendar does not offer the blocked day.
    const form = await (await visitAs(owner, `/sitters/${sitter.id}/book?month=${blocked.slice(0, 7)}`)).text()
    const dayInput = form.match(new RegExp(`<input[^>]*value="${blocked}"[^>]*>`))?.[0]
    expect(dayInput).toContain('disabled')
    expect(dayInput).toContain('not available')
  })

  test('after 30 requests in an hour the page says to wait (429 with Retry-After) and books nothing', async () => {
    const { owner, sitter, dogId } = await people()
    const refused = { dogId, date: localDateFromToday(-1), timePeriod: 'morning' }
    for (let count = 0; count < 30; count++) expect((await postAs(owner, `/sitters/${sitter.id}/book`, refused)).status).toBe(400)

    const answer = await postAs(owner, `/sitters/${sitter.id}/book`, { ...refused, date: localDateFromToday(5) })

    expect(answer.status).toBe(429)
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await textOf(answer)).toContain('Too many booking requests. Please try again later.')
    expect(await bookingsOfDog(dogId)).toEqual([])
  })

  test('an unknown sitter is "Sitter not found"', async () => {
    const { owner } = await people()
    const answer = await visitAs(owner, `/sitters/${crypto.randomUUID()}/book`)
    expect(answer.status).toBe(404)
    expect(await textOf(answer)).toContain('Sitter not found')
  })
})

describe("a sitter's request for an available dog", () => {
  test('books a walk of the chosen duration at the sitter’s hourly rate, the price shown, which the owner then confirms', async () => {
    const { owner, sitter } = await people()
    const listed = await insertDog(owner.id, { name: 'Bella', listed: true })
    const date = localDateFromToday(6)

    const form = await visitAs(sitter, `/bookings/new?dogId=${listed}`)
    expect(form.status).toBe(200)
    expect(await textOf(form)).toContain('Book a Walk')
    const onTheDay = await textOf(await visitAs(sitter, `/bookings/new?dogId=${listed}&date=${date}`))
    expect(onTheDay).toContain('30 minutes $12.00')
    expect(onTheDay).toContain('60 minutes $24.00')

    const answer = await postAs(sitter, `/bookings/new?dogId=${listed}`, { date, startTime: '10:00', duration: '30', notes: 'I live nearby' })
    expect(answer.status).toBe(302)
    const [booking] = await bookingsOfDog(listed)
    expect(booking).toMatchObject({ requestedById: sitter.id, sitterId: sitter.id, ownerId: owner.id, status: 'pending', priceCents: 1200 })
    expect(await slotsOf(booking?.id ?? '')).toEqual([{ startTime: '10:00', endTime: '10:30' }])

    const accepted = await postAs(owner, `/bookings/${booking?.id}`, { intent: 'status', status: 'accepted' })
    expect(accepted.status).toBe(302)
    expect(await statusOf(booking?.id ?? '')).toBe('accepted')
  })

  test('without a date and time it says so; a dog not listed, or a viewer who is no sitter, is "Dog not found"', async () => {
    const { owner, sitter, dogId } = await people()
    const listed = await insertDog(owner.id, { name: 'Bella', listed: true })

    const missing = await postAs(sitter, `/bookings/new?dogId=${listed}`, {})
    expect(missing.status).toBe(400)
    expect(await textOf(missing)).toContain('Missing information: Please select both a date and time for your booking')

    expect((await visitAs(sitter, `/bookings/new?dogId=${dogId}`)).status).toBe(404)
    const asOwner = await visitAs(owner, `/bookings/new?dogId=${listed}`)
    expect(asOwner.status).toBe(404)
    expect(await textOf(asOwner)).toContain('Dog not found')
    expect(await bookingsOfDog(listed)).toEqual([])
  })
})

// ---- the calendar feed on /profile ----

describe('the calendar feed on /profile', () => {
  test('shows the private link; Get a new link replaces it and the old one stops answering', async () => {
    const { owner } = await people()
    const linkOf = (html: string) => /value="(https?:\/\/[^"]+\/api\/calendar\/[^"]+\.ics)"/.exec(html)?.[1]

    const before = linkOf(await (await visitAs(owner, '/profile')).text())
    expect(before).toBeDefined()
    const feedPath = (link: string) => new URL(link).pathname
    expect((await appRequest(feedPath(before!))).status).toBe(200)

    const answer = await postAs(owner, '/profile', { intent: 'new-calendar-link' })
    expect(answer.status).toBe(302)
    expect(await toastOf(answer)).toMatchObject({ title: 'New calendar link' })

    const after = linkOf(await (await visitAs(owner, '/profile')).text())
    expect(after).toBeDefined()
    expect(after).not.toBe(before)
    expect((await appRequest(feedPath(before!))).status).toBe(404)
    expect((await appRequest(feedPath(after!))).status).toBe(200)
  })

  test('an unknown request changes nothing', async () => {
    const { owner } = await people()
    const linkOf = async () => /\/api\/calendar\/[^"]+\.ics/.exec(await (await visitAs(owner, '/profile')).text())?.[0]
    const before = await linkOf()

    const answer = await postAs(owner, '/profile', { intent: 'drop-tables' })

    expect(await toastOf(answer)).toMatchObject({ type: 'error', title: 'Nothing changed' })
    expect(await linkOf()).toBe(before)
  })
})

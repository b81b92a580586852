import { describe, expect, test, vi } from 'vitest'
import { backgroundWorkDone } from '#app/lib/work-queue.server.ts'
import { appRequest } from './app.ts'
import { owner, sitter } from './booking-api.ts'
import { startAppWithFakeGoogle } from './fake-google-app.ts'
import { apiTokenFor, insertBooking, insertDog, localDateFromToday } from './fixtures.ts'
import { plainText, signedIn, textOf, toastOf, visitAs, type Person } from './page-visits.ts'
import { statementsOf } from './statements-of.ts'

// Weekly series on the pages, as a browser without JavaScript plays them (issue 33 part 1): the owner's request form
// (/bookings/series/new?sitter=), the series page where the sitter answers and either party ends it, the 'Weekly'
// section of both booking lists, and what each party hears (notification and e-mail). Through the production request
// handler, on both engines.
const { db } = await startAppWithFakeGoogle()

/** Olivia with Rex and Luna; Sam walks for $24 an hour, $10 for each further dog, any day (no weekly hours). */
async function parties() {
  const theOwner = await owner()
  const rex = await insertDog(theOwner.id, { name: 'Rex' })
  const luna = await insertDog(theOwner.id, { name: 'Luna' })
  const theSitter = await sitter({ services: [{ service: 'walking', hourlyRateCents: 2400 }] })
  await db.updateTable('sitterProfiles').set({ acceptsMultipleDogs: 1 }).where('userId', '=', theSitter.id).execute()
  await db.updateTable('sitterServices').set({ extraDogRateCents: 1000 }).where('sitterId', '=', theSitter.id).execute()
  return { olivia: await signedIn(theOwner), sam: await signedIn(theSitter), rex, luna }
}

/** A form post with repeated fields (checkboxes), as a browser sends it. */
const postFields = (person: Person, path: string, fields: [string, string][]) =>
  appRequest(path, { method: 'POST', body: new URLSearchParams(fields), headers: { cookie: person.cookie } })

const formPath = (sitterId: string) => `/bookings/series/new?${new URLSearchParams({ sitter: sitterId })}`

/** The next Monday at least two days ahead, in Zurich, counted from today's weekday. */
function nextMonday() {
  for (let days = 2; days < 9; days += 1) {
    const date = localDateFromToday(days)
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 1) return date
  }
  throw new Error('no Monday within a week')
}

const weeklyWalkFields = (people: Awaited<ReturnType<typeof parties>>, startTime = '08:00'): [string, string][] => [
  ['dogIds', people.rex],
  ['dogIds', people.luna],
  ['service', 'walking'],
  ['weekdays', '1'],
  ['weekdays', '3'],
  ['weekdays', '5'],
  ['startTime', startTime],
  ['duration', '30'],
  ['firstDate', nextMonday()],
  ['endDate', ''],
  ['notes', 'Luna pulls towards the river.'],
]

async function askForWeeklyWalks(people: Awaited<ReturnType<typeof parties>>, startTime = '08:00') {
  const response = await postFields(people.olivia, formPath(people.sam.id), weeklyWalkFields(people, startTime))
  expect(response.status).toBe(302)
  const location = response.headers.get('location') ?? ''
  expect(location).toMatch(/^\/bookings\/series\/[\w-]+$/)
  return { response, path: location, id: location.split('/').at(-1) ?? '' }
}

describe('asking for weekly care without JavaScript', () => {
  test('the form names the sitter and offers the weekdays, the walk lengths and the dogs', async () => {
    const people = await parties()
    const page = await textOf(await visitAs(people.olivia, formPath(people.sam.id)))
    expect(page).toContain('Weekly care with Sam')
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) expect(page).toContain(day)
    expect(page).toContain('30 minutes')
    expect(page).toContain('Rex')
    expect(page).toContain('Luna')
  })

  test('a sent request lands on the series page, waiting for the sitter, at $17 a visit for two dogs ($24 + $10 an hour, half an hour)', async () => {
    const people = await parties()
    const { response, path } = await askForWeeklyWalks(people)
    expect((await toastOf(response))?.title).toBe('Weekly request sent')

    const page = await textOf(await visitAs(people.olivia, path))
    expect(page).toContain('Waiting for an answer')
    expect(page).toContain('Weekly dog walking for Rex and Luna')
    expect(page).toContain('Mondays, Wednesdays, and Fridays')
    expect(page).toContain('08:00 - 08:30')
    expect(page).toContain('$17.00')
    expect(page).toContain('Cancel this request')
    expect(page).not.toContain('Accept the series')
  })

  test('a refused form says what is missing at each field and keeps what was typed', async () => {
    const people = await parties()
    const response = await postFields(people.olivia, formPath(people.sam.id), [
      ['dogIds', people.rex],
      ['service', 'walking'],
      ['startTime', '08:00'],
      ['duration', '30'],
      ['firstDate', nextMonday()],
      ['notes', 'Keep me'],
    ])
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Please choose at least one weekday')
    expect(html).toContain('Keep me')
    expect(await db.selectFrom('bookingSeries').select('id').where('ownerId', '=', people.olivia.id).execute()).toEqual([])
  })

  test('a last date before the first is refused at the last date, nothing written', async () => {
    const people = await parties()
    const first = nextMonday()
    const response = await postFields(people.olivia, formPath(people.sam.id), [
      ['dogIds', people.rex],
      ['service', 'walking'],
      ['weekdays', '1'],
      ['startTime', '08:00'],
      ['duration', '30'],
      ['firstDate', first],
      ['endDate', localDateFromToday(1)],
    ])
    expect(response.status).toBe(400)
    expect(await textOf(response)).toContain('The last date must be on or after the first date')
    expect(await db.selectFrom('bookingSeries').select('id').where('ownerId', '=', people.olivia.id).execute()).toEqual([])
  })

  test('the same request sent again (a second tap without JavaScript) is refused with 409 and says the first is waiting', async () => {
    const people = await parties()
    await askForWeeklyWalks(people)

    const again = await postFields(people.olivia, formPath(people.sam.id), weeklyWalkFields(people))

    expect(again.status).toBe(409)
    expect(await textOf(again)).toContain('You have already asked for this weekly care. The request is waiting for an answer.')
    expect(await db.selectFrom('bookingSeries').select('id').where('ownerId', '=', people.olivia.id).execute()).toHaveLength(1)
  })

  test('an unknown sitter is a 404 with "Sitter not found"', async () => {
    const people = await parties()
    const response = await visitAs(people.olivia, formPath('no-such-sitter'))
    expect(response.status).toBe(404)
    expect(await textOf(response)).toContain('Sitter not found')
  })
})

describe("the booking lists' Weekly section", () => {
  test("names a series's dogs from their names alone, none of their profiles", async () => {
    const people = await parties()
    await askForWeeklyWalks(people)

    const { result: response, statements } = await statementsOf(() => visitAs(people.olivia, '/bookings'))

    expect(await textOf(response)).toContain('Dog Walking for Rex and Luna')
    expect(statements.map((statement) => statement.sql).filter((text) => /dogTraits|dogActivities|dogAvailability/.test(text))).toEqual([])
  })
})

describe('answering and ending a series on its page', () => {
  test('the sitter sees the next eight weeks and accepts: bookings appear on both sides, each linking back to the series', async () => {
    const people = await parties()
    const { path, id } = await askForWeeklyWalks(people)

    const waiting = await textOf(await visitAs(people.sam, path))
    expect(waiting).toContain('The next eight weeks')
    expect(waiting).toContain('Accept the series')

    const accepted = await postFields(people.sam, path, [['status', 'accepted']])
    expect(accepted.status).toBe(302)
    expect((await toastOf(accepted))?.title).toBe('Weekly series accepted')

    const rows = await db.selectFrom('bookings').select(['id', 'status', 'priceCents']).where('seriesId', '=', id).execute()
    expect(rows.length).toBeGreaterThan(0)
    expect(new Set(rows.map((row) => [row.status, row.priceCents].join()))).toEqual(new Set(['accepted,1700']))
    const page = await textOf(await visitAs(people.olivia, path))
    expect(page).toContain('Accepted')
    expect(page).toContain('fixed for the whole series')
    expect(page).toContain('End the series')
    // The end form takes a date up to the day after the last booked one, and says which that is.
    const { bookedThrough } = await db.selectFrom('bookingSeries').select('bookedThrough').where('id', '=', id).executeTakeFirstOrThrow()
    const dayAfter = new Date(Date.parse(`${bookedThrough}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    const shown = new Date(`${bookedThrough}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })
    expect(page).toContain(`It is booked through ${shown}.`)
    expect(await (await visitAs(people.olivia, path)).text()).toContain(`max="${dayAfter}"`)
    // A date past it (a browser without date limits, a hand-made post) is refused, nothing ends, and the form keeps it.
    const weekLater = new Date(Date.parse(`${dayAfter}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10)
    const tooLate = await postFields(people.olivia, path, [['status', 'ended'], ['from', weekLater]])
    expect(tooLate.status).toBe(400)
    const refusedPage = await tooLate.text()
    expect(plainText(refusedPage)).toContain('Please choose a date up to the day after the series is booked through')
    expect(refusedPage).toMatch(new RegExp(`<input[^>]*id="series-end-from"[^>]*value="${weekLater}"`))
    expect(await db.selectFrom('bookingSeries').select('status').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'accepted' })

    const booking = await textOf(await visitAs(people.olivia, `/bookings/${rows[0]?.id}`))
    expect(booking).toContain('See the whole series')
    const ownerList = await textOf(await visitAs(people.olivia, '/bookings'))
    expect(ownerList).toContain('Weekly')
    expect(ownerList).toContain('Mon, Wed, Fri')
    const sitterList = await textOf(await visitAs(people.sam, '/bookings-sitter'))
    expect(sitterList).toContain('Dog Walking for Rex and Luna')
  })

  test('the owner cannot accept their own request: the page refuses it and nothing is booked', async () => {
    const people = await parties()
    const { path, id } = await askForWeeklyWalks(people)
    const refused = await postFields(people.olivia, path, [['status', 'accepted']])
    expect(refused.status).toBe(403)
    expect(await textOf(refused)).toContain('Only the sitter can accept or decline a weekly series')
    expect(await db.selectFrom('bookings').select('id').where('seriesId', '=', id).execute()).toEqual([])
  })

  test('ending from a date cancels the bookings from then on and keeps those before', async () => {
    const people = await parties()
    const { path, id } = await askForWeeklyWalks(people)
    expect((await postFields(people.sam, path, [['status', 'accepted']])).status).toBe(302)
    const dates = (await db.selectFrom('bookings').select('date').where('seriesId', '=', id).orderBy('date').execute()).map((row) => row.date)
    const from = dates[3] ?? ''

    const ended = await postFields(people.olivia, path, [['status', 'ended'], ['from', from]])

    expect(ended.status).toBe(302)
    const rows = await db.selectFrom('bookings').select(['date', 'status']).where('seriesId', '=', id).orderBy('date').execute()
    expect(rows.filter((row) => row.status === 'accepted').map((row) => row.date)).toEqual(dates.slice(0, 3))
    expect(rows.filter((row) => row.status === 'cancelled').map((row) => row.date)).toEqual(dates.slice(3))
    expect(await textOf(await visitAs(people.sam, path))).toContain('Ended')
    // Flexible terms, days ahead: nothing counts late, and the notice says only what ended.
    await backgroundWorkDone()
    const notices = await db.selectFrom('notifications').select('text').where('userId', '=', people.sam.id).where('type', '=', 'booking-series.ended').execute()
    expect(notices).toEqual([{ text: `Olivia Owner ended the weekly dog walking for Rex and Luna from ${formatLong(from)}.` }])
  })

  test("inside the strict terms' notice the end form names the booking ending would cancel late, and ending counts it to the owner", async () => {
    const people = await parties()
    await db.updateTable('sitterProfiles').set({ cancellationTerms: 'strict' }).where('userId', '=', people.sam.id).execute()
    const { path, id } = await askForWeeklyWalks(people)
    expect((await postFields(people.sam, path, [['status', 'accepted']])).status).toBe(302)
    const [monday] = await db.selectFrom('bookings').select(['id', 'date', 'startsAt']).where('seriesId', '=', id).orderBy('date').execute()
    // 30 hours before Monday's walk: inside its 72 hours' notice; Wednesday's is 78 hours away.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.parse(monday?.startsAt ?? '') - 30 * 3_600_000)
      const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
      const date = monday?.date ?? ''
      const mondayText = `Mon, ${months[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`
      const page = await textOf(await visitAs(people.olivia, path))
      expect(page).toContain(`Cancelling the booking on ${mondayText} is now late under the cancellation terms: ending the series from that date or earlier counts it on your profile.`)

      expect((await postFields(people.olivia, path, [['status', 'ended'], ['from', date]])).status).toBe(302)
      const rows = await db.selectFrom('bookings').select(['id', 'status', 'lateCancellationBy']).where('seriesId', '=', id).where('lateCancellationBy', 'is not', null).execute()
      expect(rows).toEqual([{ id: monday?.id, status: 'cancelled', lateCancellationBy: 'owner' }])
      await backgroundWorkDone()
      const ended = await db.selectFrom('notifications').select('text').where('userId', '=', people.sam.id).where('type', '=', 'booking-series.ended').execute()
      expect(ended).toEqual([
        { text: `Olivia Owner ended the weekly dog walking for Rex and Luna from ${formatLong(date)}. 1 booking inside the cancellation terms' notice counts as cancelled late by Olivia Owner.` },
      ])
      expect(await textOf(await visitAs(people.olivia, `/bookings/${monday?.id}`))).toContain('Cancelled late by the owner')
    } finally {
      vi.useRealTimers()
    }
  })

  test('a request the sweep expired says so on its page; one the owner cancelled says who did', async () => {
    const people = await parties()
    const expiring = await askForWeeklyWalks(people)
    const withdrawn = await askForWeeklyWalks(people, '10:00')
    const lastDate = nextMonday()
    await db.updateTable('bookingSeries').set({ endDate: lastDate }).where('id', '=', expiring.id).execute()
    expect((await postFields(people.olivia, withdrawn.path, [['status', 'cancelled']])).status).toBe(302)
    const { expireUnansweredSeries } = await import('#app/features/bookings/booking-series.server.ts')

    expect(await expireUnansweredSeries(Date.parse(`${lastDate}T12:00:00Z`) + 2 * 24 * 3_600_000)).toBe(1)

    const statusChip = (html: string) => /data-series-status="(\w+)"[^>]*>([^<]*)</.exec(html)?.slice(1)
    for (const person of [people.olivia, people.sam]) {
      const expired = await (await visitAs(person, expiring.path)).text()
      expect(statusChip(expired)).toEqual(['cancelled', 'Expired'])
      expect(plainText(expired)).toContain('This request expired: its last date passed before it was answered.')
      const cancelled = await (await visitAs(person, withdrawn.path)).text()
      expect(statusChip(cancelled)).toEqual(['cancelled', 'Cancelled'])
      expect(plainText(cancelled)).not.toContain('This request expired')
      // Neither was accepted, so no rate was ever agreed; "No rate set" would say the sitter has none.
      for (const page of [expired, cancelled]) {
        expect(plainText(page)).toContain('Each visit None agreed: the request was not accepted')
        expect(plainText(page)).not.toContain('No rate set')
      }
    }
  })

  test('a stranger gets "Series not found" (404)', async () => {
    const people = await parties()
    const { path } = await askForWeeklyWalks(people)
    const stranger = await signedIn(await owner('Nora Nobody'))
    const response = await visitAs(stranger, path)
    expect(response.status).toBe(404)
    expect(await textOf(response)).toContain('Series not found')
    expect((await postFields(stranger, path, [['status', 'ended']])).status).toBe(404)
  })
})

describe('what each party hears', () => {
  test('the sitter hears of the request, the owner of the acceptance: a notification leading to the series and an e-mail', async () => {
    const people = await parties()
    const { path } = await askForWeeklyWalks(people)
    await backgroundWorkDone()
    const samsNotices = await db.selectFrom('notifications').select(['text', 'href']).where('userId', '=', people.sam.id).execute()
    expect(samsNotices).toEqual([{ text: 'Olivia Owner asks for weekly dog walking for Rex and Luna: Mondays, Wednesdays, and Fridays, 08:00 - 08:30 (Europe/Zurich time), from ' + formatLong(nextMonday()) + '.', href: path }])
    const samsMail = await db.selectFrom('emailOutbox').select(['subject', 'body']).where('recipient', '=', (await emailOf(people.sam.id)) ?? '').execute()
    expect(samsMail.map((mail) => mail.subject)).toEqual(['New weekly request: Rex and Luna'])

    expect((await postFields(people.sam, path, [['status', 'accepted']])).status).toBe(302)
    await backgroundWorkDone()
    const oliviasNotices = await db.selectFrom('notifications').select(['text', 'href']).where('userId', '=', people.olivia.id).execute()
    expect(oliviasNotices).toEqual([{ text: 'Sam Sitter accepted your weekly dog walking for Rex and Luna.', href: path }])
    // One notification for the series, none for each of its bookings.
    expect(await db.selectFrom('notifications').select('id').where('userId', '=', people.sam.id).execute()).toHaveLength(1)
  })
})

const emailOf = async (userId: string) => (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email

/** 'Monday, March 2, 2026', written with its own formatter. */
function formatLong(date: string) {
  const [year, month, day] = date.split('-').map(Number)
  const names = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
  const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
  const weekday = weekdayNames[new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)).getUTCDay()]
  return `${weekday}, ${names[(month ?? 1) - 1]} ${day}, ${year}`
}

describe('a block between the two', () => {
  test('withdraws the waiting weekly request (declined by the sitter who blocked) and refuses a new one', async () => {
    const { blockUser } = await import('#app/features/messages/blocks.server.ts')
    const people = await parties()
    const { id } = await askForWeeklyWalks(people)

    expect(await blockUser(people.sam.id, people.olivia.id)).toEqual({ ok: true, created: true })
    await backgroundWorkDone()

    expect(await db.selectFrom('bookingSeries').select('status').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'declined' })
    const again = await postFields(people.olivia, formPath(people.sam.id), [
      ['dogIds', people.rex],
      ['service', 'walking'],
      ['weekdays', '2'],
      ['startTime', '09:00'],
      ['duration', '30'],
      ['firstDate', nextMonday()],
    ])
    expect(again.status).toBe(403)
    expect(await textOf(again)).toContain("You can't book with this person")
    expect(await db.selectFrom('bookingSeries').select('id').where('ownerId', '=', people.olivia.id).execute()).toHaveLength(1)
  })
})

describe('the Bookings badge', () => {
  test("counts a weekly request among the sitter's requests to answer until it is answered", async () => {
    const { badgeCountsFor } = await import('#app/badge-counts.server.ts')
    const people = await parties()
    expect((await badgeCountsFor(people.sam.id)).requestsToAnswer).toBe(0)
    const { path } = await askForWeeklyWalks(people)
    expect((await badgeCountsFor(people.sam.id)).requestsToAnswer).toBe(1)
    expect((await badgeCountsFor(people.olivia.id)).requestsToAnswer).toBe(0)
    expect((await postFields(people.sam, path, [['status', 'declined']])).status).toBe(302)
    expect((await badgeCountsFor(people.sam.id)).requestsToAnswer).toBe(0)
  })
})

describe('a weekly round on the booking lists (decision 104)', () => {
  /** The booking cards of a list page's HTML, each as its text. */
  const cardsOf = async (response: Response) =>
    (await response.text())
      .split('<article class="booking-card"')
      .slice(1)
      .map((card) => plainText(card.slice(0, card.indexOf('</article>'))))

  const shortDate = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

  test("both parties' Upcoming tabs show the round by its next visit and how many follow; a picked day and the API still show every visit", async () => {
    const people = await parties()
    const { id } = await askForWeeklyWalks(people)
    expect((await postFields(people.sam, `/bookings/series/${id}`, [['status', 'accepted']])).status).toBe(302)
    const visits = await db.selectFrom('bookings').select(['id', 'date']).where('seriesId', '=', id).where('status', '=', 'accepted').orderBy('startsAt').execute()
    expect(visits.length).toBeGreaterThan(3)
    const [first, second, third] = visits
    // A single walk between the round's first two visits stays a card of its own, in date order.
    const dayAfterFirst = new Date(Date.parse(`${first?.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    const single = await insertBooking(
      { dogId: people.rex, ownerId: people.olivia.id, sitterId: people.sam.id },
      { status: 'accepted', date: dayAfterFirst, slots: [{ startTime: '12:00', endTime: '13:00' }] },
    )

    for (const [person, path] of [[people.olivia, '/bookings'], [people.sam, '/bookings-sitter?tab=upcoming']] as const) {
      const response = await visitAs(person, path)
      const html = await response.clone().text()
      const cards = await cardsOf(response)
      const roundCards = cards.filter((card) => card.includes('Rex and Luna'))
      expect(roundCards).toHaveLength(1)
      expect(roundCards[0]).toContain(shortDate(first?.date ?? ''))
      expect(roundCards[0]).toContain(`Weekly · ${visits.length - 1} more`)
      expect(html).toContain(`href="/bookings/series/${id}"`)
      expect(cards.map((card) => (card.includes('Rex and Luna') ? 'round' : card.includes('12:00') ? 'single' : 'other'))).toEqual(['round', 'single'])
    }

    // A picked day lists the round's visit on it; the API's tab lists every visit.
    const onThird = await cardsOf(await visitAs(people.olivia, `/bookings?date=${third?.date}`))
    expect(onThird).toHaveLength(1)
    expect(onThird[0]).toContain('Rex and Luna')
    const api = await appRequest('/api/bookings?tab=upcoming&limit=100', { headers: { authorization: `Bearer ${await apiTokenFor(people.olivia)}` } })
    const listed = ((await api.json()) as { id: string }[]).map((booking) => booking.id)
    expect(listed).toEqual(expect.arrayContaining([...visits.map((visit) => visit.id), single]))

    // The first visit skipped: the next one stands for the round, and one fewer follows it.
    await db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', first?.id ?? '').execute()
    const after = (await cardsOf(await visitAs(people.olivia, '/bookings'))).filter((card) => card.includes('Rex and Luna'))
    expect(after).toHaveLength(1)
    expect(after[0]).toContain(shortDate(second?.date ?? ''))
    expect(after[0]).toContain(`Weekly · ${visits.length - 2} more`)
  })

  test("'Show more' continues the list without another visit of a round shown before it", async () => {
    const people = await parties()
    const { id } = await askForWeeklyWalks(people)
    expect((await postFields(people.sam, `/bookings/series/${id}`, [['status', 'accepted']])).status).toBe(302)
    // A single noon walk on each of the next 25 days: with the round, more than a page.
    const singles = Array.from({ length: 25 }, (_, index) => localDateFromToday(index + 2))
    for (const date of singles) {
      await insertBooking({ dogId: people.rex, ownerId: people.olivia.id, sitterId: people.sam.id }, { status: 'accepted', date, slots: [{ startTime: '12:00', endTime: '12:30' }] })
    }
    const firstPage = await visitAs(people.olivia, '/bookings')
    const html = await firstPage.clone().text()
    const more = /href="([^"]*cursor=[^"#]*)[^"]*"[^>]*>Show more bookings</.exec(html)?.[1]?.replaceAll('&amp;', '&')
    expect(more).toBeDefined()
    expect((await cardsOf(firstPage)).length).toBeLessThan(singles.length + 1)

    const cards = await cardsOf(await visitAs(people.olivia, more ?? ''))
    expect(cards.filter((card) => card.includes('Rex and Luna'))).toHaveLength(1)
    expect(cards.filter((card) => card.includes('12:00')).map((card) => singles.find((date) => card.includes(shortDate(date))))).toEqual(singles)
    expect(cards).toHaveLength(singles.length + 1)
  })
})

describe("the 'How did it go?' prompt (decision 105)", () => {
  /** The prompt's lines on the owner's /bookings, each as its text. */
  const promptLines = async (response: Response) => {
    const html = await response.text()
    const prompt = html.slice(html.indexOf('id="review-prompt-heading"'))
    return prompt
      .slice(0, prompt.indexOf('</section>'))
      .split('<li')
      .slice(1)
      .map((line) => plainText(line))
  }
  const shortDate = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

  test('names a weekly round once, by its latest walk to review, beside the single bookings; each walk keeps its review form', async () => {
    const people = await parties()
    const { id } = await askForWeeklyWalks(people)
    expect((await postFields(people.sam, `/bookings/series/${id}`, [['status', 'accepted']])).status).toBe(302)
    const rexWithSam = { dogId: people.rex, ownerId: people.olivia.id, sitterId: people.sam.id }
    // Three walks of the round done this week and last, and a single walk between them, none reviewed yet.
    const walked = [6, 4, 2].map((daysAgo) => localDateFromToday(-daysAgo))
    const walks = []
    for (const date of walked) {
      const walk = await insertBooking(rexWithSam, { status: 'completed', date, slots: [{ startTime: '08:00', endTime: '08:30' }] })
      await db.updateTable('bookings').set({ seriesId: id, seriesDate: date }).where('id', '=', walk).execute()
      walks.push(walk)
    }
    const singleDate = localDateFromToday(-3)
    await insertBooking(rexWithSam, { status: 'completed', date: singleDate, slots: [{ startTime: '12:00', endTime: '13:00' }] })

    const lines = await promptLines(await visitAs(people.olivia, '/bookings'))
    expect(lines).toHaveLength(2)
    expect(lines[0]).toContain(shortDate(walked[2] ?? ''))
    expect(lines[1]).toContain(shortDate(singleDate))
    for (const line of lines) expect(line).toContain('Write a review')

    // An earlier walk of the round is still reviewed on its page.
    expect(await textOf(await visitAs(people.olivia, `/bookings/${walks[0]}`))).toContain('Your review of Sam')
  })
})

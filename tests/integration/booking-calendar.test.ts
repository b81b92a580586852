import { beforeEach, describe, expect, test } from 'vitest'
import { fakeUserFor } from '#tests/fakes/google.ts'
import { call, owner, ownerDogAndSitter, requestBooking, setStatus, sitter, type Actor } from './booking-api.ts'
import { appRequest } from './app.ts'
import { startAppWithFakeGoogle } from './fake-google-app.ts'
import { insertBooking, insertDog, linkGoogleAccount, localDateFromToday } from './fixtures.ts'

// Google Calendar (DESIGN.md ruling 11) against the local fake Google, and the ICS feed, through the
// production request handler.
const { google, db } = await startAppWithFakeGoogle()

beforeEach(() => {
  google.failCalendar(false)
})

/** Links a fake Google account (with the calendar scope) to the actor; returns its Google user id. */
async function linkGoogle(actor: Actor) {
  const user = fakeUserFor(`${actor.id}@example.com`)
  await linkGoogleAccount(actor.id, { sub: user.sub, accessToken: google.grantAccessToken(user) })
  return user.sub
}

const eventsIn = (sub: string) => google.events.filter((event) => event.owner === sub)
const storedEvents = (bookingId: string) =>
  db.selectFrom('calendarEvents').select(['userId', 'eventId']).where('bookingId', '=', bookingId).execute()

/** An owner's request to a sitter, both with Google linked. */
async function linkedBooking(body: Record<string, unknown> = { timePeriod: 'morning' }) {
  const { owner: theOwner, sitter: theSitter, dogId } = await ownerDogAndSitter()
  const ownerSub = await linkGoogle(theOwner)
  const sitterSub = await linkGoogle(theSitter)
  const date = localDateFromToday(6)
  const booking = await requestBooking(theOwner.token, { dogId, sitterId: theSitter.id, date, ...body })
  return { theOwner, theSitter, ownerSub, sitterSub, booking, date }
}

describe('accepting with "Add to Google Calendar"', () => {
  test("puts one event in the sitter's and one in the owner's primary calendar; a retry adds none", async () => {
    const { theOwner, theSitter, ownerSub, sitterSub, booking, date } = await linkedBooking()

    const accepted = await setStatus(theSitter.token, booking.id, 'accepted')

    expect(accepted.status).toBe(200)
    expect(accepted.body).toMatchObject({
      status: 'accepted',
      calendar: {
        added: true,
        message: 'Added to Google Calendar.',
        results: [
          { party: 'sitter', outcome: 'created' },
          { party: 'owner', outcome: 'created' },
        ],
      },
    })
    expect(eventsIn(sitterSub)).toHaveLength(1)
    expect(eventsIn(ownerSub)).toHaveLength(1)
    expect(eventsIn(sitterSub)[0]?.calendarId).toBe('primary')
    expect(eventsIn(sitterSub)[0]?.body).toMatchObject({
      summary: 'Dog Walking: Rex (Olivia Owner)',
      start: { dateTime: expect.stringMatching(new RegExp(`^${date}T08:00:00\\+0[12]:00$`)), timeZone: 'Europe/Zurich' },
      end: { dateTime: expect.stringMatching(new RegExp(`^${date}T09:00:00\\+0[12]:00$`)), timeZone: 'Europe/Zurich' },
    })
    expect(eventsIn(ownerSub)[0]?.body).toMatchObject({ summary: 'Dog Walking for Rex with Sam Sitter' })
    expect(await storedEvents(booking.id)).toHaveLength(2)

    const retry = await call('POST', `/api/bookings/${booking.id}/calendar`, theOwner.token)
    expect(retry.body).toMatchObject({ added: true, results: [{ outcome: 'exists' }, { outcome: 'exists' }] })
    // Even with our record of them lost, Google refuses our event ids a second time.
    await db.deleteFrom('calendarEvents').where('bookingId', '=', booking.id).execute()
    const blindRetry = await call('POST', `/api/bookings/${booking.id}/calendar`, theSitter.token)
    expect(blindRetry.body).toMatchObject({ added: true, results: [{ outcome: 'exists' }, { outcome: 'exists' }] })
    expect(eventsIn(sitterSub)).toHaveLength(1)
    expect(eventsIn(ownerSub)).toHaveLength(1)
    expect(await storedEvents(booking.id)).toHaveLength(2)
  })

  test('unticked, no event is made', async () => {
    const { theSitter, ownerSub, sitterSub, booking } = await linkedBooking()
    const accepted = await setStatus(theSitter.token, booking.id, 'accepted', { addToCalendar: false })
    expect(accepted.body).toMatchObject({ status: 'accepted', calendar: null })
    expect(eventsIn(sitterSub)).toHaveLength(0)
    expect(eventsIn(ownerSub)).toHaveLength(0)
  })

  test('a party without Google gets no event, and the answer says so', async () => {
    const { owner: theOwner, sitter: theSitter, dogId } = await ownerDogAndSitter()
    const sitterSub = await linkGoogle(theSitter)
    const booking = await requestBooking(theOwner.token, { dogId, sitterId: theSitter.id, date: localDateFromToday(6), timePeriod: 'evening' })
    const accepted = await setStatus(theSitter.token, booking.id, 'accepted')
    expect(accepted.body).toMatchObject({
      calendar: { added: true, results: [{ party: 'sitter', outcome: 'created' }, { party: 'owner', outcome: 'not-linked', eventId: null }] },
    })
    expect(eventsIn(sitterSub)).toHaveLength(1)
  })

  test('a failing Google Calendar never fails the acceptance: it is reported, and a retry adds the events later', async () => {
    const { theOwner, theSitter, ownerSub, sitterSub, booking } = await linkedBooking()
    google.failCalendar(true)

    const accepted = await setStatus(theSitter.token, booking.id, 'accepted')

    expect(accepted.status).toBe(200)
    expect(accepted.body).toMatchObject({
      status: 'accepted',
      calendar: {
        added: false,
        message: expect.stringMatching(/^Could not add it to Google Calendar for the sitter: /),
        results: [
          { party: 'sitter', outcome: 'failed' },
          { party: 'owner', outcome: 'failed' },
        ],
      },
    })
    expect((await db.selectFrom('bookings').select('status').where('id', '=', booking.id).executeTakeFirstOrThrow()).status).toBe('accepted')
    expect(await storedEvents(booking.id)).toEqual([])

    google.failCalendar(false)
    const retry = await call('POST', `/api/bookings/${booking.id}/calendar`, theOwner.token)
    expect(retry.body).toMatchObject({ added: true, results: [{ outcome: 'created' }, { outcome: 'created' }] })
    expect(eventsIn(sitterSub)).toHaveLength(1)
    expect(eventsIn(ownerSub)).toHaveLength(1)
  })

  test("a calendar that failed at acceptance is retried by the delivery of the acceptance's recorded event, later, and made once", async () => {
    const { theSitter, ownerSub, sitterSub, booking } = await linkedBooking()
    google.failCalendar(true)
    const acceptedAt = Date.now()
    expect((await setStatus(theSitter.token, booking.id, 'accepted')).status).toBe(200)

    const delivery = () =>
      db
        .selectFrom('eventDeliveries')
        .innerJoin('domainEvents', 'domainEvents.id', 'eventDeliveries.eventId')
        .select(['attempts', 'nextAttemptAt', 'deliveredAt', 'lastError'])
        .where('domainEvents.subjectId', '=', booking.id)
        .where('domainEvents.type', '=', 'booking.accepted')
        .where('subscriber', '=', 'booking-google-calendar')
        .executeTakeFirstOrThrow()
    const failed = await delivery()
    expect(failed).toMatchObject({ attempts: 1, deliveredAt: null, lastError: expect.stringMatching(/^Could not add it to Google Calendar for the sitter: /) })
    expect(Date.parse(failed.nextAttemptAt)).toBeGreaterThanOrEqual(acceptedAt + 5_000)

    google.failCalendar(false)
    const { deliverDueEvents } = await import('#app/lib/events.server.ts')
    await deliverDueEvents(Date.parse(failed.nextAttemptAt))
    await deliverDueEvents(Date.parse(failed.nextAttemptAt) + 60 * 60_000)
    expect(eventsIn(sitterSub)).toHaveLength(1)
    expect(eventsIn(ownerSub)).toHaveLength(1)
    expect((await delivery()).deliveredAt).not.toBeNull()
  })

  test('only an accepted booking, of yours, can be added', async () => {
    const { theOwner, booking } = await linkedBooking()
    expect(await call('POST', `/api/bookings/${booking.id}/calendar`, theOwner.token)).toEqual({
      status: 409,
      body: { message: 'Only an accepted booking can be added to a calendar.', errors: {} },
    })
    const stranger = await owner('Nosy Neighbour')
    expect((await call('POST', `/api/bookings/${booking.id}/calendar`, stranger.token)).status).toBe(404)
  })
})

describe('cancelling an accepted booking', () => {
  test("deletes its events from both calendars", async () => {
    const { theOwner, theSitter, ownerSub, sitterSub, booking } = await linkedBooking()
    await setStatus(theSitter.token, booking.id, 'accepted')
    expect(google.events).toEqual(expect.arrayContaining([expect.objectContaining({ owner: sitterSub }), expect.objectContaining({ owner: ownerSub })]))

    const cancelled = await setStatus(theOwner.token, booking.id, 'cancelled')

    expect(cancelled.body).toMatchObject({ status: 'cancelled' })
    expect(eventsIn(sitterSub)).toHaveLength(0)
    expect(eventsIn(ownerSub)).toHaveLength(0)
    expect(await storedEvents(booking.id)).toEqual([])
  })

  test('while Google is down: the cancellation stands and the retried delivery of its recorded change deletes the events later', async () => {
    const { theOwner, theSitter, ownerSub, sitterSub, booking } = await linkedBooking()
    await setStatus(theSitter.token, booking.id, 'accepted')
    google.failCalendar(true)

    const cancelled = await setStatus(theOwner.token, booking.id, 'cancelled')

    expect(cancelled.body).toMatchObject({ status: 'cancelled' })
    expect(await storedEvents(booking.id)).toHaveLength(2)
    google.failCalendar(false)
    const { deliverDueEvents, eventRetryDelayMs } = await import('#app/lib/events.server.ts')
    await deliverDueEvents(Date.now() + eventRetryDelayMs(1))
    expect(eventsIn(sitterSub)).toHaveLength(0)
    expect(eventsIn(ownerSub)).toHaveLength(0)
    expect(await storedEvents(booking.id)).toEqual([])
  })
})

describe("the spec's calendar calls", () => {
  test('GET /api/auth/google/calendar lists your own events; with sitterId only that sitter\'s busy times', async () => {
    const { theOwner, theSitter, booking, date } = await linkedBooking()
    await setStatus(theSitter.token, booking.id, 'accepted')

    const own = await call<{ items: { summary: string }[] }>('GET', '/api/auth/google/calendar', theOwner.token)
    expect(own.status).toBe(200)
    expect(own.body.items.map((item) => item.summary)).toEqual(['Dog Walking for Rex with Sam Sitter'])

    const sitters = await call('GET', `/api/auth/google/calendar?sitterId=${theSitter.id}&from=${date}&to=${date}`, theOwner.token)
    expect(sitters.body).toMatchObject({ sitterId: theSitter.id, items: [{ reason: 'booked', start: { dateTime: expect.stringMatching(/T08:00:00/) } }] })
    expect(JSON.stringify(sitters.body)).not.toContain('Rex')

    const unlinked = await owner('No Google')
    expect(await call('GET', '/api/auth/google/calendar', unlinked.token)).toMatchObject({ status: 409 })
  })

  test('POST /api/auth/calendar/event adds to your own calendar, and a booking of yours only once', async () => {
    const { theOwner, theSitter, ownerSub, booking } = await linkedBooking()
    await setStatus(theSitter.token, booking.id, 'accepted')
    const payload = {
      summary: 'Vet appointment',
      description: 'Bring the vaccination card',
      startDateTime: `${localDateFromToday(9)}T09:00:00+01:00`,
      endDateTime: `${localDateFromToday(9)}T10:00:00+01:00`,
      location: 'Tierklinik',
    }
    const free = await call('POST', '/api/auth/calendar/event', theOwner.token, payload)
    expect(free).toMatchObject({ status: 201, body: { created: true, bookingId: null } })
    expect(eventsIn(ownerSub).map((event) => event.body.summary)).toContain('Vet appointment')

    const again = await call('POST', '/api/auth/calendar/event', theOwner.token, {
      ...payload,
      summary: 'My walk',
      startDateTime: booking.startDateTime,
      endDateTime: booking.endDateTime,
      sitterId: theSitter.id,
    })
    expect(again).toMatchObject({ status: 200, body: { created: false, bookingId: booking.id } })
    expect(eventsIn(ownerSub)).toHaveLength(2)
  })

  test("POST /api/auth/calendar/event/{ownerId}: only the sitter of an accepted booking with that owner", async () => {
    const { theOwner, theSitter, ownerSub, booking } = await linkedBooking()
    await setStatus(theSitter.token, booking.id, 'accepted', { addToCalendar: false })
    const payload = { summary: 'Anything', startDateTime: booking.startDateTime, endDateTime: booking.endDateTime }

    const added = await call('POST', `/api/auth/calendar/event/${theOwner.id}`, theSitter.token, payload)
    expect(added).toMatchObject({ status: 201, body: { created: true, bookingId: booking.id } })
    expect(eventsIn(ownerSub).map((event) => event.body.summary)).toEqual(['Dog Walking for Rex with Sam Sitter'])

    const otherSitter = await sitter({ name: 'Other Sitter' })
    expect(await call('POST', `/api/auth/calendar/event/${theOwner.id}`, otherSitter.token, payload)).toMatchObject({ status: 403 })
    const wrongTime = { ...payload, startDateTime: `${localDateFromToday(6)}T15:00:00+01:00`, endDateTime: `${localDateFromToday(6)}T16:00:00+01:00` }
    expect(await call('POST', `/api/auth/calendar/event/${theOwner.id}`, theSitter.token, wrongTime)).toMatchObject({ status: 403 })
    expect(eventsIn(ownerSub)).toHaveLength(1)
  })

  test('bad payloads are 400', async () => {
    const theOwner = await owner()
    for (const body of [
      {},
      { summary: 'x', startDateTime: '2026-02-30T09:00:00Z', endDateTime: '2026-03-01T10:00:00Z' },
      { summary: 'x', startDateTime: '2026-03-01T25:00:00Z', endDateTime: '2026-03-01T10:00:00Z' },
      { summary: 'x', startDateTime: '2026-03-01T11:00:00Z', endDateTime: '2026-03-01T10:00:00Z' },
      { summary: 'x'.repeat(5000), startDateTime: '2026-03-01T09:00:00Z', endDateTime: '2026-03-01T10:00:00Z' },
    ]) {
      expect(await call('POST', '/api/auth/calendar/event', theOwner.token, body)).toMatchObject({ status: 400 })
    }
  })
})

// ---- the ICS feed ----

type IcsEvent = Record<string, string>

/** A strict little RFC 5545 reader: CRLF lines of at most 75 octets, unfolded, BEGIN/END balanced. */
function parseIcs(text: string) {
  expect(text.endsWith('\r\n')).toBe(true)
  const physical = text.slice(0, -2).split('\r\n')
  for (const line of physical) {
    expect(line).not.toMatch(/[\r\n]/)
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
  }
  const lines: string[] = []
  for (const line of physical) {
    if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1)
    else lines.push(line)
  }
  const open: string[] = []
  const events: IcsEvent[] = []
  let current: IcsEvent | null = null
  for (const line of lines) {
    const separator = line.indexOf(':')
    expect(separator).toBeGreaterThan(0)
    const name = line.slice(0, separator).split(';')[0] ?? ''
    const value = line.slice(separator + 1)
    if (name === 'BEGIN') {
      open.push(value)
      if (value === 'VEVENT') current = {}
    } else if (name === 'END') {
      expect(open.pop()).toBe(value)
      if (value === 'VEVENT' && current) events.push(current)
      current = null
    } else if (current) {
      current[name] = value.replace(/\\n/g, '\n').replace(/\\([,;\\])/g, '$1')
    }
  }
  expect(open).toEqual([])
  expect(lines[0]).toBe('BEGIN:VCALENDAR')
  return events
}

/** 20260302T090000Z for an instant. */
const icsTime = (instant: number) => new Date(instant).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')

describe('the ICS feed', () => {
  test("holds that user's accepted (and completed) bookings only, and parses", async () => {
    const { owner: theOwner, sitter: theSitter, dogId, parties } = await ownerDogAndSitter()
    const accepted = await insertBooking(parties, {
      status: 'accepted',
      date: localDateFromToday(3),
      slots: [{ startTime: '10:00', endTime: '11:00' }],
      location: 'Rennweg 1, Zürich; side door',
    })
    const completed = await insertBooking(parties, { status: 'completed', date: localDateFromToday(-3) })
    await insertBooking(parties, { status: 'pending', date: localDateFromToday(4) })
    await insertBooking(parties, { status: 'cancelled', date: localDateFromToday(5) })
    await insertBooking(parties, { status: 'rejected', date: localDateFromToday(5) })
    const someoneElse = await owner('Someone Else')
    const theirDog = await insertDog(someoneElse.id, { name: 'Bruno' })
    await insertBooking({ dogId: theirDog, ownerId: someoneElse.id, sitterId: theSitter.id }, { status: 'accepted', date: localDateFromToday(2) })

    const { url } = (await call<{ url: string }>('GET', '/api/users/me/calendar-feed', theOwner.token)).body
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[\w-]{43}\.ics$/)
    const response = await appRequest(new URL(url).pathname)

    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const events = parseIcs(await response.text())
    expect(events.map((event) => event.UID).sort()).toEqual([`booking-${accepted}@pawpal`, `booking-${completed}@pawpal`].sort())
    const acceptedEvent = events.find((event) => event.UID === `booking-${accepted}@pawpal`)
    const start = Date.parse((await call<{ startDateTime: string }>('GET', `/api/bookings/${accepted}`, theOwner.token)).body.startDateTime)
    expect(acceptedEvent).toMatchObject({
      SUMMARY: 'Dog Walking for Rex with Sam Sitter',
      DTSTART: icsTime(start),
      DTEND: icsTime(start + 60 * 60_000),
      LOCATION: 'Rennweg 1, Zürich; side door',
      STATUS: 'CONFIRMED',
    })
    expect(JSON.stringify(events)).not.toContain('Bruno')
    void dogId
  })

  test('rotating the token revokes the old URL', async () => {
    const theOwner = await owner()
    const first = (await call<{ url: string }>('GET', '/api/users/me/calendar-feed', theOwner.token)).body.url
    expect((await call<{ url: string }>('GET', '/api/users/me/calendar-feed', theOwner.token)).body.url).toBe(first)

    const rotated = await call<{ url: string }>('POST', '/api/users/me/calendar-feed', theOwner.token)

    expect(rotated.body.url).not.toBe(first)
    expect((await appRequest(new URL(first).pathname)).status).toBe(404)
    expect((await appRequest(new URL(rotated.body.url).pathname)).status).toBe(200)
    expect((await appRequest('/api/calendar/not-a-token.ics')).status).toBe(404)
  })
})

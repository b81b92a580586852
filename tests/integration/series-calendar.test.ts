import ICAL from 'ical.js'
import { describe, expect, test } from 'vitest'
import { fakeUserFor } from '#tests/fakes/google.ts'
import { appRequest } from './app.ts'
import { type Actor, call, owner, sitter } from './booking-api.ts'
import { startAppWithFakeGoogle } from './fake-google-app.ts'
import { insertDog, insertSchedule, linkGoogleAccount } from './fixtures.ts'

// A weekly series in calendars (issue 33): ONE recurring Google Calendar event per party that linked Google, with
// an EXDATE for each date without a booking and an override for a moved one, and one weekly event in the ICS feed,
// read back by ical.js. Against the local fake Google, on both engines. The series and its changes go through the
// feature functions at a fixed `now` (the routes would use today), so every expected date is written out.
const { google, db } = await startAppWithFakeGoogle()
const { requestSeries, changeSeriesStatus } = await import('#app/features/bookings/booking-series.server.ts')
const { changeBookingStatus } = await import('#app/features/bookings/status-change.server.ts')
const { proposeChange, answerProposal } = await import('#app/features/bookings/booking-proposals.server.ts')
const { BookingChangeSchema, SeriesRequestSchema, SeriesStatusSchema } = await import('#app/features/bookings/schema.ts')
const { deliverDueEvents } = await import('#app/lib/events.server.ts')
const { backgroundWorkDone } = await import('#app/lib/work-queue.server.ts')

/** Friday 15 March 2030, 10:00 in Zurich: the series starts on Monday 18 March; summer time begins on Sunday 31 March. */
const now = Date.parse('2030-03-15T09:00:00Z')

/** The events the changes recorded at `now` are handled (the writers dispatched them at the real time, too early). */
async function deliverEvents() {
  await backgroundWorkDone()
  await deliverDueEvents(now + 60_000, undefined, { untriedToo: true })
}

async function linkGoogle(actor: Actor) {
  const user = fakeUserFor(`${actor.id}@example.com`)
  await linkGoogleAccount(actor.id, { sub: user.sub, accessToken: google.grantAccessToken(user) })
  return user.sub
}

const eventsIn = (sub: string) => google.events.filter((event) => event.owner === sub)
const overridesIn = (sub: string) => google.overrides.filter((override) => override.owner === sub)
const overriddenDates = async (seriesId: string) =>
  (await db.selectFrom('seriesCalendarOverrides').select('seriesDate').where('seriesId', '=', seriesId).orderBy('seriesDate').execute()).map((row) => row.seriesDate)
const bookingOn = (seriesId: string, seriesDate: string) =>
  db.selectFrom('bookings').select('id').where('seriesId', '=', seriesId).where('seriesDate', '=', seriesDate).executeTakeFirstOrThrow()

/**
 * Olivia asks Sam for walks of Rex on Mondays, Wednesdays and Fridays, 08:00-08:30, from Monday 18 March 2030; Sam is
 * away on Friday 22 March (a conflict). Sam accepts (with 'Add to Google Calendar' unless told otherwise).
 */
async function acceptedSeries({ linked = ['owner', 'sitter'], addToCalendar = true }: { linked?: ('owner' | 'sitter')[]; addToCalendar?: boolean } = {}) {
  const theOwner = await owner()
  const theSitter = await sitter()
  const rex = await insertDog(theOwner.id, { name: 'Rex' })
  await insertSchedule(theSitter.id, { blockedDates: ['2030-03-22'] })
  const ownerSub = linked.includes('owner') ? await linkGoogle(theOwner) : null
  const sitterSub = linked.includes('sitter') ? await linkGoogle(theSitter) : null
  const request = SeriesRequestSchema.parse({ sitterId: theSitter.id, dogIds: [rex], weekdays: [1, 3, 5], firstDate: '2030-03-18', startTime: '08:00', duration: 30 })
  const requested = await requestSeries(theOwner, request, now)
  if (!requested.ok) throw new Error(requested.message)
  const accepted = await changeSeriesStatus(theSitter, requested.seriesId, SeriesStatusSchema.parse({ status: 'accepted', addToCalendar }), now)
  expect(accepted).toEqual({ ok: true, seriesId: requested.seriesId })
  await deliverEvents()
  return { theOwner, theSitter, ownerSub: ownerSub ?? '', sitterSub: sitterSub ?? '', seriesId: requested.seriesId }
}

/** The owner skips a date: its booking is cancelled. */
async function skip(theOwner: Actor, seriesId: string, date: string) {
  const { id } = await bookingOn(seriesId, date)
  expect((await changeBookingStatus(theOwner, id, { status: 'cancelled', addToCalendar: true }, now)).ok).toBe(true)
  await deliverEvents()
}

/** The owner moves a date to another day and time, and the sitter accepts the change. */
async function move(theOwner: Actor, theSitter: Actor, seriesId: string, date: string, to: { date: string; startTime: string }) {
  const { id } = await bookingOn(seriesId, date)
  const proposed = await proposeChange(theOwner, id, BookingChangeSchema.parse({ ...to, duration: 30 }), now)
  if (!proposed.ok) throw new Error(proposed.message)
  expect((await answerProposal(theSitter, id, proposed.proposalId, 'accepted', now)).ok).toBe(true)
  await deliverEvents()
}

describe('a weekly series in Google Calendar', () => {
  test("accepting with 'Add to Google Calendar' puts one recurring event in each linked party's calendar, without the date that did not fit", async () => {
    const { ownerSub, sitterSub, seriesId } = await acceptedSeries()

    expect(eventsIn(sitterSub)).toHaveLength(1)
    expect(eventsIn(ownerSub)).toHaveLength(1)
    expect(eventsIn(sitterSub)[0]?.body).toMatchObject({
      summary: 'Dog Walking: Rex (Olivia Owner)',
      start: { dateTime: '2030-03-18T08:00:00+01:00', timeZone: 'Europe/Zurich' },
      end: { dateTime: '2030-03-18T08:30:00+01:00', timeZone: 'Europe/Zurich' },
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR', 'EXDATE;TZID=Europe/Zurich:20300322T080000'],
    })
    expect(eventsIn(ownerSub)[0]?.body).toMatchObject({ summary: 'Dog Walking for Rex with Sam Sitter', recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR', 'EXDATE;TZID=Europe/Zurich:20300322T080000'] })
    expect(await db.selectFrom('seriesCalendarEvents').select('eventId').where('seriesId', '=', seriesId).execute()).toHaveLength(2)
    // Not one event per booking.
    const bookingIds = (await db.selectFrom('bookings').select('id').where('seriesId', '=', seriesId).execute()).map((row) => row.id)
    expect(bookingIds.length).toBeGreaterThan(20)
    expect(await db.selectFrom('calendarEvents').select('eventId').where('bookingId', 'in', bookingIds).execute()).toEqual([])
  })

  test('skipping a date adds its EXDATE to the same event', async () => {
    const { theOwner, ownerSub, sitterSub, seriesId } = await acceptedSeries()

    await skip(theOwner, seriesId, '2030-03-27')

    for (const sub of [sitterSub, ownerSub]) {
      expect(eventsIn(sub)).toHaveLength(1)
      expect(eventsIn(sub)[0]?.body.recurrence).toEqual([
        'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR',
        'EXDATE;TZID=Europe/Zurich:20300322T080000',
        'EXDATE;TZID=Europe/Zurich:20300327T080000',
      ])
    }
  })

  test('moving a date overrides its occurrence (named by its original start in UTC); the event stays one', async () => {
    const { theOwner, theSitter, ownerSub, sitterSub, seriesId } = await acceptedSeries()
    const [eventId] = eventsIn(sitterSub).map((event) => event.id)

    // Wednesday 3 April, 08:00 summer time (06:00 UTC), to Thursday 4 April at 09:00.
    await move(theOwner, theSitter, seriesId, '2030-04-03', { date: '2030-04-04', startTime: '09:00' })

    expect(eventsIn(sitterSub)).toHaveLength(1)
    expect(eventsIn(ownerSub)).toHaveLength(1)
    expect(eventsIn(sitterSub)[0]?.body.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR', 'EXDATE;TZID=Europe/Zurich:20300322T080000'])
    expect(overridesIn(sitterSub)).toHaveLength(1)
    expect(overridesIn(ownerSub)).toHaveLength(1)
    expect(overridesIn(sitterSub)[0]).toMatchObject({ id: `${eventId}_20300403T060000Z`, recurringEventId: eventId, originalStart: '20300403T060000Z' })
    expect(overridesIn(sitterSub)[0]?.body).toMatchObject({
      start: { dateTime: '2030-04-04T09:00:00+02:00', timeZone: 'Europe/Zurich' },
      end: { dateTime: '2030-04-04T09:30:00+02:00', timeZone: 'Europe/Zurich' },
      originalStartTime: { dateTime: '2030-04-03T08:00:00+02:00', timeZone: 'Europe/Zurich' },
    })
  })

  test("cancelling a moved date takes its occurrence out at its new time too: the move's override is cancelled, the date excluded", async () => {
    const { theOwner, theSitter, ownerSub, sitterSub, seriesId } = await acceptedSeries()
    const [eventId] = eventsIn(sitterSub).map((event) => event.id)
    await move(theOwner, theSitter, seriesId, '2030-04-03', { date: '2030-04-04', startTime: '09:00' })

    await skip(theOwner, seriesId, '2030-04-03')

    for (const sub of [sitterSub, ownerSub]) {
      expect(eventsIn(sub)[0]?.body.recurrence).toEqual([
        'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR',
        'EXDATE;TZID=Europe/Zurich:20300322T080000',
        'EXDATE;TZID=Europe/Zurich:20300403T080000',
      ])
      // Thursday 4 April at 09:00 would otherwise stay in the calendar as an event of its own.
      expect(overridesIn(sub).map(({ originalStart, body }) => ({ originalStart, body }))).toEqual([{ originalStart: '20300403T060000Z', body: { status: 'cancelled' } }])
    }
    expect(overridesIn(sitterSub)[0]?.recurringEventId).toBe(eventId)

    // A later change of the series deletes nothing twice.
    await skip(theOwner, seriesId, '2030-04-05')
    expect(overridesIn(sitterSub)).toHaveLength(1)
    expect(eventsIn(sitterSub)[0]?.body.recurrence).toContain('EXDATE;TZID=Europe/Zurich:20300405T080000')
    const deletes = google.occurrenceRequests.filter((call) => call.method === 'DELETE' && call.id.endsWith('_20300403T060000Z'))
    expect(deletes).toHaveLength(2)
    expect(await overriddenDates(seriesId)).toEqual([])
  })

  test('a date moved and then back to its time shows that time again; cancelled after, its override goes too', async () => {
    const { theOwner, theSitter, ownerSub, sitterSub, seriesId } = await acceptedSeries()
    await move(theOwner, theSitter, seriesId, '2030-04-03', { date: '2030-04-04', startTime: '09:00' })

    await move(theOwner, theSitter, seriesId, '2030-04-03', { date: '2030-04-03', startTime: '08:00' })

    for (const sub of [sitterSub, ownerSub]) {
      expect(overridesIn(sub)).toHaveLength(1)
      expect(overridesIn(sub)[0]?.body).toMatchObject({
        start: { dateTime: '2030-04-03T08:00:00+02:00', timeZone: 'Europe/Zurich' },
        end: { dateTime: '2030-04-03T08:30:00+02:00', timeZone: 'Europe/Zurich' },
      })
    }
    expect(await overriddenDates(seriesId)).toEqual(['2030-04-03', '2030-04-03'])

    await skip(theOwner, seriesId, '2030-04-03')

    for (const sub of [sitterSub, ownerSub]) {
      expect(eventsIn(sub)[0]?.body.recurrence).toContain('EXDATE;TZID=Europe/Zurich:20300403T080000')
      expect(overridesIn(sub).map(({ originalStart, body }) => ({ originalStart, body }))).toEqual([{ originalStart: '20300403T060000Z', body: { status: 'cancelled' } }])
    }
    expect(await overriddenDates(seriesId)).toEqual([])
  })

  test('ending the series gives the event an UNTIL at the end of its last day', async () => {
    const { theOwner, theSitter, ownerSub, sitterSub, seriesId } = await acceptedSeries()
    await skip(theOwner, seriesId, '2030-04-17')

    // From Monday 15 April: the last day is Sunday 14 April, which ends at 22:00 UTC in summer.
    expect(await changeSeriesStatus(theSitter, seriesId, SeriesStatusSchema.parse({ status: 'ended', from: '2030-04-15' }), now)).toMatchObject({ ok: true })
    await deliverEvents()

    for (const sub of [sitterSub, ownerSub]) {
      expect(eventsIn(sub)).toHaveLength(1)
      // The skipped 17 April lies past the end: no EXDATE needed for it.
      expect(eventsIn(sub)[0]?.body.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20300414T215959Z', 'EXDATE;TZID=Europe/Zurich:20300322T080000'])
    }
  })

  test("unticked, no event is made; a party without Google gets none while the other gets theirs", async () => {
    const unticked = await acceptedSeries({ addToCalendar: false })
    expect(eventsIn(unticked.sitterSub)).toEqual([])
    expect(eventsIn(unticked.ownerSub)).toEqual([])
    await skip(unticked.theOwner, unticked.seriesId, '2030-03-25')
    expect(eventsIn(unticked.sitterSub)).toEqual([])

    const sitterOnly = await acceptedSeries({ linked: ['sitter'] })
    expect(eventsIn(sitterOnly.sitterSub)).toHaveLength(1)
    expect(await db.selectFrom('seriesCalendarEvents').select('userId').where('seriesId', '=', sitterOnly.seriesId).execute()).toEqual([{ userId: sitterOnly.theSitter.id }])
  })

  test('while Google is down the series stands, and the retried delivery of its acceptance makes the events once', async () => {
    google.failCalendar(true)
    let series: Awaited<ReturnType<typeof acceptedSeries>>
    try {
      series = await acceptedSeries()
      expect(eventsIn(series.sitterSub)).toEqual([])
      expect((await db.selectFrom('bookingSeries').select('status').where('id', '=', series.seriesId).executeTakeFirstOrThrow()).status).toBe('accepted')
    } finally {
      google.failCalendar(false)
    }
    const delivery = () =>
      db
        .selectFrom('eventDeliveries')
        .innerJoin('domainEvents', 'domainEvents.id', 'eventDeliveries.eventId')
        .select(['attempts', 'deliveredAt', 'nextAttemptAt'])
        .where('domainEvents.subjectId', '=', series.seriesId)
        .where('domainEvents.type', '=', 'booking-series.accepted')
        .where('subscriber', '=', 'series-google-calendar')
        .executeTakeFirstOrThrow()
    const failed = await delivery()
    expect(failed).toMatchObject({ attempts: 1, deliveredAt: null })

    await deliverDueEvents(Date.parse(failed.nextAttemptAt))
    await deliverDueEvents(Date.parse(failed.nextAttemptAt) + 60 * 60_000)

    expect(eventsIn(series.sitterSub)).toHaveLength(1)
    expect(eventsIn(series.ownerSub)).toHaveLength(1)
    expect((await delivery()).deliveredAt).not.toBeNull()
  })

  test("'Add to Google Calendar' on one booking of a series adds the series' event, never one for the booking", async () => {
    const { theOwner, ownerSub, sitterSub, seriesId } = await acceptedSeries({ addToCalendar: false })
    const { id } = await bookingOn(seriesId, '2030-03-20')

    const added = await call('POST', `/api/bookings/${id}/calendar`, theOwner.token)
    const again = await call('POST', `/api/bookings/${id}/calendar`, theOwner.token)

    expect(added.body).toMatchObject({ added: true, results: [{ party: 'sitter', outcome: 'created' }, { party: 'owner', outcome: 'created' }] })
    expect(again.body).toMatchObject({ added: true, results: [{ outcome: 'exists' }, { outcome: 'exists' }] })
    expect(eventsIn(sitterSub)).toHaveLength(1)
    expect(eventsIn(ownerSub)).toHaveLength(1)
    expect(eventsIn(sitterSub)[0]?.body.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR', 'EXDATE;TZID=Europe/Zurich:20300322T080000'])
    expect(await db.selectFrom('calendarEvents').select('eventId').where('bookingId', '=', id).execute()).toEqual([])
  })
})

/** The feed of an actor, read by ical.js: each weekly event expanded with its moved occurrences, and the single events. */
async function feedOccurrences(actor: Actor) {
  const { url } = (await call<{ url: string }>('GET', '/api/users/me/calendar-feed', actor.token)).body
  const response = await appRequest(new URL(url).pathname)
  expect(response.status).toBe(200)
  const vevents = ICAL.Component.fromString(await response.text()).getAllSubcomponents('vevent')
  const occurrences: { uid: string; start: string; end: string }[] = []
  for (const master of vevents.filter((vevent) => !vevent.hasProperty('recurrence-id'))) {
    const uid = String(master.getFirstPropertyValue('uid'))
    const event = new ICAL.Event(master, { exceptions: vevents.filter((vevent) => vevent !== master && vevent.getFirstPropertyValue('uid') === uid) })
    const iterator = event.iterator()
    // Far enough to see where a series without an end runs on.
    for (let next = iterator.next(); next && next.toJSDate().toISOString() < '2030-06-01'; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next)
      occurrences.push({ uid, start: details.startDate.toJSDate().toISOString(), end: details.endDate.toJSDate().toISOString() })
    }
  }
  return occurrences.sort((a, b) => a.start.localeCompare(b.start))
}

describe('a weekly series in the ICS feed', () => {
  test('is one weekly event that ical.js expands to the booked dates at 08:00 in Zurich, without the skipped date, the moved one at its new time; the end stops it', async () => {
    const { theOwner, theSitter, seriesId } = await acceptedSeries({ linked: [] })
    await skip(theOwner, seriesId, '2030-03-27')
    await move(theOwner, theSitter, seriesId, '2030-04-03', { date: '2030-04-04', startTime: '09:00' })

    const occurrences = await feedOccurrences(theOwner)

    expect(new Set(occurrences.map((occurrence) => occurrence.uid))).toEqual(new Set([`booking-series-${seriesId}@pawpal`]))
    expect(occurrences.slice(0, 9).map((occurrence) => occurrence.start)).toEqual([
      '2030-03-18T07:00:00.000Z', // Monday, winter time
      '2030-03-20T07:00:00.000Z',
      // Friday 22 March did not fit, Wednesday 27 March is skipped
      '2030-03-25T07:00:00.000Z',
      '2030-03-29T07:00:00.000Z',
      '2030-04-01T06:00:00.000Z', // Monday, summer time
      // Wednesday 3 April moved to Thursday 4 April, 09:00
      '2030-04-04T07:00:00.000Z',
      '2030-04-05T06:00:00.000Z',
      '2030-04-08T06:00:00.000Z',
      '2030-04-10T06:00:00.000Z',
    ])
    expect(occurrences.find((occurrence) => occurrence.start === '2030-04-04T07:00:00.000Z')?.end).toBe('2030-04-04T07:30:00.000Z')
    expect(occurrences.at(-1)?.start).toBe('2030-05-31T06:00:00.000Z') // no end: it runs on
    expect(await feedOccurrences(theSitter)).toEqual(occurrences)

    expect((await changeSeriesStatus(theOwner, seriesId, SeriesStatusSchema.parse({ status: 'ended', from: '2030-04-06' }), now)).ok).toBe(true)

    const ended = await feedOccurrences(theOwner)
    expect(ended.slice(-3).map((occurrence) => occurrence.start)).toEqual(['2030-04-01T06:00:00.000Z', '2030-04-04T07:00:00.000Z', '2030-04-05T06:00:00.000Z'])
  })
})

import { describe, expect, test } from 'vitest'
import { fakeUserFor } from '#tests/fakes/google.ts'
import { appRequest } from './app.ts'
import { type Actor, call, owner, requestBooking, setStatus, sitter } from './booking-api.ts'
import { startAppWithFakeGoogle } from './fake-google-app.ts'
import { insertDog, insertSchedule, linkGoogleAccount, localDateFromToday } from './fixtures.ts'
import { signedIn, textOf, visitAs } from './page-visits.ts'

// Changes both sides agree to (issue 33 part 2, DESIGN.md ruling 28): either party proposes a new date, time, dogs or
// notes for a pending or accepted booking; the other accepts or declines, its author may withdraw it; both read the
// price before and after; the request's rules apply to the new time when it is accepted; the booking's page lists its
// history; the Google Calendar event is updated, never doubled. Through the production request handler, on both engines.
const { google, db } = await startAppWithFakeGoogle()

type Change = { id: string; status: string; proposedBy: string; previous: { price: number; date: string; timeSlots: unknown[]; dogNames: string[] }; proposed: { price: number; date: string; timeSlots: unknown[]; dogNames: string[] } }
type BookingAnswer = { id: string; status: string; date: string; price: number; dogIds: string[]; notes: string | null; timeSlots: { startTime: string; endTime: string }[]; changes: Change[]; history: { what: string; by: string | null }[] }

/** Olivia with Rex and Luna; Sam walks for $24 an hour, $10 for each further dog, and takes several dogs. */
async function parties() {
  const theOwner = await owner()
  const rex = await insertDog(theOwner.id, { name: 'Rex' })
  const luna = await insertDog(theOwner.id, { name: 'Luna' })
  const theSitter = await sitter({ services: [{ service: 'walking', hourlyRateCents: 2400 }] })
  await db.updateTable('sitterProfiles').set({ acceptsMultipleDogs: 1 }).where('userId', '=', theSitter.id).execute()
  await db.updateTable('sitterServices').set({ extraDogRateCents: 1000 }).where('sitterId', '=', theSitter.id).execute()
  return { theOwner, theSitter, rex, luna }
}

/** An accepted walk of Rex at 10:00 (60 minutes unless `duration` says otherwise), `days` ahead. */
async function acceptedWalk(days = 5, duration = 60) {
  const people = await parties()
  const booking = await requestBooking(people.theOwner.token, { dogIds: [people.rex], sitterId: people.theSitter.id, date: localDateFromToday(days), startTime: '10:00', duration })
  expect((await setStatus(people.theSitter.token, booking.id, 'accepted', { addToCalendar: false })).status).toBe(200)
  return { ...people, booking }
}

const propose = (actor: Actor, bookingId: string, body: unknown) => call<BookingAnswer & { message: string; errors: Record<string, string[]> }>('POST', `/api/bookings/${bookingId}/changes`, actor.token, body)
const answer = (actor: Actor, bookingId: string, changeId: string, status: string) =>
  call<BookingAnswer & { message: string }>('PATCH', `/api/bookings/${bookingId}/changes/${changeId}`, actor.token, { status })
const bookingRow = (id: string) => db.selectFrom('bookings').select(['date', 'priceCents', 'dogId', 'notes', 'startsAt']).where('id', '=', id).executeTakeFirstOrThrow()
const slotRows = (id: string) => db.selectFrom('bookingTimeSlots').select(['startTime', 'endTime']).where('bookingId', '=', id).orderBy('position').execute()
const dogRows = async (id: string) => (await db.selectFrom('bookingDogs').select('dogId').where('bookingId', '=', id).orderBy('position').execute()).map((row) => row.dogId)
const proposalRows = (id: string) => db.selectFrom('bookingProposals').select(['status']).where('bookingId', '=', id).execute()
const noticesOf = (userId: string) => db.selectFrom('notifications').select(['text', 'type']).where('userId', '=', userId).orderBy('occurredAt').execute()

describe('a change proposed and accepted', () => {
  test('the owner moves the walk a day and adds Luna: both read the price before ($24) and after ($34); the sitter accepts and the booking reads as proposed', async () => {
    const { theOwner, theSitter, rex, luna, booking } = await acceptedWalk()
    const newDate = localDateFromToday(6)

    const proposed = await propose(theOwner, booking.id, { date: newDate, startTime: '11:00', duration: 60, dogIds: [rex, luna] })

    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201)
    const [change] = proposed.body.changes
    expect(change).toMatchObject({
      proposedBy: 'owner',
      status: 'pending',
      previous: { date: booking.date, price: 24, dogNames: ['Rex'], timeSlots: [{ startTime: '10:00', endTime: '11:00' }] },
      proposed: { date: newDate, price: 34, dogNames: ['Rex', 'Luna'], timeSlots: [{ startTime: '11:00', endTime: '12:00' }] },
      canWithdraw: true,
      canAnswer: false,
    })
    // Nothing changes until the sitter accepts.
    expect(await bookingRow(booking.id)).toMatchObject({ date: booking.date, priceCents: 2400 })
    const seenBySitter = await call<BookingAnswer>('GET', `/api/bookings/${booking.id}`, theSitter.token)
    expect(seenBySitter.body.changes[0]).toMatchObject({ canAnswer: true, canWithdraw: false, previous: { price: 24 }, proposed: { price: 34 } })
    expect((await noticesOf(theSitter.id)).map((notice) => notice.text).at(-1)).toContain('Olivia Owner proposed a change to a walk for Rex')

    const accepted = await answer(theSitter, booking.id, change?.id ?? '', 'accepted')

    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(accepted.body).toMatchObject({ status: 'accepted', date: newDate, price: 34, dogIds: [rex, luna], timeSlots: [{ startTime: '11:00', endTime: '12:00' }] })
    expect(await bookingRow(booking.id)).toMatchObject({ date: newDate, priceCents: 3400, dogId: rex })
    expect(await slotRows(booking.id)).toEqual([{ startTime: '11:00', endTime: '12:00' }])
    expect(await dogRows(booking.id)).toEqual([rex, luna])
    expect(accepted.body.history.map((entry) => [entry.what, entry.by])).toEqual([
      ['requested', 'owner'],
      ['accepted', 'sitter'],
      ['change-proposed', 'owner'],
      ['changed', 'sitter'],
    ])
    expect((await noticesOf(theOwner.id)).map((notice) => notice.text).at(-1)).toContain('Sam Sitter accepted your change. Now: a walk for Rex and Luna')
  })

  test('the sitter proposes another time only; the owner declines: nothing changes, and the history says so', async () => {
    const { theOwner, theSitter, booking } = await acceptedWalk()

    const proposed = await propose(theSitter, booking.id, { startTime: '14:00', duration: 30 })
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201)
    expect(proposed.body.changes[0]?.proposed.price).toBe(12)

    const declined = await answer(theOwner, booking.id, proposed.body.changes[0]?.id ?? '', 'declined')

    expect(declined.status).toBe(200)
    expect(await slotRows(booking.id)).toEqual([{ startTime: '10:00', endTime: '11:00' }])
    expect(await bookingRow(booking.id)).toMatchObject({ priceCents: 2400 })
    expect(declined.body.history.map((entry) => entry.what).slice(-2)).toEqual(['change-proposed', 'change-declined'])
  })

  test('a pending request can be changed too, and its author withdraws a change', async () => {
    const { theOwner, theSitter, rex } = await parties()
    const request = await requestBooking(theOwner.token, { dogIds: [rex], sitterId: theSitter.id, date: localDateFromToday(5), startTime: '10:00', duration: 60 })

    const proposed = await propose(theOwner, request.id, { notes: 'Rex pulls at the start' })
    expect(proposed.status).toBe(201)
    const changeId = proposed.body.changes[0]?.id ?? ''
    expect((await answer(theSitter, request.id, changeId, 'withdrawn')).status).toBe(403)

    const withdrawn = await answer(theOwner, request.id, changeId, 'withdrawn')

    expect(withdrawn.status).toBe(200)
    expect(await proposalRows(request.id)).toEqual([{ status: 'withdrawn' }])
    expect(await bookingRow(request.id)).toMatchObject({ notes: null })
  })
})

describe('the change form on the booking page', () => {
  test("offers the owner her dogs by name, several at once when the sitter takes several, reading neither her other dogs' nor the sitter's whole profiles", async () => {
    const { theOwner, booking, luna } = await acceptedWalk()
    // Imported here: it loads the app's modules, which must read the fake Google's settings first.
    const { statementsOf } = await import('./statements-of.ts')
    const { result: response, statements } = await statementsOf(async () => visitAs(await signedIn(theOwner), `/bookings/${booking.id}`))
    const html = await response.text()

    const choices = [...html.matchAll(/<input[^>]*type="checkbox"[^>]*name="dogIds"[^>]*>/g)].map(([input]) => input)
    expect(choices).toHaveLength(2)
    expect(await textOf(new Response(html))).toMatch(/Rex[\s\S]*Luna/)
    // The booking's own dog, Rex, is read whole for the booking; Luna, a choice only, by name and photo.
    const profileReads = statements.filter((statement) => /"(dogTraits|dogActivities|dogAvailability)"/.test(statement.sql))
    expect(profileReads.filter((statement) => statement.parameters.includes(luna))).toEqual([])
    expect(statements.filter((statement) => /"(sitterDogSizes|sitterDogAges|sitterPreferredBreeds|sitterPhotos)"/.test(statement.sql))).toEqual([])
  })
})

describe('e-mails of a change', () => {
  const mailsTo = async (userId: string) => {
    const { backgroundWorkDone } = await import('#app/lib/work-queue.server.ts')
    await backgroundWorkDone()
    const { email } = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()
    return (await db.selectFrom('emailOutbox').select(['subject', 'body']).where('recipient', '=', email).orderBy('createdAt').execute()).map((mail) => mail.subject)
  }

  test('the other party is e-mailed a proposal, its author the answer; a second proposal is a second e-mail', async () => {
    const { theOwner, theSitter, booking } = await acceptedWalk()
    const when = String(booking.date)
    const subjectDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${when}T00:00:00Z`))
    const before = await mailsTo(theSitter.id)

    const first = await propose(theOwner, booking.id, { notes: 'Use the back gate' })
    expect(first.status).toBe(201)
    expect((await mailsTo(theSitter.id)).slice(before.length)).toEqual([`Change proposed: Rex on ${subjectDate}`])

    expect((await answer(theSitter, booking.id, first.body.changes[0]?.id ?? '', 'declined')).status).toBe(200)
    expect((await mailsTo(theOwner.id)).at(-1)).toBe(`Change declined: Rex on ${subjectDate}`)

    const second = await propose(theOwner, booking.id, { notes: 'Use the front gate' })
    expect((await mailsTo(theSitter.id)).slice(before.length)).toEqual([`Change proposed: Rex on ${subjectDate}`, `Change proposed: Rex on ${subjectDate}`])
    expect((await answer(theSitter, booking.id, second.body.changes[1]?.id ?? '', 'accepted')).status).toBe(200)
    expect((await mailsTo(theOwner.id)).at(-1)).toBe(`Change accepted: Rex on ${subjectDate}`)
  })
})

describe('a change accepted while the booking is cancelled', () => {
  test('accepting and cancelling at the same moment: the booking ends cancelled, and rewritten only if the change was accepted first', async () => {
    const { theOwner, theSitter, booking } = await acceptedWalk()
    const proposed = await propose(theOwner, booking.id, { startTime: '11:00', duration: 60 })
    const changeId = proposed.body.changes[0]?.id ?? ''

    const [accepted, cancelled] = await Promise.all([answer(theSitter, booking.id, changeId, 'accepted'), setStatus(theOwner.token, booking.id, 'cancelled')])

    expect(cancelled.status).toBe(200)
    const row = await db.selectFrom('bookings').select(['status', 'startsAt']).where('id', '=', booking.id).executeTakeFirstOrThrow()
    expect(row.status).toBe('cancelled')
    const slots = await slotRows(booking.id)
    const proposal = await db.selectFrom('bookingProposals').select('status').where('id', '=', changeId).executeTakeFirstOrThrow()
    if (accepted.status === 200) {
      expect(slots).toEqual([{ startTime: '11:00', endTime: '12:00' }])
      expect(proposal.status).toBe('accepted')
    } else {
      expect(accepted.status).toBe(409)
      expect(slots).toEqual([{ startTime: '10:00', endTime: '11:00' }])
      expect(proposal.status).toBe('pending')
    }
    // Either way nothing waits on a cancelled booking: an unanswered change lapsed with it, and cannot be answered.
    const read = await call<BookingAnswer>('GET', `/api/bookings/${booking.id}`, theSitter.token)
    expect(read.body.changes.map((change) => change.status)).toEqual([accepted.status === 200 ? 'accepted' : 'lapsed'])
    expect((await answer(theSitter, booking.id, changeId, 'declined')).status).toBe(409)
  })

  test('a change left unanswered when the booking is cancelled lapses: the page offers no Accept, and answering it is 409', async () => {
    const { theOwner, theSitter, booking } = await acceptedWalk()
    const proposed = await propose(theOwner, booking.id, { notes: 'Bring treats' })
    expect((await setStatus(theOwner.token, booking.id, 'cancelled')).status).toBe(200)

    const read = await call<BookingAnswer>('GET', `/api/bookings/${booking.id}`, theSitter.token)
    expect(read.body.changes.map((change) => change.status)).toEqual(['lapsed'])
    const page = await textOf(await visitAs(await signedIn(theSitter), `/bookings/${booking.id}`))
    expect(page).not.toContain('Accept change')
    expect((await answer(theSitter, booking.id, proposed.body.changes[0]?.id ?? '', 'accepted')).status).toBe(409)
    expect((await answer(theOwner, booking.id, proposed.body.changes[0]?.id ?? '', 'withdrawn')).status).toBe(409)
  })
})

describe('who may propose and answer', () => {
  test('its author cannot accept it (403); a stranger gets 404 for the booking and the change; an answered change is 409', async () => {
    const { theOwner, theSitter, booking } = await acceptedWalk()
    const stranger = await owner('Nina Nobody')
    const proposed = await propose(theOwner, booking.id, { notes: 'Gate code changed' })
    const changeId = proposed.body.changes[0]?.id ?? ''

    expect(await answer(theOwner, booking.id, changeId, 'accepted')).toMatchObject({ status: 403, body: { message: 'Only the other party can accept or decline this change' } })
    expect((await propose(stranger, booking.id, { notes: 'mine now' })).status).toBe(404)
    expect((await answer(stranger, booking.id, changeId, 'accepted')).status).toBe(404)
    expect((await answer(theSitter, booking.id, 'no-such-change', 'accepted')).status).toBe(404)

    expect((await answer(theSitter, booking.id, changeId, 'declined')).status).toBe(200)
    expect(await answer(theSitter, booking.id, changeId, 'accepted')).toMatchObject({ status: 409, body: { message: 'This change has already been answered' } })
  })

  test('only the owner chooses the dogs (403); one change waits at a time (409)', async () => {
    const { theOwner, theSitter, rex, luna, booking } = await acceptedWalk()

    expect(await propose(theSitter, booking.id, { dogIds: [rex, luna] })).toMatchObject({ status: 403, body: { message: 'Only the owner chooses the dogs' } })
    expect((await propose(theOwner, booking.id, { notes: 'first' })).status).toBe(201)
    expect(await propose(theSitter, booking.id, { notes: 'second' })).toMatchObject({ status: 409, body: { message: 'A change of this booking is already waiting for an answer' } })
    expect(await proposalRows(booking.id)).toHaveLength(1)
  })

  test('two changes proposed at the same moment: one waits, the other is refused', async () => {
    const { theOwner, theSitter, booking } = await acceptedWalk()

    const answers = await Promise.all([propose(theOwner, booking.id, { notes: 'from the owner' }), propose(theSitter, booking.id, { startTime: '15:00', duration: 60 })])

    expect(answers.map((each) => each.status).sort()).toEqual([201, 409])
    expect(await proposalRows(booking.id)).toEqual([{ status: 'pending' }])
  })

  test('a cancelled booking cannot be changed (409)', async () => {
    const { theOwner, booking } = await acceptedWalk()
    expect((await setStatus(theOwner.token, booking.id, 'cancelled')).status).toBe(200)

    expect(await propose(theOwner, booking.id, { notes: 'too late' })).toMatchObject({ status: 409, body: { message: 'Only a pending or accepted booking can be changed' } })
  })
})

describe('the new time follows the request rules', () => {
  test("accepting a change onto another accepted booking's time is refused (409) and changes nothing", async () => {
    const { theOwner, theSitter, rex, booking } = await acceptedWalk()
    const other = await requestBooking(theOwner.token, { dogIds: [rex], sitterId: theSitter.id, date: booking.date, startTime: '14:00', duration: 60 })
    const proposed = await propose(theOwner, booking.id, { startTime: '13:00', duration: 60 })
    expect(proposed.status).toBe(201)
    expect((await setStatus(theSitter.token, other.id, 'accepted', { addToCalendar: false })).status).toBe(200)
    // 13:00-14:00 now touches nothing, but 13:30-14:30 would: propose that instead.
    await answer(theOwner, booking.id, proposed.body.changes[0]?.id ?? '', 'withdrawn')
    const overlapping = await propose(theSitter, booking.id, { startTime: '13:30', duration: 60 })

    expect(overlapping).toMatchObject({ status: 409, body: { message: 'The sitter already has an accepted booking at this time.' } })
    expect(await slotRows(booking.id)).toEqual([{ startTime: '10:00', endTime: '11:00' }])
  })

  test('an overlap that arises after the proposal refuses the acceptance (409): the booking and the change stay', async () => {
    const { theOwner, theSitter, rex, booking } = await acceptedWalk()
    const proposed = await propose(theOwner, booking.id, { startTime: '16:00', duration: 60 })
    const other = await requestBooking(theOwner.token, { dogIds: [rex], sitterId: theSitter.id, date: booking.date, startTime: '16:00', duration: 30 })
    expect((await setStatus(theSitter.token, other.id, 'accepted', { addToCalendar: false })).status).toBe(200)

    const refused = await answer(theSitter, booking.id, proposed.body.changes[0]?.id ?? '', 'accepted')

    expect(refused).toMatchObject({ status: 409, body: { message: 'The sitter already has an accepted booking at this time.' } })
    expect(await slotRows(booking.id)).toEqual([{ startTime: '10:00', endTime: '11:00' }])
    expect(await proposalRows(booking.id)).toEqual([{ status: 'pending' }])
  })

  test("a day the sitter blocked is refused when proposed (409)", async () => {
    const { theOwner, theSitter, booking } = await acceptedWalk()
    await insertSchedule(theSitter.id, { blockedDates: [localDateFromToday(7)] })

    const refused = await propose(theOwner, booking.id, { date: localDateFromToday(7) })

    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('not available')
  })

  test.each([
    ['nothing at all', {}, '', 'Please change the date, the time, the dogs or the notes'],
    ['the booking as it stands', { startTime: '10:00', duration: 60 }, '', 'This is the booking as it stands: please change the date, the time, the dogs or the notes'],
    ['a past date', { date: '2020-01-01' }, 'date', 'Please choose a date from today on'],
    ['a date that is no date', { date: '2026-02-31' }, 'date', ''],
    ['a walk of 45 minutes', { startTime: '10:00', endTime: '10:45' }, 'slots', 'A walk lasts 30 or 60 minutes'],
    ['a time off the quarter hour', { startTime: '10:10', duration: 60 }, 'startTime', 'Start time must be on the quarter hour, like 09:00 or 09:15'],
    ['notes over 2,000 characters', { notes: 'x'.repeat(2001) }, 'notes', 'Notes must be at most 2000 characters'],
    ['a control character in the notes', { notes: 'a\u0000b' }, 'notes', ''],
    ['notes as a number', { notes: 42 }, 'notes', ''],
    ['dogIds as a string', { dogIds: 'rex' }, 'dogIds', 'dogIds must be a list of dog ids'],
    ['a dog of someone else', { dogIds: ['not-my-dog'] }, 'dogIds', 'Dog not found'],
  ])('refuses %s with 400 and stores nothing', async (_name, body, field, message) => {
    const { theOwner, booking } = await acceptedWalk()

    const refused = await propose(theOwner, booking.id, body)

    expect(refused.status, JSON.stringify(refused.body)).toBe(400)
    if (message) expect(refused.body.message).toContain(message)
    if (field) expect(Object.keys(refused.body.errors ?? {})).toContain(field)
    expect(await proposalRows(booking.id)).toEqual([])
  })

  test('an answer other than accepted, declined or withdrawn is 400; a body that is not JSON is 400', async () => {
    const { theOwner, theSitter, booking } = await acceptedWalk()
    const changeId = (await propose(theOwner, booking.id, { notes: 'x' })).body.changes[0]?.id ?? ''

    expect((await answer(theSitter, booking.id, changeId, 'maybe')).status).toBe(400)
    expect((await call('PATCH', `/api/bookings/${booking.id}/changes/${changeId}`, theSitter.token, '{not json')).status).toBe(400)
    expect(await proposalRows(booking.id)).toEqual([{ status: 'pending' }])
  })
})

describe('Google Calendar follows an accepted change', () => {
  test('the event of each party is updated to the new time: still one event each', async () => {
    const { theOwner, theSitter, booking } = await acceptedWalk()
    for (const actor of [theOwner, theSitter]) {
      const user = fakeUserFor(`${actor.id}@example.com`)
      await linkGoogleAccount(actor.id, { sub: user.sub, accessToken: google.grantAccessToken(user) })
    }
    expect((await call('POST', `/api/bookings/${booking.id}/calendar`, theSitter.token)).status).toBe(200)
    const sitterSub = fakeUserFor(`${theSitter.id}@example.com`).sub
    expect(google.events.filter((event) => event.owner === sitterSub)).toHaveLength(1)

    const changeId = (await propose(theOwner, booking.id, { startTime: '15:00', duration: 30 })).body.changes[0]?.id ?? ''
    expect((await answer(theSitter, booking.id, changeId, 'accepted')).status).toBe(200)

    const events = google.events.filter((event) => event.owner === sitterSub)
    expect(events).toHaveLength(1)
    const date = booking.date as string
    expect(events[0]?.body).toMatchObject({ start: { dateTime: expect.stringMatching(new RegExp(`^${date}T15:00:00\\+0[12]:00$`)) } })
    expect(events[0]?.body).toMatchObject({ end: { dateTime: expect.stringMatching(new RegExp(`^${date}T15:30:00\\+0[12]:00$`)) } })
  })
})

describe('the booking page without JavaScript', () => {
  const post = (person: { cookie: string }, path: string, fields: [string, string][]) =>
    appRequest(path, { method: 'POST', body: new URLSearchParams(fields), headers: { cookie: person.cookie } })

  test('the owner proposes a new start time on the page; the sitter reads it with both prices and accepts it there', async () => {
    const { theOwner, theSitter, booking } = await acceptedWalk()
    const ownerPerson = await signedIn(theOwner)
    const path = `/bookings/${booking.id}`
    expect(await textOf(await visitAs(ownerPerson, path))).toContain('Propose a change')

    const sent = await post(ownerPerson, path, [
      ['intent', 'change-propose'],
      ['date', booking.date as string],
      ['startTime', '12:00'],
      ['duration', '30'],
      ['notes', ''],
    ])
    expect(sent.status, await sent.clone().text()).toBe(302)

    const sitterPerson = await signedIn(theSitter)
    const sitterPage = await textOf(await visitAs(sitterPerson, path))
    expect(sitterPage).toContain('Olivia Owner proposes a change')
    expect(sitterPage).toContain('Time 10:00 - 11:00 → becomes 12:00 - 12:30')
    expect(sitterPage).toContain('Price $24.00 → becomes $12.00')
    const changeId = (await db.selectFrom('bookingProposals').select('id').where('bookingId', '=', booking.id).executeTakeFirstOrThrow()).id

    const accepted = await post(sitterPerson, path, [
      ['intent', 'change-answer'],
      ['changeId', changeId],
      ['status', 'accepted'],
    ])

    expect(accepted.status).toBe(302)
    expect(await slotRows(booking.id)).toEqual([{ startTime: '12:00', endTime: '12:30' }])
    const after = await textOf(await visitAs(ownerPerson, path))
    expect(after).toContain('History Requested by Olivia Owner')
    expect(after).toContain('Change accepted by Sam Sitter')
  })

  test("the form starts from the walk's own length, and a new length alone keeps the start", async () => {
    const { theOwner, booking } = await acceptedWalk(5, 30)
    const person = await signedIn(theOwner)
    const path = `/bookings/${booking.id}`
    const durations = (await (await visitAs(person, path)).text()).match(/<input[^>]*name="duration"[^>]*>/g) ?? []
    expect(durations.filter((input) => input.includes('checked=""'))).toEqual([expect.stringContaining('value="30"')])

    const sent = await post(person, path, [
      ['intent', 'change-propose'],
      ['date', booking.date as string],
      ['startTime', ''],
      ['duration', '60'],
      ['notes', ''],
    ])

    expect(sent.status).toBe(302)
    const [row] = await db.selectFrom('bookingProposals').select('proposed').where('bookingId', '=', booking.id).execute()
    expect(JSON.parse(row?.proposed ?? '{}')).toMatchObject({ slots: [{ startTime: '10:00', endTime: '11:00' }], priceCents: 2400 })
  })

  test('a refused proposal comes back with the reason at its field and what was typed', async () => {
    const { theOwner, booking } = await acceptedWalk()
    const refused = await post(await signedIn(theOwner), `/bookings/${booking.id}`, [
      ['intent', 'change-propose'],
      ['date', booking.date as string],
      ['startTime', '10:10'],
      ['duration', '60'],
      ['notes', 'Keep this note'],
    ])

    expect(refused.status).toBe(400)
    const html = await refused.text()
    expect(html).toContain('Start time must be on the quarter hour, like 09:00 or 09:15')
    expect(html).toMatch(/<textarea[^>]*>Keep this note<\/textarea>/)
    expect(html).toMatch(/<details[^>]* open=""/)
    expect(await proposalRows(booking.id)).toEqual([])
  })
})

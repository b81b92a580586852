import { beforeAll, describe, expect, test } from 'vitest'
import { blockedBookingsSubscriber } from '#app/features/bookings/blocked-bookings.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { backgroundWorkDone } from '#app/lib/work-queue.server.ts'
import { appRequest, startTestApp } from './app.ts'
import { type Actor, call, ownerDogAndSitter, requestBooking, sitter as newSitter } from './booking-api.ts'
import { insertDog, localDateFromToday } from './fixtures.ts'
import { postAs, type Person, signedIn, textOf } from './page-visits.ts'

// A block stops every contact both ways (DESIGN.md ruling 31, probe finding 5): whoever blocked whom, neither
// can request or offer a booking to the other (403 on the API and on the pages), and the requests pending
// between them when the block is made are withdrawn by the one who blocked, with the notice any decline or
// cancellation gives and no word of the block.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

const refusal = "You can't book with this person"
const date = localDateFromToday(6)

const block = (blocker: Actor, blocked: Actor) => call('POST', '/api/messages/blocks', blocker.token, { userId: blocked.id })
const offer = (sitter: Actor, dogId: string, notes = 'Happy to walk your dog') =>
  call('POST', '/api/bookings', sitter.token, { dogId, sitterId: sitter.id, date, startTime: '10:00', duration: 60, notes })
const request = (owner: Actor, sitter: Actor, dogId: string) => call('POST', '/api/bookings', owner.token, { dogId, sitterId: sitter.id, date, startTime: '10:00', duration: 60 })

const bookingsBetween = (ownerId: string, sitterId: string) =>
  db.selectFrom('bookings').select(['id', 'status']).where('ownerId', '=', ownerId).where('sitterId', '=', sitterId).execute()
const statusOf = async (id: string) => (await db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

/** What reached a user: their notifications' texts and their e-mails' subjects, once every event was handled. */
async function whatReached(userId: string) {
  await backgroundWorkDone()
  const notifications = await db.selectFrom('notifications').select('text').where('userId', '=', userId).orderBy('occurredAt').execute()
  const { email } = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()
  const emails = await db.selectFrom('emailOutbox').select('subject').where('recipient', '=', email).execute()
  return { notifications: notifications.map((row) => row.text), emails: emails.map((row) => row.subject) }
}

const asPerson = (actor: Actor): Promise<Person> => signedIn(actor)

// 'a walk for Luna on Wed 2 Dec, 10:00' (the year when it is not this one), spelled out here rather than with the app's formatter.
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
function walkOn(dogName: string, day: string, time: string) {
  const at = new Date(`${day}T12:00:00Z`)
  const year = at.getUTCFullYear() === new Date().getUTCFullYear() ? '' : ` ${at.getUTCFullYear()}`
  return `a walk for ${dogName} on ${weekdays[at.getUTCDay()]} ${at.getUTCDate()} ${months[at.getUTCMonth()]}${year}, ${time}`
}

describe('no booking between two users when either blocked the other', () => {
  test("a sitter the owner blocked offers on the owner's listed dog: 403, and no booking, notification or e-mail", async () => {
    const { owner, sitter } = await ownerDogAndSitter()
    const listed = await insertDog(owner.id, { name: 'Luna', listed: true })
    expect((await block(owner, sitter)).status).toBe(201)

    const answer = await offer(sitter, listed, 'x'.repeat(2000))

    expect(answer).toEqual({ status: 403, body: { message: refusal, errors: {} } })
    expect(await bookingsBetween(owner.id, sitter.id)).toEqual([])
    expect(await whatReached(owner.id)).toEqual({ notifications: [], emails: [] })
  })

  test('the owner who blocked a sitter cannot request them either; lifting the block lets both book again', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const listed = await insertDog(owner.id, { name: 'Luna', listed: true })
    await block(owner, sitter)

    expect(await request(owner, sitter, dogId)).toEqual({ status: 403, body: { message: refusal, errors: {} } })
    expect(await bookingsBetween(owner.id, sitter.id)).toEqual([])

    expect((await call('DELETE', `/api/messages/blocks/${sitter.id}`, owner.token)).status).toBe(200)
    expect((await request(owner, sitter, dogId)).status).toBe(201)
    expect((await offer(sitter, listed)).status).toBe(201)
  })

  test('a sitter who blocked an owner can neither be asked by them nor offer on their dog', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const listed = await insertDog(owner.id, { name: 'Luna', listed: true })
    await block(sitter, owner)

    expect((await request(owner, sitter, dogId)).status).toBe(403)
    expect((await offer(sitter, listed)).status).toBe(403)
    expect(await bookingsBetween(owner.id, sitter.id)).toEqual([])
    expect(await whatReached(sitter.id)).toEqual({ notifications: [], emails: [] })
  })

  test('a block between two others changes nothing for a third sitter', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const other = await newSitter({ name: 'Other Sitter' })
    await block(owner, sitter)

    expect((await request(owner, other, dogId)).status).toBe(201)
  })
})

describe('the booking pages answer with the refusal (JavaScript off and on)', () => {
  test("the blocked sitter's offer form for the owner's dog says they can't book with this person (403)", async () => {
    const { owner, sitter } = await ownerDogAndSitter()
    const listed = await insertDog(owner.id, { name: 'Luna', listed: true })
    await block(owner, sitter)
    const person = await asPerson(sitter)
    const fields = { date, startTime: '10:00', duration: '60', notes: 'I live nearby' }

    const withoutJs = await postAs(person, `/bookings/new?dogId=${listed}`, fields)
    expect(withoutJs.status).toBe(403)
    expect(await textOf(withoutJs)).toContain(refusal)

    const withJs = await appRequest(`/bookings/new.data?dogId=${listed}`, { method: 'POST', body: new URLSearchParams(fields), headers: { cookie: person.cookie } })
    expect(withJs.status).toBe(403)
    expect(await withJs.text()).toContain(refusal)
    expect(await bookingsBetween(owner.id, sitter.id)).toEqual([])
  })

  test("the owner's request form for a sitter they blocked says the same (403)", async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    await block(owner, sitter)

    const answer = await postAs(await asPerson(owner), `/sitters/${sitter.id}/book`, { dogId, date, service: 'walking', startTime: '10:00', duration: '60' })

    expect(answer.status).toBe(403)
    expect(await textOf(answer)).toContain(refusal)
    expect(await bookingsBetween(owner.id, sitter.id)).toEqual([])
  })

  test("the map's booking wizard confirms nothing with a sitter who blocked the owner, and says so (403)", async () => {
    const { owner, dogId } = await ownerDogAndSitter()
    const sitting = await newSitter({ services: [{ service: 'sitting', hourlyRateCents: 2400 }] })
    await block(sitting, owner)

    const answer = await postAs(await asPerson(owner), `/sitters/${sitting.id}/book/quick/3`, { date, timePeriod: 'morning', dogId })

    expect(answer.status).toBe(403)
    expect(await textOf(answer)).toContain(refusal)
    expect(await bookingsBetween(owner.id, sitting.id)).toEqual([])
  })
})

describe('what was pending between the two when the block is made', () => {
  test("the owner's own request is cancelled and the sitter's offer declined, by the owner, before the block answers; the sitter is told as of any cancellation", async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const listed = await insertDog(owner.id, { name: 'Luna', listed: true })
    const asked = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date, startTime: '09:00', duration: 60 })
    const offered = await requestBooking(sitter.token, { dogId: listed, sitterId: sitter.id, date, startTime: '11:00', duration: 60 })
    const elsewhere = await requestBooking(owner.token, { dogId, sitterId: (await newSitter({ name: 'Other Sitter' })).id, date, startTime: '13:00', duration: 60 })
    const before = await whatReached(sitter.id)

    expect((await block(owner, sitter)).status).toBe(201)

    expect([await statusOf(asked.id), await statusOf(offered.id), await statusOf(elsewhere.id)]).toEqual(['cancelled', 'rejected', 'pending'])
    const history = await db.selectFrom('bookingStatusHistory').select(['toStatus', 'changedById', 'reason']).where('bookingId', 'in', [asked.id, offered.id]).where('fromStatus', '=', 'pending').orderBy('toStatus').execute()
    expect(history).toEqual([
      { toStatus: 'cancelled', changedById: owner.id, reason: null },
      { toStatus: 'rejected', changedById: owner.id, reason: null },
    ])
    const after = await whatReached(sitter.id)
    expect(after.notifications.slice(before.notifications.length).sort()).toEqual(
      [`Olivia Owner cancelled ${walkOn('Rex', date, '09:00')}`, `Olivia Owner declined your request: ${walkOn('Luna', date, '11:00')}`].sort(),
    )
    const news = [...after.notifications, ...after.emails].join('\n')
    expect(news).not.toMatch(/block/i)
    expect(after.emails.length).toBe(before.emails.length + 2)
  })

  test("a sitter who blocks cancels their own offer and declines the owner's request; the owner hears nothing of a block", async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const listed = await insertDog(owner.id, { name: 'Luna', listed: true })
    const asked = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date, startTime: '09:00', duration: 60 })
    const offered = await requestBooking(sitter.token, { dogId: listed, sitterId: sitter.id, date, startTime: '11:00', duration: 60 })
    const before = await whatReached(owner.id)

    await block(sitter, owner)

    expect([await statusOf(asked.id), await statusOf(offered.id)]).toEqual(['rejected', 'cancelled'])
    const after = await whatReached(owner.id)
    expect(after.notifications.slice(before.notifications.length).sort()).toEqual(
      [`Sam Sitter declined your request: ${walkOn('Rex', date, '09:00')}`, `Sam Sitter cancelled ${walkOn('Luna', date, '11:00')}`].sort(),
    )
    expect([...after.notifications, ...after.emails].join('\n')).not.toMatch(/block/i)
  })

  test('blocking again (200) withdraws nothing more, and an accepted booking stays accepted', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const accepted = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date, startTime: '09:00', duration: 60 })
    expect((await call('PATCH', `/api/bookings/${accepted.id}/status`, sitter.token, { status: 'accepted' })).status).toBe(200)
    await block(owner, sitter)
    const before = await whatReached(sitter.id)

    expect((await block(owner, sitter)).status).toBe(200)

    expect(await statusOf(accepted.id)).toBe('accepted')
    expect(await whatReached(sitter.id)).toEqual(before)
  })

  test("a block's event delivered again after the block was lifted withdraws no request made since", async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    await block(owner, sitter)
    const row = await db.selectFrom('domainEvents').selectAll().where('type', '=', 'user.blocked').where('subjectId', '=', sitter.id).executeTakeFirstOrThrow()
    await call('DELETE', `/api/messages/blocks/${sitter.id}`, owner.token)
    const since = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date, startTime: '09:00', duration: 60 })

    await blockedBookingsSubscriber.handle({ ...row, payload: JSON.parse(row.payload) as Record<string, unknown> })

    expect(await statusOf(since.id)).toBe('pending')
  })
})

import { beforeAll, describe, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { startTestApp } from './app.ts'
import { insertBooking, insertDog, insertSitter, insertUser, localDateFromToday } from './fixtures.ts'
import { postAs, signedIn, textOf } from './page-visits.ts'

// The booking page's visit forms as a browser without JavaScript sends them (issue 32): a refused note or
// check-out answers with the reason and gives back what was typed, and changes nothing; the owner and anyone
// else are refused as the API refuses them.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

/** Olivia's walk with Sam today, checked in a minute ago. */
async function visitUnderWay() {
  const ownerUser = await insertUser({ name: 'Olivia Owner' })
  const sitterUser = await insertSitter({ name: 'Sam Sitter', services: [{ service: 'walking', hourlyRateCents: 2400 }] })
  const dogId = await insertDog(ownerUser.id, { name: 'Rex' })
  const bookingId = await insertBooking({ dogId, ownerId: ownerUser.id, sitterId: sitterUser.id }, { status: 'accepted', date: localDateFromToday(0) })
  await db.insertInto('visits').values({ bookingId, checkedInAt: new Date(Date.now() - 60_000).toISOString(), checkInPlace: 'no_position', checkInDistanceMeters: null }).execute()
  return { bookingId, owner: await signedIn(ownerUser), sitter: await signedIn(sitterUser), stranger: await signedIn(await insertUser({ name: 'Nosy Neighbour' })) }
}

const entriesOf = (bookingId: string) => db.selectFrom('visitEntries').selectAll().where('bookingId', '=', bookingId).execute()

/** The text inside the page's textarea `id`. */
async function textareaText(response: Response, id: string) {
  const html = await response.text()
  return new RegExp(`<textarea[^>]*id="${id}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html)?.[1] ?? null
}

describe('a refused note', () => {
  test('with a control character: the reason, the typed note back in its field, no entry', async () => {
    const { bookingId, sitter } = await visitUnderWay()

    const answer = await postAs(sitter, `/bookings/${bookingId}`, { intent: 'visit-entry', kind: 'note', note: 'Rex drank a lot\u0007 and slept' })

    expect(answer.status).toBe(400)
    expect(await textOf(answer.clone())).toContain('Note must not contain control characters')
    expect(await textareaText(answer, 'visit-note')).toContain('Rex drank a lot')
    expect(await entriesOf(bookingId)).toEqual([])
  })

  test('over 1000 characters: the reason and the whole note back', async () => {
    const { bookingId, sitter } = await visitUnderWay()
    const long = 'Long walk by the lake. '.repeat(50)

    const answer = await postAs(sitter, `/bookings/${bookingId}`, { intent: 'visit-entry', kind: 'note', note: long })

    expect(answer.status).toBe(400)
    expect(await textOf(answer.clone())).toContain('Note must be at most 1000 characters')
    expect(await textareaText(answer, 'visit-note')).toBe(long)
    expect(await entriesOf(bookingId)).toEqual([])
  })
})

test('a check-out of a visit already checked out says so and shows the note that was not saved', async () => {
  const { bookingId, sitter } = await visitUnderWay()
  await db.updateTable('visits').set({ checkedOutAt: new Date().toISOString(), checkOutNote: 'First note' }).where('bookingId', '=', bookingId).execute()

  const answer = await postAs(sitter, `/bookings/${bookingId}`, { intent: 'check-out', note: 'Second thoughts about the walk' })

  expect(answer.status).toBe(409)
  const text = await textOf(answer)
  expect(text).toContain('This visit is checked out: its report card is closed.')
  expect(text).toContain('Your note, not saved: Second thoughts about the walk')
  const visit = await db.selectFrom('visits').select('checkOutNote').where('bookingId', '=', bookingId).executeTakeFirstOrThrow()
  expect(visit.checkOutNote).toBe('First note')
})

test("the owner cannot write the sitter's log and a stranger does not find the booking", async () => {
  const { bookingId, owner, stranger } = await visitUnderWay()

  const byOwner = await postAs(owner, `/bookings/${bookingId}`, { intent: 'visit-entry', kind: 'pee' })
  expect(byOwner.status).toBe(403)
  expect(await textOf(byOwner)).toContain("Only the booking's sitter keeps its visit log.")

  const byStranger = await postAs(stranger, `/bookings/${bookingId}`, { intent: 'visit-entry', kind: 'pee' })
  expect(byStranger.status).toBe(404)
  expect(await entriesOf(bookingId)).toEqual([])
})

import { beforeAll, describe, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { localDateTime } from '#app/lib/zoned-time.ts'
import { startTestApp } from './app.ts'
import { insertBooking, insertDog, insertSitter, insertUser, localDateFromToday } from './fixtures.ts'
import { postAs, signedIn, textOf, visitAs } from './page-visits.ts'

// Cancellation terms on the screens (issue 33 part 4, DESIGN.md ruling 28) as a browser without JavaScript uses
// them: the sitter's choice on /profile/edit, the terms and the late-cancellation line on /sitters/{id}, the terms
// before a request is sent, and on a booking's page its terms, the cancel dialog's warning, who cancelled late and,
// for the sitter answering a request, the owner's own line.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

const zone = 'Europe/Zurich'

/** Olivia with Rex, and Sam who walks dogs for $24 an hour every day from 08:00 to 13:00, under `terms`. */
async function people(terms: 'flexible' | 'moderate' | 'strict') {
  const ownerUser = await insertUser({ name: 'Olivia Owner' })
  const sitterUser = await insertSitter({
    name: 'Sam Sitter',
    services: [{ service: 'walking', hourlyRateCents: 2400 }],
    availability: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startTime: '08:00', endTime: '13:00' })),
  })
  await db.updateTable('sitterProfiles').set({ cancellationTerms: terms }).where('userId', '=', sitterUser.id).execute()
  const dogId = await insertDog(ownerUser.id, { name: 'Rex', breed: 'Beagle' })
  return { owner: await signedIn(ownerUser), sitter: await signedIn(sitterUser), parties: { dogId, ownerId: ownerUser.id, sitterId: sitterUser.id } }
}

/**
 * An hour's walk about three hours from now in Zurich (on the quarter hour, and ending by 23:00 the same day), so
 * cancelling it now is late under moderate terms (24 hours) and would be in time under none.
 */
function walkInThreeHours() {
  const { date, minutes } = localDateTime(Date.now() + 3 * 3_600_000, zone)
  const start = Math.min(Math.ceil(minutes / 15) * 15, 22 * 60)
  const clock = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
  return { date, slots: [{ startTime: clock(start), endTime: clock(start + 60) }] }
}

async function acceptedBooking(parties: { dogId: string; ownerId: string; sitterId: string }, terms: string, when: { date: string; slots?: { startTime: string; endTime: string }[] }) {
  const id = await insertBooking(parties, { status: 'accepted', ...when })
  await db.updateTable('bookings').set({ cancellationTerms: terms }).where('id', '=', id).execute()
  return id
}

const cancel = (person: Parameters<typeof postAs>[0], bookingId: string) => postAs(person, `/bookings/${bookingId}`, { intent: 'status', status: 'cancelled', bookingId })

/** The radio inputs of `name` in the page, with whether each is checked. */
async function radios(response: Response, name: string) {
  const html = await response.text()
  return [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => tag.includes(`name="${name}"`))
    .map((tag) => ({ value: /value="([^"]*)"/.exec(tag)?.[1], checked: / checked=""/.test(tag) }))
}

describe('/profile/edit', () => {
  test('a sitter sees the three terms with their notice, the saved one checked, and saves another', async () => {
    const { sitter, parties } = await people('moderate')

    const page = await visitAs(sitter, '/profile/edit')
    const text = await textOf(page.clone())
    expect(await radios(page, 'cancellationTerms')).toEqual([
      { value: 'flexible', checked: false },
      { value: 'moderate', checked: true },
      { value: 'strict', checked: false },
    ])
    expect(text).toContain('Cancellation Terms')
    for (const line of ['Flexible Cancel up to 2 hours before the start.', 'Moderate Cancel up to 24 hours before the start.', 'Strict Cancel up to 72 hours before the start.']) {
      expect(text).toContain(line)
    }

    const saved = await postAs(sitter, '/profile/edit', { name: 'Sam Sitter', sitterSections: 'on', experience: '3-5', cancellationTerms: 'strict' })
    expect(saved.status).toBe(302)
    const row = await db.selectFrom('sitterProfiles').select('cancellationTerms').where('userId', '=', parties.sitterId).executeTakeFirstOrThrow()
    expect(row.cancellationTerms).toBe('strict')
    expect((await radios(await visitAs(sitter, '/profile/edit'), 'cancellationTerms')).find((radio) => radio.checked)?.value).toBe('strict')
  })

  test('an owner has no terms to choose', async () => {
    const owner = await signedIn(await insertUser({ name: 'Olivia Owner' }))

    const page = await visitAs(owner, '/profile/edit')

    expect(await radios(page.clone(), 'cancellationTerms')).toEqual([])
    expect(await textOf(page)).not.toContain('Cancellation Terms')
  })
})

describe('/sitters/{id}', () => {
  test('shows the terms, and no late-cancellation line before any booking was accepted', async () => {
    const { owner, parties } = await people('strict')

    const text = await textOf(await visitAs(owner, `/sitters/${parties.sitterId}`))

    expect(text).toContain('Cancellation: Strict. Cancel up to 72 hours before the start.')
    expect(text).not.toContain('Cancelled late')
  })

  test("counts the sitter's own late cancellation of the bookings they accepted, not the owner's", async () => {
    const { owner, sitter, parties } = await people('moderate')
    const soon = walkInThreeHours()
    const cancelledBySitter = await acceptedBooking(parties, 'moderate', soon)
    expect((await cancel(sitter, cancelledBySitter)).status).toBe(302)
    // The owner cancels another one late: it counts on the owner, never on the sitter's profile.
    const otherDog = await insertDog(parties.ownerId, { name: 'Luna' })
    const cancelledByOwner = await acceptedBooking({ ...parties, dogId: otherDog }, 'moderate', soon)
    expect((await cancel(owner, cancelledByOwner)).status).toBe(302)
    await acceptedBooking(parties, 'moderate', { date: localDateFromToday(10) })
    // A request that was never accepted is not one of the bookings counted.
    await insertBooking(parties, { status: 'pending', date: localDateFromToday(12) })

    const text = await textOf(await visitAs(owner, `/sitters/${parties.sitterId}`))

    expect(text).toContain('Cancellation: Moderate. Cancel up to 24 hours before the start.')
    expect(text).toContain('Cancelled late: 1 of 3 bookings')
  })
})

describe('before a request is sent', () => {
  test("the request page and the wizard's last step show the sitter's terms", async () => {
    const { owner, parties } = await people('strict')
    const terms = 'Cancellation: Strict. Cancel up to 72 hours before the start.'

    expect(await textOf(await visitAs(owner, `/sitters/${parties.sitterId}/book`))).toContain(terms)
    const lastStep = await visitAs(owner, `/sitters/${parties.sitterId}/book/quick/3?${new URLSearchParams({ date: localDateFromToday(7), startTime: '09:00', duration: '60' })}`)
    expect(lastStep.status).toBe(200)
    expect(await textOf(lastStep)).toContain(terms)
  })

  test('a sitter offering to walk a listed dog sees their own terms', async () => {
    const { sitter, parties } = await people('moderate')
    const listed = await insertDog(parties.ownerId, { name: 'Bella', listed: true })

    expect(await textOf(await visitAs(sitter, `/bookings/new?dogId=${listed}`))).toContain('Cancellation: Moderate. Cancel up to 24 hours before the start. These are your terms')
  })
})

describe('the booking page', () => {
  test("shows the booking's terms, which stay those it was requested under", async () => {
    const { owner, parties } = await people('strict')
    const booking = await acceptedBooking(parties, 'moderate', { date: localDateFromToday(10) })

    const text = await textOf(await visitAs(owner, `/bookings/${booking}`))

    expect(text).toContain('Cancellation terms Moderate Cancel up to 24 hours before the start.')
  })

  test('the cancel dialog warns when cancelling now is late, not when it is in time; a late cancellation says who made it', async () => {
    const { owner, sitter, parties } = await people('moderate')
    const soon = await acceptedBooking(parties, 'moderate', walkInThreeHours())
    const later = await acceptedBooking(parties, 'moderate', { date: localDateFromToday(10) })
    const warning = 'Cancelling now is late under the moderate terms: it is counted on your profile.'

    expect(await textOf(await visitAs(owner, `/bookings/${later}?confirm=cancelled`))).not.toContain(warning)
    expect(await textOf(await visitAs(owner, `/bookings/${soon}?confirm=cancelled`))).toContain(warning)
    expect(await textOf(await visitAs(sitter, `/bookings/${soon}?confirm=cancelled`))).toContain(warning)

    expect((await cancel(owner, soon)).status).toBe(302)
    expect((await db.selectFrom('bookings').select('lateCancellationBy').where('id', '=', soon).executeTakeFirstOrThrow()).lateCancellationBy).toBe('owner')
    expect(await textOf(await visitAs(sitter, `/bookings/${soon}`))).toContain('Cancelled late by the owner')
    expect((await cancel(owner, later)).status).toBe(302)
    expect(await textOf(await visitAs(owner, `/bookings/${later}`))).not.toContain('Cancelled late')
  })

  test("a request shows its sitter the owner's late cancellations, once the owner has had a booking accepted", async () => {
    const { owner, sitter, parties } = await people('moderate')
    const request = await insertBooking(parties, { status: 'pending', date: localDateFromToday(5) })
    expect(await textOf(await visitAs(sitter, `/bookings/${request}`))).not.toContain('Cancelled late')

    const soon = await acceptedBooking(parties, 'moderate', walkInThreeHours())
    await acceptedBooking(parties, 'moderate', { date: localDateFromToday(10) })
    expect((await cancel(owner, soon)).status).toBe(302)

    expect(await textOf(await visitAs(sitter, `/bookings/${request}`))).toContain('Cancelled late: 1 of 2 bookings')
    // The owner does not read it on their own request.
    expect(await textOf(await visitAs(owner, `/bookings/${request}`))).not.toContain('Cancelled late: 1 of')
  })
})

import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'

// '/' as a dashboard (spec section 2: 'Bookings/dashboard view'): a signed-in user's next three accepted bookings
// on the sides they take, the one under way first; not one already over, not a request, not someone else's. On
// both engines, at a fixed instant: Monday 10 March 2031, 13:00 in Zurich (12:00 UTC); expected texts are written
// out by hand.

// The booking sweep runs once at start-up; by its timer under the moved clock it would act on these bookings.
process.env.BOOKING_SWEEP_SECONDS = '3600'
const { backgroundWorkDone } = await import('#app/lib/work-queue.server.ts')
const { startTestApp } = await import('./app.ts')
const { insertBooking, insertDog, insertSitter, insertUser } = await import('./fixtures.ts')
const { signedIn, textOf, visitAs } = await import('./page-visits.ts')
const { appRequest } = await import('./app.ts')
const { db } = await import('#app/lib/db.server.ts')

beforeAll(async () => {
  await startTestApp()
})
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2031-03-10T12:00:00.000Z') })
})
afterEach(async () => {
  await backgroundWorkDone()
  vi.useRealTimers()
})

type Parties = { dogId: string; ownerId: string; sitterId: string }
const walk = (parties: Parties, date: string, from: string, to: string, status: 'accepted' | 'pending' = 'accepted') =>
  insertBooking(parties, { status, date, timeZone: 'Europe/Zurich', service: 'walking', slots: [{ startTime: from, endTime: to }] })

/** The page's text from 'Coming up' to the shortcuts, whose first is 'Find a sitter' or, for a sitter only, 'Dogs to walk'. */
const comingUpOf = (text: string) => text.slice(text.indexOf('Coming up'), text.search(/Find a sitter Sitters and walkers|Dogs to walk Dogs near you/))
/** The shortcuts, the last of which is Profile's. */
const shortcutsOf = (text: string) => text.slice(text.search(/Find a sitter Sitters and walkers|Dogs to walk Dogs near you/), text.indexOf('Your details, dogs and services.'))

describe("the dashboard's Coming up", () => {
  test("an owner sees the walk under way, then the next two; not this morning's, not a request, not another owner's", async () => {
    const olivia = await insertUser({ name: 'Olivia Owner' })
    const sam = await insertSitter({ name: 'Sam Sitter' })
    const parties = { dogId: await insertDog(olivia.id, { name: 'Rex' }), ownerId: olivia.id, sitterId: sam.id }
    await walk(parties, '2031-03-10', '09:00', '10:00')
    await walk(parties, '2031-03-10', '16:00', '17:00', 'pending')
    await walk(parties, '2031-03-18', '07:00', '08:00')
    await walk(parties, '2031-03-17', '07:30', '08:30')
    await walk(parties, '2031-03-11', '10:00', '11:00')
    await walk(parties, '2031-03-10', '12:30', '14:00')
    const other = await insertUser({ name: 'Tom Other' })
    await walk({ dogId: await insertDog(other.id, { name: 'Bello' }), ownerId: other.id, sitterId: sam.id }, '2031-03-10', '15:00', '15:30')

    const shown = comingUpOf(await textOf(await visitAs(await signedIn(olivia), '/')))

    // Today and tomorrow by name (its Monday in Zurich), then the date as the lists write it.
    const dates = ['Today · 12:30 - 14:00', 'Tomorrow · 10:00 - 11:00', 'Mar 17, 2031 · 07:30 - 08:30']
    const positions = dates.map((date) => shown.indexOf(date))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    for (const absent of ['09:00 - 10:00', '16:00 - 17:00', 'Mar 18, 2031', 'Bello']) expect(shown).not.toContain(absent)
    expect(shown).toContain('Sitter: Sam Sitter')
  })

  test("a stay from yesterday evening still under way says 'Yesterday' and 'Happening now'; the walk later today only its time", async () => {
    const olivia = await insertUser({ name: 'Olivia Owner' })
    const sam = await insertSitter({ name: 'Sam Sitter' })
    const parties = { dogId: await insertDog(olivia.id, { name: 'Rex' }), ownerId: olivia.id, sitterId: sam.id }
    await insertBooking(parties, { status: 'accepted', date: '2031-03-09', timeZone: 'Europe/Zurich', service: 'boarding', slots: [{ startTime: '18:00', endTime: '16:00' }] })
    await walk(parties, '2031-03-10', '17:00', '18:00')

    const shown = comingUpOf(await textOf(await visitAs(await signedIn(olivia), '/')))

    expect(shown).toMatch(/Yesterday · 18:00 - 16:00 .*Happening now .*Today · 17:00 - 18:00/)
    expect(shown.match(/Happening now/g)).toHaveLength(1)
  })

  test("a walker's busy yesterday and morning (25 walks, all over) do not hide the walks to come", async () => {
    const olivia = await insertUser({ name: 'Olivia Owner' })
    const sam = await insertSitter({ name: 'Sam Sitter' })
    const parties = { dogId: await insertDog(olivia.id, { name: 'Rex' }), ownerId: olivia.id, sitterId: sam.id }
    const quarter = (index: number) => `${String(6 + Math.floor(index / 4)).padStart(2, '0')}:${String((index % 4) * 15).padStart(2, '0')}`
    for (let index = 0; index < 20; index++) await walk(parties, '2031-03-09', quarter(index), quarter(index + 1))
    for (let index = 0; index < 5; index++) await walk(parties, '2031-03-10', quarter(index), quarter(index + 1))
    await walk(parties, '2031-03-10', '15:00', '15:30')
    await walk(parties, '2031-03-11', '09:00', '09:30')

    const shown = comingUpOf(await textOf(await visitAs(await signedIn(sam), '/')))

    expect(shown).toContain('Today · 15:00 - 15:30')
    expect(shown).toContain('Tomorrow · 09:00 - 09:30')
    expect(shown).not.toContain('Nothing booked yet')
  })

  test("a weekly round shows once, by its walk under way and then by its next, with how many follow (decision 106)", async () => {
    const olivia = await insertUser({ name: 'Olivia Owner' })
    const sam = await insertSitter({ name: 'Sam Sitter' })
    const parties = { dogId: await insertDog(olivia.id, { name: 'Rex' }), ownerId: olivia.id, sitterId: sam.id }
    const createdAt = new Date().toISOString()
    const seriesId = crypto.randomUUID()
    await db
      .insertInto('bookingSeries')
      .values({ id: seriesId, ownerId: olivia.id, sitterId: sam.id, service: 'walking', weekdays: '1,3,5', period: null, slots: '[]', firstDate: '2031-03-03', timeZone: 'Europe/Zurich', status: 'accepted', createdAt, updatedAt: createdAt })
      .execute()
    // The round on Monday (under way at 13:00), Wednesday, Friday and next Monday; a single walk on Thursday.
    for (const date of ['2031-03-10', '2031-03-12', '2031-03-14', '2031-03-17']) {
      const bookingId = await walk(parties, date, '12:30', '13:30')
      await db.updateTable('bookings').set({ seriesId, seriesDate: date }).where('id', '=', bookingId).execute()
    }
    await walk(parties, '2031-03-13', '10:00', '11:00')

    for (const person of [olivia, sam]) {
      const html = await (await visitAs(await signedIn(person), '/')).text()
      const shown = comingUpOf(await textOf(new Response(html)))
      expect(shown).toContain('Today · 12:30 - 13:30')
      expect(shown).toContain('Weekly · 3 more')
      expect(shown).toContain('Mar 13, 2031 · 10:00 - 11:00')
      for (const absent of ['Mar 12, 2031', 'Mar 14, 2031', 'Mar 17, 2031']) expect(shown).not.toContain(absent)
      expect(html).toContain(`href="/bookings/series/${seriesId}"`)
    }

    // Monday's walk over: Wednesday's stands for the round, two more after it.
    vi.setSystemTime(Date.parse('2031-03-10T13:00:00.000Z'))
    const later = comingUpOf(await textOf(await visitAs(await signedIn(olivia), '/')))
    expect(later).not.toContain('Today ·')
    expect(later).toContain('Mar 12, 2031 · 12:30 - 13:30')
    expect(later).toContain('Weekly · 2 more')
    expect(later.indexOf('Mar 12, 2031')).toBeLessThan(later.indexOf('Mar 13, 2031'))
    for (const absent of ['Mar 14, 2031', 'Mar 17, 2031']) expect(later).not.toContain(absent)
  })

  test('a user who is owner and sitter sees both sides, each card naming the other party', async () => {
    const bea = await insertSitter({ name: 'Bea Both', role: 'both' })
    const sam = await insertSitter({ name: 'Sam Sitter' })
    const olivia = await insertUser({ name: 'Olivia Owner' })
    await walk({ dogId: await insertDog(bea.id, { name: 'Mochi' }), ownerId: bea.id, sitterId: sam.id }, '2031-03-12', '09:00', '10:00')
    await walk({ dogId: await insertDog(olivia.id, { name: 'Rex' }), ownerId: olivia.id, sitterId: bea.id }, '2031-03-11', '18:00', '19:00')

    const shown = comingUpOf(await textOf(await visitAs(await signedIn(bea), '/')))

    expect(shown.indexOf('Rex')).toBeLessThan(shown.indexOf('Mochi'))
    expect(shown).toContain('Owner: Olivia Owner')
    expect(shown).toContain('Sitter: Sam Sitter')
  })

  test("the shortcuts start with what the user comes for: an owner a sitter, a sitter the dogs to walk, someone who is both either", async () => {
    const titles = async (user: { id: string; name: string }) =>
      [...shortcutsOf(await textOf(await visitAs(await signedIn(user), '/'))).matchAll(/(Find a sitter|Dogs to walk|Bookings|Messages|Profile) /g)].map((match) => match[1])
    expect(await titles(await insertUser({ name: 'Olivia Owner' }))).toEqual(['Find a sitter', 'Bookings', 'Messages', 'Profile'])
    expect(await titles(await insertSitter({ name: 'Sam Sitter' }))).toEqual(['Dogs to walk', 'Bookings', 'Messages', 'Profile'])
    expect(await titles(await insertSitter({ name: 'Bea Both', role: 'both' }))).toEqual(['Find a sitter', 'Dogs to walk', 'Bookings', 'Messages', 'Profile'])
  })

  test('with nothing accepted ahead: an owner is told how to start, a sitter what will show; a visitor gets the welcome', async () => {
    const olivia = await insertUser({ name: 'Olivia Owner' })
    const sam = await insertSitter({ name: 'Sam Sitter' })
    await walk({ dogId: await insertDog(olivia.id), ownerId: olivia.id, sitterId: sam.id }, '2031-03-11', '10:00', '11:00', 'pending')

    expect(comingUpOf(await textOf(await visitAs(await signedIn(olivia), '/')))).toContain('Nothing booked yet Find a sitter and request your first walk.')
    expect(comingUpOf(await textOf(await visitAs(await signedIn(sam), '/')))).toContain('Nothing booked yet Bookings you accept show here.')
    const visitor = await textOf(await appRequest('/'))
    expect(visitor).toContain('Connect with dog lovers nearby')
    expect(visitor).not.toContain('Coming up')
  })
})

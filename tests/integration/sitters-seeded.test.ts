import { beforeAll, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { seedDemoData } from '#db/seed.ts'
import { appRequest } from './app.ts'

// The demo data (db/seed.ts) is searchable as soon as it is written: the seed inserts plain rows and the
// triggers of db/migrations/002 index them.

beforeAll(async () => {
  await migrateToLatest()
  await seedDemoData(db, { storage })
}, 60_000)

type Answer = { data: { id: string; location: string | null }[]; meta: { total: number } }

const search = async (query: string) => (await (await appRequest(`/api/users/sitters?limit=100&${query}`)).json()) as Answer

test('searching a seeded district narrows the list to exactly the sitters shown in that district', async () => {
  const sitters = await db
    .selectFrom('users')
    .innerJoin('sitterProfiles', 'sitterProfiles.userId', 'users.id')
    .select(['users.id', 'users.publicLocation'])
    .where('users.accountStatus', '=', 'active')
    .execute()
  const everyone = await search('')
  expect(everyone.meta.total).toBe(sitters.length)

  for (const district of ['Wiedikon', 'Oerlikon', 'Höngg', 'Seefeld']) {
    const expected = sitters.filter((sitter) => sitter.publicLocation?.startsWith(`${district},`)).map((sitter) => sitter.id)
    const found = await search(`search=${encodeURIComponent(district)}`)

    expect(expected.length, district).toBeGreaterThan(0)
    expect(found.meta.total, district).toBeLessThan(everyone.meta.total)
    expect(found.data.map((sitter) => sitter.id).sort(), district).toEqual(expected.sort())
  }
})

test('every seeded sitter with a location is on the map of Zurich, at its public point', async () => {
  const located = await db
    .selectFrom('users')
    .innerJoin('sitterProfiles', 'sitterProfiles.userId', 'users.id')
    .select(['users.id', 'users.publicLatitude', 'users.publicLongitude'])
    .where('users.publicLatitude', 'is not', null)
    .execute()

  const map = await search('bbox=8.3,47.2,8.8,47.6')

  expect(map.meta.total).toBe(located.length)
  expect(map.data.map((sitter) => sitter.id).sort()).toEqual(located.map((sitter) => sitter.id).sort())
})

test('every seeded sitter on the list is bookable: a rate for each service offered and weekly hours (DESIGN.md ruling 23)', async () => {
  type Listed = { data: { id: string; services: string[]; rates: Record<string, number | null> }[] }
  const listed = (await (await appRequest('/api/users/sitters?limit=100')).json()) as Listed
  expect(listed.data.length).toBeGreaterThan(30)
  const withHours = new Set((await db.selectFrom('sitterAvailability').select('sitterId').distinct().execute()).map((row) => row.sitterId))

  for (const sitter of listed.data) {
    expect(sitter.services.length, sitter.id).toBeGreaterThan(0)
    expect(sitter.services.filter((service) => typeof sitter.rates[service] !== 'number'), sitter.id).toEqual([])
    expect(withHours.has(sitter.id), sitter.id).toBe(true)
  }
})

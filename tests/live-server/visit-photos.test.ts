import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type ServerProcess, startServerProcess } from '#tests/server-process.ts'
import { apiTokenFor, insertBooking, insertDog, insertSitter, insertUser } from '../integration/fixtures.ts'

// A visit's photo over real HTTP (issue 32, DESIGN.md ruling 27): the sitter adds it through the API, and
// server.ts sends the file under /uploads to the booking's two parties only; anyone else, signed in or not,
// gets 404. visit-log-api.test.ts asks uploadAccess itself; this proves the server process uses the answer.
const { migrateToLatest } = await import('#app/lib/db.server.ts')
const { localDateTime } = await import('#app/lib/zoned-time.ts')

let server: ServerProcess

beforeAll(async () => {
  await migrateToLatest()
  server = await startServerProcess({
    root: process.cwd(),
    directory: path.resolve('tests/.tmp', `visit-photos-${process.pid}`),
    // This test's database and secret: the rows and tokens made here are the server's.
    environment: { DATABASE_URL: process.env.DATABASE_URL!, SESSION_SECRET: process.env.SESSION_SECRET! },
  })
})

afterAll(() => server.dispose())

const quarter = 15 * 60_000

/** A walk of the two that started within the last quarter hour and lasts 30 minutes: check-in is open. */
async function walkUnderWayNow(parties: { dogId: string; ownerId: string; sitterId: string }) {
  const start = Math.floor(Date.now() / quarter) * quarter
  // A zone where the half hour does not cross midnight.
  const timeZone = ['UTC', 'Asia/Tokyo'].find((zone) => localDateTime(start, zone).date === localDateTime(start + 2 * quarter, zone).date)!
  const from = localDateTime(start, timeZone)
  const to = localDateTime(start + 2 * quarter, timeZone)
  return insertBooking(parties, { status: 'accepted', date: from.date, timeZone, slots: [{ startTime: from.time, endTime: to.time }] })
}

const authorized = (token: string) => ({ authorization: `Bearer ${token}` })

test("a visit's photo is sent to the booking's owner and sitter, privately, and is 404 for anyone else", async () => {
  const owner = await insertUser({ name: 'Olivia Owner' })
  const sitter = await insertSitter({ name: 'Sam Sitter' })
  const stranger = await insertSitter({ name: 'Stan Stranger' })
  const dogId = await insertDog(owner.id, { name: 'Rex' })
  const bookingId = await walkUnderWayNow({ dogId, ownerId: owner.id, sitterId: sitter.id })
  const [ownerToken, sitterToken, strangerToken] = await Promise.all([apiTokenFor(owner), apiTokenFor(sitter), apiTokenFor(stranger)])

  const checkedIn = await fetch(`${server.url}/api/bookings/${bookingId}/visit/check-in`, {
    method: 'POST',
    headers: { ...authorized(sitterToken), 'content-type': 'application/json' },
    body: '{}',
  })
  expect(checkedIn.status, await checkedIn.text()).toBe(201)
  const form = new FormData()
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c47a3a' } }).jpeg().toBuffer()
  form.append('photo', new File([new Uint8Array(jpeg)], 'rex.jpg', { type: 'image/jpeg' }))
  const added = await fetch(`${server.url}/api/bookings/${bookingId}/visit/photos`, { method: 'POST', headers: authorized(sitterToken), body: form })
  expect(added.status).toBe(201)
  const [photo] = ((await added.json()) as { photos: { url: string; thumbnailUrl: string }[] }).photos
  expect(photo).toBeDefined()

  for (const url of [photo!.url, photo!.thumbnailUrl, photo!.url.slice(0, -'-800.webp'.length)]) {
    for (const token of [ownerToken, sitterToken]) {
      const served = await fetch(`${server.url}${url}`, { headers: authorized(token) })
      expect(served.status, url).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/webp')
      expect(served.headers.get('cache-control')).toBe('private, max-age=3600')
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp')
    }
    for (const headers of [authorized(strangerToken), {}]) {
      const refused = await fetch(`${server.url}${url}`, { headers })
      expect(refused.status, url).toBe(404)
      expect(await refused.text()).toBe('Not found')
    }
  }
})

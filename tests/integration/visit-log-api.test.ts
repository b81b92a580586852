import { buffer } from 'node:stream/consumers'
import sharp from 'sharp'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { metresBetween, type Point } from '#tests/metres-between.ts'

// The visit log's JSON API (issue 32 part 1, DESIGN.md ruling 27), on both engines, with the clock moved by hand:
// a walk on Monday 10 March 2031 from 10:00 to 11:00 in Zurich (UTC+1), 09:00 to 10:00 UTC. Check-in opens at
// 09:30 local. Distances are measured with the tests' own ruler (tests/metres-between.ts).

// The booking sweep runs once at start-up; by its timer under the moved clock it would act on these bookings.
process.env.BOOKING_SWEEP_SECONDS = '3600'
const { db } = await import('#app/lib/db.server.ts')
const { storage } = await import('#app/lib/storage/storage.server.ts')
const { backgroundWorkDone } = await import('#app/lib/work-queue.server.ts')
const { uploadAccess } = await import('#app/upload-access.server.ts')
const { appRequest, bearer, startTestApp } = await import('./app.ts')
const { call } = await import('./booking-api.ts')
const { apiTokenFor, insertBooking, insertDog, insertSitter, insertUser } = await import('./fixtures.ts')

beforeAll(async () => {
  await startTestApp()
})

const minute = 60_000
const start = Date.parse('2031-03-10T09:00:00.000Z')
const end = start + 60 * minute
const iso = (instant: number) => new Date(instant).toISOString()

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: start - 10 * minute })
})
afterEach(async () => {
  await backgroundWorkDone()
  vi.useRealTimers()
})

const clockAt = (instant: number) => vi.setSystemTime(instant)

/** A point `meters` north of `point` (a degree of latitude is the same length everywhere on the sphere). */
const north = (point: Point, meters: number): Point => ({ latitude: point.latitude + meters / ((2 * Math.PI * 6_371_000) / 360), longitude: point.longitude })

const ownerHome = { latitude: 47.3769, longitude: 8.5417 }
const sitterHome = north(ownerHome, 1000)

type Actor = { id: string; token: string }
type BookingStatus = 'pending' | 'accepted' | 'rejected' | 'cancelled' | 'completed'

/** An owner and a sitter, both with their exact homes, the owner's dog, and a booking of theirs (a walk unless told). */
async function partiesWithBooking({ status = 'accepted', service = 'walking' }: { status?: BookingStatus; service?: string } = {}) {
  const owner = await insertUser({ name: 'Olivia Owner', home: { ...ownerHome, location: 'Bahnhofstrasse 1, Zürich' } })
  const sitter = await insertSitter({ name: 'Sam Sitter', home: { ...sitterHome, location: 'Weinbergstrasse 1, Zürich' } })
  const dogId = await insertDog(owner.id, { name: 'Rex' })
  const bookingId = await insertBooking({ dogId, ownerId: owner.id, sitterId: sitter.id }, { status, service, date: '2031-03-10', timeZone: 'Europe/Zurich' })
  return {
    owner: { id: owner.id, token: await apiTokenFor(owner) },
    sitter: { id: sitter.id, token: await apiTokenFor(sitter) },
    bookingId,
  }
}

async function stranger(): Promise<Actor> {
  const user = await insertSitter({ name: 'Stan Stranger' })
  return { id: user.id, token: await apiTokenFor(user) }
}

type VisitLog = {
  state: string
  canCheckIn: boolean
  checkIn: { at: string; place: string; distanceMeters: number | null } | null
  checkOut: { at: string; note: string | null } | null
  entries: { id: string; kind: string; note: string | null; at: string }[]
  photos: { id: string; url: string; thumbnailUrl: string; at: string }[]
  route: { distanceMeters: number; durationSeconds: number; points: { latitude: number; longitude: number; at: string }[] } | null
}

const visitPath = (bookingId: string, action = '') => `/api/bookings/${bookingId}/visit${action ? `/${action}` : ''}`
const readVisit = (actor: Actor, bookingId: string) => call<VisitLog>('GET', visitPath(bookingId), actor.token)
const checkIn = (actor: Actor, bookingId: string, body: unknown = {}) => call<VisitLog>('POST', visitPath(bookingId, 'check-in'), actor.token, body)
const addEntry = (actor: Actor, bookingId: string, body: unknown) => call<VisitLog>('POST', visitPath(bookingId, 'entries'), actor.token, body)
const sendRoute = (actor: Actor, bookingId: string, body: unknown) => call<VisitLog>('POST', visitPath(bookingId, 'route'), actor.token, body)
const checkOut = (actor: Actor, bookingId: string, body: unknown = {}) => call<VisitLog>('POST', visitPath(bookingId, 'check-out'), actor.token, body)

async function sendPhoto(actor: Actor, bookingId: string, picture: Uint8Array, field = 'photo') {
  const form = new FormData()
  form.append(field, new File([new Uint8Array(picture)], 'rex.jpg', { type: 'image/jpeg' }))
  const response = await appRequest(visitPath(bookingId, 'photos'), { method: 'POST', headers: bearer(actor.token), body: form })
  return { status: response.status, body: (await response.json()) as VisitLog & { message: string; errors: Record<string, string[]> } }
}

const smallPng = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7ac4' } }).png().toBuffer()

/** A booking whose sitter has checked in (without a position) at 09:00 UTC, the start. */
async function visitUnderWay(options: Parameters<typeof partiesWithBooking>[0] = {}) {
  const parties = await partiesWithBooking(options)
  clockAt(start)
  expect((await checkIn(parties.sitter, parties.bookingId)).status).toBe(201)
  return parties
}

/** Every row of the visit tables and the domain events about a booking, as one text. */
async function visitRowsText(bookingId: string) {
  await backgroundWorkDone()
  const rows = await Promise.all(
    (['visits', 'visitEntries', 'visitPhotos', 'visitRoutePoints', 'visitAlarms', 'domainEvents'] as const).map((table) =>
      table === 'domainEvents'
        ? db.selectFrom('domainEvents').selectAll().where('subjectId', '=', bookingId).execute()
        : db.selectFrom(table).selectAll().where('bookingId', '=', bookingId).execute(),
    ),
  )
  return JSON.stringify(rows)
}

/** A coordinate as the client sent it, and cut to 4 decimals (a stored copy of it, rounded, would still give it away). */
const coordinateTexts = (point: Point) => [point.latitude, point.longitude].flatMap((value) => [String(value), value.toFixed(4)])

describe('check-in', () => {
  test("within 150 m of the meeting place (the owner's home) is stored as at the place, 100 m, with the server's time, and no coordinate", async () => {
    const { sitter, owner, bookingId } = await partiesWithBooking()
    const position = north(ownerHome, 100)
    expect(Math.round(metresBetween(position, ownerHome))).toBe(100)
    clockAt(start - 20 * minute)

    const answer = await checkIn(sitter, bookingId, position)

    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ state: 'under-way', canCheckIn: false, checkIn: { at: iso(start - 20 * minute), place: 'at_place', distanceMeters: 100 }, checkOut: null })
    expect((await readVisit(owner, bookingId)).body.checkIn).toEqual({ at: iso(start - 20 * minute), place: 'at_place', distanceMeters: 100 })
    const row = await db.selectFrom('visits').selectAll().where('bookingId', '=', bookingId).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ checkedInAt: iso(start - 20 * minute), checkInPlace: 'at_place', checkInDistanceMeters: 100 })
    const text = await visitRowsText(bookingId)
    for (const coordinate of coordinateTexts(position)) expect(text).not.toContain(coordinate)
  })

  test("400 m from the booking's own location is elsewhere, 400 m: the location is the meeting place before the owner's home", async () => {
    const { sitter, bookingId } = await partiesWithBooking()
    const meetingPlace = north(ownerHome, 3000)
    await db.updateTable('bookings').set({ location: 'Zürichberg', ...meetingPlace }).where('id', '=', bookingId).execute()
    const position = north(meetingPlace, 400)
    expect(Math.round(metresBetween(position, meetingPlace))).toBe(400)

    const answer = await checkIn(sitter, bookingId, position)

    expect(answer.status).toBe(201)
    expect(answer.body.checkIn).toMatchObject({ place: 'elsewhere', distanceMeters: 400 })
    const text = await visitRowsText(bookingId)
    for (const coordinate of coordinateTexts(position)) expect(text).not.toContain(coordinate)
  })

  test('a distance is kept in 50 m steps', async () => {
    const { sitter, bookingId } = await partiesWithBooking()
    const position = north(ownerHome, 230)

    const answer = await checkIn(sitter, bookingId, position)

    // 230 m lies between the steps 200 and 250, nearer 250.
    expect(answer.body.checkIn).toMatchObject({ place: 'elsewhere', distanceMeters: 250 })
  })

  test('without a position is stored as no position, without a distance', async () => {
    const { sitter, bookingId } = await partiesWithBooking()

    const answer = await checkIn(sitter, bookingId)

    expect(answer.status).toBe(201)
    expect(answer.body.checkIn).toEqual({ at: iso(start - 10 * minute), place: 'no_position', distanceMeters: null })
  })

  test('the visits table has no column for a coordinate', async () => {
    const tables = await db.introspection.getTables()
    const visits = tables.find((table) => table.name === 'visits')
    expect(visits?.columns.map((column) => column.name)).toEqual(expect.arrayContaining(['checkInPlace', 'checkInDistanceMeters']))
    expect(visits?.columns.filter((column) => /lat|lon|lng|position|point|coord/i.test(column.name))).toEqual([])
  })

  test('opens 30 minutes before the start: 31 minutes before is refused with the time it opens, 29 minutes before is taken', async () => {
    const { sitter, owner, bookingId } = await partiesWithBooking()
    clockAt(start - 31 * minute)

    expect((await readVisit(owner, bookingId)).body).toMatchObject({ state: 'not-started', canCheckIn: false })
    expect(await checkIn(sitter, bookingId)).toEqual({
      status: 409,
      body: { message: 'Check-in opens at 09:30 on Monday, March 10, 2031, 30 minutes before the booking starts.', errors: {} },
    })
    expect(await db.selectFrom('visits').select('bookingId').where('bookingId', '=', bookingId).execute()).toEqual([])

    clockAt(start - 29 * minute)
    expect((await readVisit(owner, bookingId)).body.canCheckIn).toBe(true)
    expect((await checkIn(sitter, bookingId)).status).toBe(201)
  })

  test('closes at the end of the booking', async () => {
    const { sitter, bookingId } = await partiesWithBooking()
    clockAt(end)

    expect(await checkIn(sitter, bookingId)).toEqual({ status: 409, body: { message: 'This booking has ended: its visit can no longer be checked in.', errors: {} } })
    clockAt(end + 5 * minute)
    expect((await checkIn(sitter, bookingId)).status).toBe(409)
    expect(await db.selectFrom('visits').select('bookingId').where('bookingId', '=', bookingId).execute()).toEqual([])
  })

  test('is refused for a pending or a cancelled booking', async () => {
    for (const status of ['pending', 'cancelled'] as const) {
      const { sitter, owner, bookingId } = await partiesWithBooking({ status })
      expect(await checkIn(sitter, bookingId), status).toEqual({ status: 409, body: { message: 'A visit is logged only for an accepted booking.', errors: {} } })
      expect((await readVisit(owner, bookingId)).body).toMatchObject({ state: 'not-started', canCheckIn: false })
      expect((await addEntry(sitter, bookingId, { kind: 'pee' })).status).toBe(409)
    }
  })

  test('happens once: a second check-in is refused, and two at the same moment make one visit', async () => {
    const { sitter, bookingId } = await partiesWithBooking()

    const answers = await Promise.all([checkIn(sitter, bookingId), checkIn(sitter, bookingId)])

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({ message: 'This visit is already checked in.', errors: {} })
    expect(await db.selectFrom('visits').select('bookingId').where('bookingId', '=', bookingId).execute()).toHaveLength(1)
    expect(await db.selectFrom('domainEvents').select('type').where('subjectId', '=', bookingId).where('type', '=', 'visit.checkedIn').execute()).toHaveLength(1)
  })
})

describe('entries', () => {
  test("are stamped with the server's time, whatever the client says", async () => {
    const { sitter, owner, bookingId } = await visitUnderWay()
    clockAt(start + 5 * minute)
    expect((await addEntry(sitter, bookingId, { kind: 'pee', at: '2020-01-01T00:00:00.000Z' })).status).toBe(201)
    clockAt(start + 12 * minute)
    const answer = await addEntry(sitter, bookingId, { kind: 'note', note: '  Rex met a friendly poodle.\nAll good.  ' })

    expect(answer.status).toBe(201)
    const expected = [
      { id: expect.any(String), kind: 'pee', note: null, at: iso(start + 5 * minute) },
      { id: expect.any(String), kind: 'note', note: 'Rex met a friendly poodle.\nAll good.', at: iso(start + 12 * minute) },
    ]
    expect(answer.body.entries).toEqual(expected)
    expect((await readVisit(owner, bookingId)).body.entries).toEqual(expected)
  })

  test('need a check-in first', async () => {
    const { sitter, bookingId } = await partiesWithBooking()
    expect(await addEntry(sitter, bookingId, { kind: 'water' })).toEqual({ status: 409, body: { message: 'Check in first: this visit has not started.', errors: {} } })
  })
})

describe('photos', () => {
  const gpsExif = {
    IFD0: { Copyright: 'Pawpal test camera' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 22/1 3684/100', GPSLongitudeRef: 'E', GPSLongitude: '8/1 32/1 3012/100' },
  }
  /** The little-endian EXIF tag of the GPS IFD pointer (0x8825), as libvips writes it. */
  const gpsPointerTag = Buffer.from([0x25, 0x88])

  const storedBytes = async (url: string) => {
    const stored = await storage.get(url.slice('/uploads/'.length))
    if (!stored) throw new Error(`Nothing stored at ${url}`)
    return buffer(stored.body)
  }

  test("a JPEG and a PNG with GPS EXIF are stored as WebP without metadata, with the server's time, for both parties only", async () => {
    const { sitter, owner, bookingId } = await visitUnderWay()
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c47a3a' } }).jpeg().withExif(gpsExif).toBuffer()
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#7ac43a' } }).png().withExif(gpsExif).toBuffer()
    for (const picture of [jpeg, png]) expect((await sharp(picture).metadata()).exif?.includes(gpsPointerTag), 'the test photo carries GPS data').toBe(true)

    clockAt(start + 7 * minute)
    expect((await sendPhoto(sitter, bookingId, jpeg)).status).toBe(201)
    clockAt(start + 9 * minute)
    const answer = await sendPhoto(sitter, bookingId, png)

    expect(answer.status).toBe(201)
    expect(answer.body.photos.map((photo) => photo.at)).toEqual([iso(start + 7 * minute), iso(start + 9 * minute)])
    const strangerToken = (await stranger()).token
    for (const photo of answer.body.photos) {
      expect(photo.url).toMatch(new RegExp(`^/uploads/visits/${bookingId}/[0-9a-f-]{36}-800\\.webp$`))
      expect(photo.thumbnailUrl).toBe(photo.url.replace('-800.webp', '-320.webp'))
      for (const url of [photo.url, photo.thumbnailUrl]) {
        const stored = await sharp(await storedBytes(url)).metadata()
        expect(stored.format).toBe('webp')
        expect(stored.exif).toBeUndefined()
        expect(stored.xmp).toBeUndefined()
      }
      // What server.ts asks before it sends a file under /uploads: 'hidden' is its 404.
      const base = photo.url.slice(0, -'-800.webp'.length)
      expect(await uploadAccess(base, { authorization: `Bearer ${owner.token}` })).toBe('private')
      expect(await uploadAccess(base, { authorization: `Bearer ${sitter.token}` })).toBe('private')
      expect(await uploadAccess(base, { authorization: `Bearer ${strangerToken}` })).toBe('hidden')
      expect(await uploadAccess(base, {})).toBe('hidden')
    }
    expect((await readVisit(owner, bookingId)).body.photos).toEqual(answer.body.photos)
  })

  test('a form without a photo is refused with 400 naming the field; a file that is no picture with 415', async () => {
    const { sitter, bookingId } = await visitUnderWay()

    const none = await sendPhoto(sitter, bookingId, await smallPng(), 'picture')
    expect(none).toEqual({ status: 400, body: { message: 'Choose a photo to add', errors: { photo: ['Choose a photo to add'] } } })
    expect((await sendPhoto(sitter, bookingId, new TextEncoder().encode('not a picture'))).status).toBe(415)
    expect(await db.selectFrom('visitPhotos').select('id').where('bookingId', '=', bookingId).execute()).toEqual([])
    expect(await storage.list(`visits/${bookingId}/`)).toEqual([])
  })

  test('a visit holds 10: with 8 stored, 3 sent at the same moment store 2 and refuse 1, and nothing more is kept', async () => {
    const { sitter, bookingId } = await visitUnderWay()
    const picture = await smallPng()
    for (let count = 0; count < 8; count++) expect((await sendPhoto(sitter, bookingId, picture)).status).toBe(201)

    const answers = await Promise.all([1, 2, 3].map(() => sendPhoto(sitter, bookingId, picture)))

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409])
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({ message: 'A visit holds at most 10 photos.', errors: {} })
    expect(await db.selectFrom('visitPhotos').select('id').where('bookingId', '=', bookingId).execute()).toHaveLength(10)
    expect(await sendPhoto(sitter, bookingId, picture)).toMatchObject({ status: 409, body: { message: 'A visit holds at most 10 photos.' } })
    // Three sizes of each photo kept, none of the refused ones.
    expect(await storage.list(`visits/${bookingId}/`)).toHaveLength(30)
  })
})

describe('a walk’s route', () => {
  test("is measured through every point, and no point within 200 m of either home is stored", async () => {
    const { sitter, owner, bookingId } = await visitUnderWay()
    // From the owner's home towards the sitter's, 1000 m north: 50 m and 900 m lie in a home's zone.
    const at = (minutes: number) => iso(start + minutes * minute)
    const first = [north(ownerHome, 50), north(ownerHome, 300), north(ownerHome, 600)].map((point, index) => ({ ...point, at: at(index + 1) }))
    const second = [north(ownerHome, 700), north(ownerHome, 900)].map((point, index) => ({ ...point, at: at(index + 4) }))
    clockAt(start + 10 * minute)

    expect((await sendRoute(sitter, bookingId, { points: first })).status).toBe(200)
    const answer = await sendRoute(sitter, bookingId, { points: second })

    expect(answer.status).toBe(200)
    const walked = [...first, ...second]
    const expectedMeters = walked.slice(1).reduce((sum, point, index) => sum + metresBetween(walked[index]!, point), 0)
    expect(Math.round(expectedMeters)).toBe(850)
    const route = answer.body.route!
    expect(Math.abs(route.distanceMeters - expectedMeters)).toBeLessThanOrEqual(1)
    expect(route.durationSeconds).toBe(4 * 60)
    const storedMeters = route.points.map((point) => Math.round(metresBetween(point, ownerHome)))
    expect(storedMeters).toEqual([300, 600, 700])
    expect(route.points.map((point) => point.at)).toEqual([at(2), at(3), at(4)])
    expect((await readVisit(owner, bookingId)).body.route).toEqual(route)

    const rows = await db.selectFrom('visitRoutePoints').select(['latitude', 'longitude']).where('bookingId', '=', bookingId).execute()
    expect(rows).toHaveLength(3)
    for (const row of rows) {
      expect(metresBetween(row, ownerHome)).toBeGreaterThan(200)
      expect(metresBetween(row, sitterHome)).toBeGreaterThan(200)
    }
  })

  test('leaves out a point no walk could reach (across the globe in a second), from the length and from what is stored', async () => {
    const { sitter, owner, bookingId } = await visitUnderWay()
    const at = (seconds: number) => iso(start + seconds * 1000)
    clockAt(start + 10 * minute)
    const [near, further, furthest] = [north(ownerHome, 400), north(ownerHome, 500), north(ownerHome, 600)]

    const answer = await sendRoute(sitter, bookingId, {
      points: [
        { ...near, at: at(60) },
        { latitude: -89, longitude: 0, at: at(61) },
        { latitude: 0, longitude: 179.9999, at: at(62) },
        { ...further, at: at(120) },
      ],
    })
    // The next batch begins far away too: it is measured from where the route so far ended.
    const next = await sendRoute(sitter, bookingId, { points: [{ latitude: 89, longitude: 0, at: at(130) }, { ...furthest, at: at(180) }] })

    expect([answer.status, next.status]).toEqual([200, 200])
    const route = (await readVisit(owner, bookingId)).body.route!
    expect(route.distanceMeters).toBe(Math.round(metresBetween(near, further) + metresBetween(further, furthest)))
    expect(route.distanceMeters).toBe(200)
    expect(route.points.map((point) => Math.round(metresBetween(point, ownerHome)))).toEqual([400, 500, 600])
    expect(await db.selectFrom('visitRoutePoints').select('id').where('bookingId', '=', bookingId).execute()).toHaveLength(3)
  })

  test("keeps a point's time between the check-in and now", async () => {
    const { sitter, bookingId } = await visitUnderWay()
    clockAt(start + 10 * minute)

    const answer = await sendRoute(sitter, bookingId, {
      points: [
        { ...north(ownerHome, 400), at: '2020-01-01T00:00:00.000Z' },
        { ...north(ownerHome, 500), at: '2040-01-01T00:00:00.000Z' },
      ],
    })

    expect(answer.body.route?.points.map((point) => point.at)).toEqual([iso(start), iso(start + 10 * minute)])
    expect(answer.body.route?.durationSeconds).toBe(10 * 60)
  })

  test('is recorded only for walks', async () => {
    const { sitter, bookingId } = await visitUnderWay({ service: 'sitting' })

    const answer = await sendRoute(sitter, bookingId, { points: [{ ...north(ownerHome, 400), at: iso(start) }] })

    expect(answer).toEqual({ status: 409, body: { message: 'A route is recorded only for walks.', errors: {} } })
    expect(await db.selectFrom('visitRoutePoints').select('id').where('bookingId', '=', bookingId).execute()).toEqual([])
  })
})

describe('check-out', () => {
  test('closes the visit into its report card: then entries, photos, the route and another check-out are refused', async () => {
    const { sitter, owner, bookingId } = await visitUnderWay()
    clockAt(start + 55 * minute)

    const answer = await checkOut(sitter, bookingId, { note: 'Rex was a star.' })

    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ state: 'checked-out', checkOut: { at: iso(start + 55 * minute), note: 'Rex was a star.' } })
    expect((await readVisit(owner, bookingId)).body.checkOut).toEqual({ at: iso(start + 55 * minute), note: 'Rex was a star.' })
    const closed = { message: 'This visit is checked out: its report card is closed.', errors: {} }
    expect(await addEntry(sitter, bookingId, { kind: 'poo' })).toEqual({ status: 409, body: closed })
    expect(await sendPhoto(sitter, bookingId, await smallPng())).toEqual({ status: 409, body: closed })
    expect(await sendRoute(sitter, bookingId, { points: [{ ...north(ownerHome, 400), at: iso(start) }] })).toEqual({ status: 409, body: closed })
    expect(await checkOut(sitter, bookingId)).toEqual({ status: 409, body: closed })
    expect(await checkIn(sitter, bookingId)).toEqual({ status: 409, body: { message: 'This visit is already checked in.', errors: {} } })
    expect(await visitRowsText(bookingId)).not.toContain('"poo"')
  })
})

describe('who may do what', () => {
  test("the owner reads the log and is refused every write with 403; the owner's refusals change nothing", async () => {
    const { sitter, owner, bookingId } = await visitUnderWay()
    const sitterOnly = { message: "Only the booking's sitter keeps its visit log.", errors: {} }
    const before = await visitRowsText(bookingId)

    expect((await readVisit(owner, bookingId)).status).toBe(200)
    expect(await checkIn(owner, bookingId)).toEqual({ status: 403, body: sitterOnly })
    expect(await addEntry(owner, bookingId, { kind: 'pee' })).toEqual({ status: 403, body: sitterOnly })
    expect(await sendPhoto(owner, bookingId, await smallPng())).toEqual({ status: 403, body: sitterOnly })
    expect(await sendRoute(owner, bookingId, { points: [{ ...north(ownerHome, 400), at: iso(start) }] })).toEqual({ status: 403, body: sitterOnly })
    expect(await checkOut(owner, bookingId)).toEqual({ status: 403, body: sitterOnly })
    expect(await visitRowsText(bookingId)).toBe(before)
    expect((await readVisit(sitter, bookingId)).body.state).toBe('under-way')
  })

  test('anyone else gets 404 for everything, and a signed-out client 401', async () => {
    const { bookingId } = await visitUnderWay()
    const other = await stranger()
    const notFound = { message: 'Booking not found', errors: {} }
    const picture = await smallPng()

    expect(await readVisit(other, bookingId)).toEqual({ status: 404, body: notFound })
    expect(await checkIn(other, bookingId)).toEqual({ status: 404, body: notFound })
    expect(await addEntry(other, bookingId, { kind: 'pee' })).toEqual({ status: 404, body: notFound })
    expect(await sendPhoto(other, bookingId, picture)).toEqual({ status: 404, body: notFound })
    expect(await sendRoute(other, bookingId, { points: [{ ...north(ownerHome, 400), at: iso(start) }] })).toEqual({ status: 404, body: notFound })
    expect(await checkOut(other, bookingId)).toEqual({ status: 404, body: notFound })
    expect(await readVisit(other, crypto.randomUUID())).toEqual({ status: 404, body: notFound })

    const signedOut = { token: 'not-a-token', id: '' }
    for (const answer of [
      await readVisit(signedOut, bookingId),
      await checkIn(signedOut, bookingId),
      await addEntry(signedOut, bookingId, { kind: 'pee' }),
      await sendPhoto(signedOut, bookingId, picture),
      await sendRoute(signedOut, bookingId, { points: [] }),
      await checkOut(signedOut, bookingId),
    ]) {
      expect(answer.status).toBe(401)
    }
    const anonymous = await appRequest(visitPath(bookingId))
    expect(anonymous.status).toBe(401)
    await anonymous.arrayBuffer()
  })

  test('GET is private and never kept by a cache; other methods are 405', async () => {
    const { owner, bookingId } = await visitUnderWay()
    const read = await appRequest(visitPath(bookingId), { headers: bearer(owner.token) })
    expect(read.headers.get('cache-control')).toBe('private, no-store')
    await read.arrayBuffer()
    expect((await call('PUT', visitPath(bookingId), owner.token, {})).status).toBe(405)
    expect((await call('GET', visitPath(bookingId, 'check-in'), owner.token)).status).toBe(405)
    expect((await call('DELETE', visitPath(bookingId, 'photos'), owner.token)).status).toBe(405)
  })
})

describe('hostile input', () => {
  test('is refused with 400 (or 415 for the wrong type) and changes nothing', async () => {
    const { sitter, bookingId } = await visitUnderWay()
    const hundredAndOne = Array.from({ length: 101 }, (_, index) => ({ ...north(ownerHome, 400 + index), at: iso(start) }))
    const refusals: [string, string, string, number][] = [
      ['check-in', '{"latitude": 47.3,', 'application/json', 400],
      ['check-in', JSON.stringify({ latitude: 47.3, longitude: 8.5 }), 'text/plain', 415],
      ['check-in', JSON.stringify({ latitude: '47.3', longitude: '8.5' }), 'application/json', 400],
      ['check-in', JSON.stringify({ latitude: 'NaN', longitude: 8.5 }), 'application/json', 400],
      ['check-in', '{"latitude": NaN, "longitude": 8.5}', 'application/json', 400],
      ['check-in', '{"latitude": 1e400, "longitude": 8.5}', 'application/json', 400],
      ['check-in', JSON.stringify({ latitude: 91, longitude: 8.5 }), 'application/json', 400],
      ['check-in', JSON.stringify({ latitude: 47.3, longitude: -180.5 }), 'application/json', 400],
      ['check-in', JSON.stringify({ latitude: 47.3 }), 'application/json', 400],
      ['check-in', JSON.stringify([47.3, 8.5]), 'application/json', 400],
      ['entries', JSON.stringify({ kind: 'nap' }), 'application/json', 400],
      ['entries', JSON.stringify({ kind: ['pee'] }), 'application/json', 400],
      ['entries', JSON.stringify({ kind: 'note' }), 'application/json', 400],
      ['entries', JSON.stringify({ kind: 'note', note: '   ' }), 'application/json', 400],
      ['entries', JSON.stringify({ kind: 'pee', note: 'ding\u0007dong' }), 'application/json', 400],
      ['entries', JSON.stringify({ kind: 'pee', note: 'a\u0000b' }), 'application/json', 400],
      ['entries', JSON.stringify({ kind: 'pee', note: 'x'.repeat(1001) }), 'application/json', 400],
      ['entries', JSON.stringify({ kind: 'pee', note: 'x'.repeat(900_000) }), 'application/json', 400],
      ['entries', JSON.stringify({ kind: 'pee', note: 42 }), 'application/json', 400],
      ['route', JSON.stringify({ points: hundredAndOne }), 'application/json', 400],
      ['route', JSON.stringify({ points: [] }), 'application/json', 400],
      ['route', JSON.stringify({ points: 'here' }), 'application/json', 400],
      ['route', JSON.stringify({ points: [{ latitude: 47.3, longitude: 8.5, at: 'yesterday' }] }), 'application/json', 400],
      ['route', JSON.stringify({ points: [{ latitude: '47.3', longitude: 8.5, at: iso(start) }] }), 'application/json', 400],
      ['route', JSON.stringify({ points: [{ latitude: 47.3, longitude: 8.5 }] }), 'application/json', 400],
      ['check-out', JSON.stringify({ note: { text: 'done' } }), 'application/json', 400],
      ['check-out', JSON.stringify({ note: 'x'.repeat(1001) }), 'application/json', 400],
      ['photos', JSON.stringify({ photo: 'rex.jpg' }), 'application/json', 415],
    ]
    const before = await visitRowsText(bookingId)
    for (const [action, body, contentType, status] of refusals) {
      const response = await appRequest(visitPath(bookingId, action), { method: 'POST', headers: { ...bearer(sitter.token), 'content-type': contentType }, body })
      const answer = (await response.json()) as { message: string; errors: Record<string, string[]> }
      expect({ action, body: body.slice(0, 80), status: response.status }).toEqual({ action, body: body.slice(0, 80), status })
      expect(answer).toEqual({ message: expect.any(String), errors: expect.any(Object) })
    }
    expect(await visitRowsText(bookingId)).toBe(before)
  })

  test('a refusal names the field and the limit', async () => {
    const { sitter, bookingId } = await visitUnderWay()
    expect((await call('POST', visitPath(bookingId, 'check-in'), sitter.token, { latitude: 91, longitude: 8 })).body).toEqual({
      message: 'Latitude must be between -90 and 90',
      errors: { latitude: ['Latitude must be between -90 and 90'] },
    })
    expect((await addEntry(sitter, bookingId, { kind: 'nap' })).body).toMatchObject({ errors: { kind: ['Kind must be one of: pee, poo, food, water, medication, play, note'] } })
    const tooMany = Array.from({ length: 101 }, () => ({ ...north(ownerHome, 400), at: iso(start) }))
    expect((await sendRoute(sitter, bookingId, { points: tooMany })).body).toMatchObject({ errors: { points: ['Send at most 100 points at a time'] } })
  })
})

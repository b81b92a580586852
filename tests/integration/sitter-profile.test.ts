import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'
import * as gallery from '#app/routes/api/users.profile-gallery.ts'
import { appRequest } from './app.ts'
import { insertBookingRow, insertConversation, insertReview, insertSitter, insertUser } from './fixtures.ts'
import { contextFor, routeAnswer } from './route-calls.ts'

// What the sitter profile shows beneath its screens (issue 9): ratings computed from reviews, the facts
// measured from messages and bookings, reviews newest first with replies, the gallery, and that no answer
// of these routes carries a sitter's exact coordinates, e-mail or phone.

beforeAll(async () => {
  await migrateToLatest()
})

beforeEach(async () => {
  await db.deleteFrom('bookings').execute()
  await db.deleteFrom('users').execute()
})

const getJson = async (pathname: string) => {
  const response = await appRequest(pathname)
  return { status: response.status, text: await response.clone().text(), body: (await response.json()) as Record<string, unknown> }
}

type ListItem = { id: string; rating: number | null; reviewCount: number }
type Review = { id: string; rating: number; comment: string; createdAt: string; author: { name: string }; reply: { comment: string; createdAt: string } | null }

const at = (day: number, minutes = 0) => new Date(Date.UTC(2026, 0, day, 9, minutes)).toISOString()
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

// ---- ratings ----

describe('ratings', () => {
  test('equal the mean of the reviews, one decimal, with the count, in the list and on the profile', async () => {
    const sitter = await insertSitter({ name: 'Rated Sitter' })
    const newcomer = await insertSitter({ name: 'New Sitter' })
    const stars = [5, 4, 4, 2]
    for (const rating of stars) await insertReview(sitter.id, (await insertUser()).id, { rating })
    const expected = Math.round(mean(stars) * 10) / 10

    const list = (await getJson('/api/users/sitters')).body.data as ListItem[]
    const profile = (await getJson(`/api/users/${sitter.id}`)).body
    const newProfile = (await getJson(`/api/users/${newcomer.id}`)).body

    expect(expected).toBe(3.8)
    expect(list.find((item) => item.id === sitter.id)).toMatchObject({ rating: expected, reviewCount: stars.length })
    expect(list.find((item) => item.id === newcomer.id)).toMatchObject({ rating: null, reviewCount: 0 })
    expect(profile).toMatchObject({ rating: expected, reviewCount: stars.length })
    expect(newProfile).toMatchObject({ rating: null, reviewCount: 0 })
  })

  test('leave out the reviews of suspended owners', async () => {
    const sitter = await insertSitter()
    await insertReview(sitter.id, (await insertUser()).id, { rating: 5 })
    await insertReview(sitter.id, (await insertUser({ accountStatus: 'suspended' })).id, { rating: 1 })

    const profile = (await getJson(`/api/users/${sitter.id}`)).body
    const reviews = (await getJson(`/api/users/${sitter.id}/reviews`)).body

    expect(profile).toMatchObject({ rating: 5, reviewCount: 1 })
    expect((reviews.data as Review[]).map((review) => review.rating)).toEqual([5])
  })
})

// ---- facts ----

describe("the 'Book with' facts", () => {
  test('the median reply time is measured from the messages, per turn from its first message', async () => {
    const sitter = await insertSitter()
    const owner = await insertUser()
    const other = await insertUser()
    // Turns answered after 10, 40 (from the first of two messages) and 30 minutes; the last one unanswered.
    await insertConversation(owner.id, sitter.id, [
      { from: owner.id, at: at(5, 0) },
      { from: sitter.id, at: at(5, 10) },
      { from: owner.id, at: at(5, 60) },
      { from: owner.id, at: at(5, 70) },
      { from: sitter.id, at: at(5, 100) },
      { from: sitter.id, at: at(5, 105) },
      { from: owner.id, at: at(5, 200) },
      { from: sitter.id, at: at(5, 230) },
      { from: owner.id, at: at(6, 0) },
    ])
    // The sitter writes first, then answers after two hours.
    await insertConversation(other.id, sitter.id, [
      { from: sitter.id, at: at(7, 0) },
      { from: other.id, at: at(7, 30) },
      { from: sitter.id, at: at(7, 150) },
    ])
    const replyMinutes = [10, 40, 30, 120].sort((a, b) => a - b)
    const median = (replyMinutes[1]! + replyMinutes[2]!) / 2

    const profile = (await getJson(`/api/users/${sitter.id}`)).body

    expect(profile.medianReplyMinutes).toBe(median)
    expect(median).toBe(35)
  })

  test('without any reply the reply time is null', async () => {
    const sitter = await insertSitter()
    const owner = await insertUser()
    await insertConversation(owner.id, sitter.id, [
      { from: owner.id, at: at(5) },
      { from: owner.id, at: at(6) },
    ])

    expect((await getJson(`/api/users/${sitter.id}`)).body.medianReplyMinutes).toBeNull()
  })

  test('completed bookings are counted, other statuses are not; member since is the account creation', async () => {
    const sitter = await insertSitter()
    const owner = await insertUser()
    for (const status of ['completed', 'completed', 'completed', 'accepted', 'cancelled', 'pending', 'rejected'] as const) {
      await insertBookingRow(owner.id, sitter.id, { status })
    }
    const createdAt = '2025-04-01T08:30:00.000Z'
    await db.updateTable('users').set({ createdAt }).where('id', '=', sitter.id).execute()

    const profile = (await getJson(`/api/users/${sitter.id}`)).body

    expect(profile).toMatchObject({ completedBookings: 3, memberSince: createdAt })
  })

  test('the availability grid comes from the weekly schedule', async () => {
    const sitter = await insertSitter({
      availability: [
        { weekday: 1, startTime: '07:00', endTime: '11:00' },
        { weekday: 6, startTime: '13:00', endTime: '19:00' },
      ],
    })

    const grid = (await getJson(`/api/users/${sitter.id}`)).body.availabilityGrid as Record<string, unknown>[]

    expect(grid).toHaveLength(7)
    expect(grid[0]).toEqual({ weekday: 1, day: 'Mon', morning: true, afternoon: false, evening: false })
    expect(grid[5]).toEqual({ weekday: 6, day: 'Sat', morning: false, afternoon: true, evening: true })
    expect(grid.filter((day) => day.morning || day.afternoon || day.evening)).toHaveLength(2)
  })
})

// ---- reviews ----

describe('GET /api/users/{id}/reviews', () => {
  test('pages the reviews newest first, ten at a time, each with its reply when there is one', async () => {
    const sitter = await insertSitter()
    const owner = await insertUser({ name: 'Olivia Owner' })
    const inserted = []
    for (let day = 1; day <= 12; day++) {
      const reply = day % 3 === 0 ? { comment: `Thanks for day ${day}!`, createdAt: at(day, 30) } : undefined
      inserted.push({ id: await insertReview(sitter.id, owner.id, { rating: (day % 5) + 1, comment: `Review of day ${day}`, createdAt: at(day), reply }), day, reply })
    }
    const newestFirst = [...inserted].sort((a, b) => b.day - a.day)

    const first = (await getJson(`/api/users/${sitter.id}/reviews`)).body
    const second = (await getJson(`/api/users/${sitter.id}/reviews?page=2`)).body

    expect(first.meta).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 })
    expect(second.meta).toEqual({ page: 2, limit: 10, total: 12, totalPages: 2 })
    const pages = [...(first.data as Review[]), ...(second.data as Review[])]
    expect((first.data as Review[]).length).toBe(10)
    expect(pages.map((review) => review.id)).toEqual(newestFirst.map((review) => review.id))
    for (const [index, review] of pages.entries()) {
      const expected = newestFirst[index]!
      expect(review.comment).toBe(`Review of day ${expected.day}`)
      expect(review.reply).toEqual(expected.reply ?? null)
      expect(review.author.name).toBe('Olivia O.')
    }
  })

  test('limit pages differently; a page past the end is empty', async () => {
    const sitter = await insertSitter()
    const owner = await insertUser()
    for (let day = 1; day <= 7; day++) await insertReview(sitter.id, owner.id, { rating: 4, createdAt: at(day) })

    const third = (await getJson(`/api/users/${sitter.id}/reviews?page=3&limit=3`)).body
    const beyond = (await getJson(`/api/users/${sitter.id}/reviews?page=9`)).body

    expect(third.meta).toEqual({ page: 3, limit: 3, total: 7, totalPages: 3 })
    expect((third.data as Review[]).map((review) => review.createdAt)).toEqual([at(1)])
    expect(beyond.data).toEqual([])
  })

  test('only the sitter’s own reviews; an unknown or non-sitter id is a 404', async () => {
    const sitter = await insertSitter()
    const otherSitter = await insertSitter()
    const owner = await insertUser()
    await insertReview(otherSitter.id, owner.id, { rating: 2 })

    expect((await getJson(`/api/users/${sitter.id}/reviews`)).body).toMatchObject({ data: [], meta: { total: 0 } })
    expect((await getJson(`/api/users/${owner.id}/reviews`)).status).toBe(404)
    expect((await getJson('/api/users/no-such-user/reviews')).status).toBe(404)
  })

  test.each(['page=abc', 'page=0', 'limit=-5', 'limit=1.5', 'page=1e400'])('?%s is a 400', async (query) => {
    const sitter = await insertSitter()

    const { status, body } = await getJson(`/api/users/${sitter.id}/reviews?${query}`)

    expect(status).toBe(400)
    expect(body).toMatchObject({ message: expect.any(String), errors: expect.any(Object) })
  })
})

// ---- privacy ----

describe('privacy', () => {
  test('no answer carries the exact coordinates, address, e-mail or phone of a sitter or a reviewer', async () => {
    const exact = { latitude: 47.376_543, longitude: 8.541_234 }
    const sitter = await insertSitter({
      name: 'Anna Keller',
      email: 'anna.private@example.com',
      phoneNumber: '+41 79 555 12 34',
      home: { location: 'Geheimweg 12, 8001 Zürich', ...exact },
      shown: { location: 'Altstadt, Zürich', latitude: 47.378_901, longitude: 8.545_678 },
      services: [{ service: 'walking', hourlyRateCents: 2500 }],
      availability: [{ weekday: 1, startTime: '08:00', endTime: '12:00' }],
    })
    const owner = await insertUser({
      name: 'Olivia Owner',
      email: 'olivia.private@example.com',
      phoneNumber: '+41 78 444 98 76',
      home: { location: 'Ownerweg 3, 8008 Zürich', latitude: 47.355_555, longitude: 8.555_555 },
    })
    await insertReview(sitter.id, owner.id, { rating: 5, reply: { comment: 'Thank you!', createdAt: at(3) } })
    const secrets = [
      String(exact.latitude),
      String(exact.longitude),
      '47.355555',
      '8.555555',
      'Geheimweg',
      'Ownerweg',
      'anna.private@example.com',
      'olivia.private@example.com',
      '+41 79 555 12 34',
      '+41 78 444 98 76',
    ]
    const near = `lat=${exact.latitude}&lng=${exact.longitude}`
    // Each answer, and something it must show (so an empty answer cannot pass).
    const answers = [
      ['/api/users/sitters', sitter.id],
      ['/api/users/sitters?search=anna', sitter.id],
      ['/api/users/sitters?search=altstadt', sitter.id],
      ['/api/users/sitters?bbox=8.5,47.3,8.6,47.4&limit=100', sitter.id],
      [`/api/users/sitters?${near}`, sitter.id],
      [`/api/users/sitters?${near}&radius=2`, sitter.id],
      ['/api/users/sitters?service=walking&date=2026-03-02', sitter.id],
      [`/api/users/${sitter.id}`, sitter.id],
      [`/api/users/${sitter.id}/reviews`, 'Thank you!'],
    ] as const

    for (const [pathname, shown] of answers) {
      const { status, text } = await getJson(pathname)
      expect(status, pathname).toBe(200)
      expect(text, pathname).toContain(shown)
      for (const secret of secrets) expect(text, `${pathname} leaks ${secret}`).not.toContain(secret)
    }
    const item = ((await getJson('/api/users/sitters')).body.data as Record<string, unknown>[])[0]
    expect(item).toMatchObject({ latitude: 47.378_901, longitude: 8.545_678, location: 'Altstadt, Zürich' })
    for (const key of ['email', 'phoneNumber', 'address']) expect(item).not.toHaveProperty(key)
  })
})

// ---- gallery ----

describe('the gallery', () => {
  const endpoint = 'http://localhost/api/users/profile/gallery'
  const png = (colour: string) => sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer()

  // Every photo another picture, as a user's are: the same picture twice is one photo (decision 077).
  let photosMade = 0
  async function upload(user: SessionUser | null, count: number, field = 'images') {
    const body = new FormData()
    for (let n = 0; n < count; n++) {
      const colour = `#${String(photosMade++ % 10).repeat(6)}`
      body.append(field, new Blob([new Uint8Array(await png(colour))], { type: 'image/png' }), `photo-${n}.png`)
    }
    return call(new Request(endpoint, { method: 'POST', body }), user)
  }

  async function remove(user: SessionUser, imageUrl: string) {
    return call(new Request(endpoint, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ imageUrl }) }), user)
  }

  async function call(request: Request, user: SessionUser | null) {
    return routeAnswer(request, () =>
      gallery.action({ request, url: new URL(request.url), params: {}, pattern: '/api/users/profile/gallery', context: contextFor(user) }),
    )
  }

  const photosOnProfile = async (id: string) => (await getJson(`/api/users/${id}`)).body.photos as string[]
  const storedFile = (basePath: string, size: number) => path.join(path.resolve(env.UPLOAD_DIR), `${basePath.slice('/uploads/'.length)}-${size}.webp`)

  test('a sitter uploads photos: stored as WebP, shown on the public profile in order', async () => {
    const sitter = await insertSitter()

    const response = await upload(sitter, 2)

    expect(response.status).toBe(201)
    const { photos } = (await response.json()) as { photos: string[] }
    expect(photos).toHaveLength(2)
    for (const photo of photos) {
      expect(photo).toMatch(new RegExp(`^/uploads/gallery/${sitter.id}/[\\w-]+$`))
      expect(existsSync(storedFile(photo, 320))).toBe(true)
      expect((await sharp(storedFile(photo, 800)).metadata()).format).toBe('webp')
    }
    expect(await photosOnProfile(sitter.id)).toEqual(photos)
  })

  test('a sitter without photos has an empty gallery, never placeholders', async () => {
    const sitter = await insertSitter()
    expect(await photosOnProfile(sitter.id)).toEqual([])
  })

  test('six at most: a seventh is refused and nothing more is stored', async () => {
    const sitter = await insertSitter()
    expect((await upload(sitter, 4)).status).toBe(201)

    const refused = await upload(sitter, 3)

    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ message: 'Maximum of 6 photos reached - delete a photo to add new ones' })
    expect(await photosOnProfile(sitter.id)).toHaveLength(4)
    expect((await upload(sitter, 2)).status).toBe(201)
    expect(await photosOnProfile(sitter.id)).toHaveLength(6)
    expect((await upload(sitter, 1)).status).toBe(400)
  })

  test('removing a photo deletes it and its files; the rest keep their order', async () => {
    const sitter = await insertSitter()
    const { photos } = (await (await upload(sitter, 3)).json()) as { photos: string[] }
    const [first, second, third] = photos as [string, string, string]

    const response = await remove(sitter, `${second}-800.webp`)

    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ photos: [first, third] })
    expect(existsSync(storedFile(second, 320))).toBe(false)
    expect(await photosOnProfile(sitter.id)).toEqual([first, third])
  })

  test("another sitter cannot remove someone else's photo (404), an owner cannot upload (403), signed out is 401", async () => {
    const sitter = await insertSitter()
    const other = await insertSitter()
    const owner = await insertUser()
    const { photos } = (await (await upload(sitter, 1)).json()) as { photos: string[] }

    expect((await remove(other, photos[0]!)).status).toBe(404)
    expect(await photosOnProfile(sitter.id)).toEqual(photos)
    expect((await upload(owner, 1)).status).toBe(403)
    expect((await upload(null, 1)).status).toBe(401)
  })

  test('a file that is not a picture is a 415 and stores nothing', async () => {
    const sitter = await insertSitter()
    const body = new FormData()
    body.append('images', new Blob(['not a picture'], { type: 'image/png' }), 'fake.png')

    const response = await call(new Request(endpoint, { method: 'POST', body }), sitter)

    expect(response.status).toBe(415)
    expect(await photosOnProfile(sitter.id)).toEqual([])
  })
})

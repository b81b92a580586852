import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { updateProfile } from '#app/features/profiles/profile-update.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { appRequest, bearer, cookiesFrom, postForm, registerAccount, renderCount } from './app.ts'
import { insertBookingRow, insertConversation, insertReview, insertSitter, insertUser, type SitterProfileOptions, type UserOptions } from './fixtures.ts'

// The /sitters and /sitters/{id} pages (issue 9) through the production request handler: what they show,
// that neither their HTML nor their data (the `.data` answers of client navigations) carries a sitter's
// exact coordinates, e-mail or phone, hostile search text, paging, and the shared copy anonymous
// visitors get (same bytes, ETag, 304) following every change to a sitter.

beforeAll(async () => {
  await migrateToLatest()
})

beforeEach(async () => {
  await db.deleteFrom('bookings').execute()
  await db.deleteFrom('users').execute()
})

type Point = { latitude: number; longitude: number }
const zurich: Point = { latitude: 47.3769, longitude: 8.5417 }
const milesPerDegreeOfLatitude = (6_371_000 * Math.PI) / 180 / 1609.344
const northOf = (from: Point, miles: number): Point => ({ latitude: from.latitude + miles / milesPerDegreeOfLatitude, longitude: from.longitude })

/** A listed sitter shown at `shown` in `district`, living 0.3 miles north of it (never shown). */
function sitterAt(shown: Point, options: UserOptions & SitterProfileOptions = {}, district = 'Altstadt, Zürich') {
  return insertSitter({
    home: { location: 'Geheimweg 1, 8000 Zürich', ...northOf(shown, 0.3) },
    shown: { location: district, ...shown },
    services: [{ service: 'walking', hourlyRateCents: 2000 }],
    ...options,
  })
}

async function page(pathname: string, headers: HeadersInit = {}) {
  const response = await appRequest(pathname, { headers })
  const body = await response.text()
  // What a reader sees: the document before its scripts (which carry the same data again), without the
  // empty comments React puts between adjacent text pieces.
  const shown = body.split('<script')[0]!.replaceAll('<!-- -->', '')
  return { status: response.status, headers: response.headers, body, html: shown }
}

/** The sitter ids a list page links to, in their order. */
const listedIds = (html: string) => [...html.matchAll(/<li id="sitter-\d+"><a[^>]*href="\/sitters\/([\w-]+)"/g)].map((match) => match[1])

/** Signs a freshly registered account in through the login form: its cookie and id. */
async function signedIn(home: (Point & { location: string }) | null = null) {
  const account = await registerAccount()
  if (home) {
    await db.updateTable('users').set({ location: home.location, latitude: home.latitude, longitude: home.longitude }).where('id', '=', account.user.id).execute()
  }
  const cookie = cookiesFrom(await postForm('/login', { email: account.email, password: account.password, redirectTo: '' }))
  return { ...account, cookie }
}

// ---- the list ----

describe('/sitters', () => {
  test('lists each sitter with district, experience, lowest rate, rating and link; no reviews reads New sitter', async () => {
    const anna = await sitterAt(zurich, {
      name: 'Anna Keller',
      experience: '5+',
      services: [
        { service: 'sitting', hourlyRateCents: 3050 },
        { service: 'walking', hourlyRateCents: 2250 },
      ],
    })
    const owner = await insertUser()
    await insertReview(anna.id, owner.id, { rating: 5 })
    await insertReview(anna.id, owner.id, { rating: 4 })
    const boris = await insertSitter({ name: 'Boris Frei', experience: '0-1' })

    const { status, html } = await page('/sitters')

    expect(status).toBe(200)
    expect(listedIds(html)).toEqual([anna.id, boris.id])
    const [annaItem, borisItem] = html.split('<li id="sitter-').slice(1)
    expect(annaItem).toContain('Anna Keller')
    expect(annaItem).toContain('Altstadt, Zürich')
    expect(annaItem).toContain('More than 5 years')
    expect(annaItem).toContain('$22.50/hour')
    expect(annaItem).toContain('4.5')
    expect(annaItem).toContain('2 reviews')
    expect(borisItem).toContain('Location not specified')
    expect(borisItem).toContain('New sitter')
    expect(borisItem).toContain('No rate set')
    expect(html).toContain('2 dog sitters')
  })

  test("says 'No dog sitters found' when nothing matches, and when nobody is listed", async () => {
    await sitterAt(zurich, { name: 'Anna Keller' })
    expect((await page('/sitters?search=zebra')).html).toContain('No dog sitters found')
    await db.deleteFrom('users').execute()
    expect((await page('/sitters')).html).toContain('No dog sitters found')
  })

  test('a search for a district narrows the list to the sitters there', async () => {
    const wiedikon = [await sitterAt(zurich, { name: 'Ida Wyss' }, 'Wiedikon, Zürich'), await sitterAt(zurich, { name: 'Jan Roth' }, 'Wiedikon, Zürich')]
    await sitterAt(zurich, { name: 'Kim Berg' }, 'Oerlikon, Zürich')

    const { html } = await page('/sitters?search=wiedikon')

    expect(listedIds(html).sort()).toEqual(wiedikon.map((sitter) => sitter.id).sort())
    expect(html).toContain('value="wiedikon"')
  })

  test.each(['"', '*', "'", 'OR', 'NEAR(', 'anna OR boris', '"anna*', 'NEAR(anna boris)', '(', '^', ':'])(
    'the search %j answers the page normally',
    async (search) => {
      const anna = await sitterAt(zurich, { name: 'Anna Keller' })
      const { status, html } = await page(`/sitters?${new URLSearchParams({ search })}`)
      expect(status).toBe(200)
      const found = listedIds(html)
      // Punctuation alone searches for nothing (everyone); words are plain words, 'anna' among them.
      if (/anna/.test(search) && /boris/.test(search)) expect(found).toEqual([])
      else if (/anna/.test(search)) expect(found).toEqual([anna.id])
      else if (/^\W+$/.test(search)) expect(found).toEqual([anna.id])
      else expect(html).toContain('No dog sitters found')
    },
  )

  test('service, dog size and free-on filters narrow the list; a value it cannot use is named and left out', async () => {
    const monday = '2030-03-04'
    const walker = await sitterAt(zurich, {
      name: 'Walker',
      dogSizes: ['large'],
      availability: [{ weekday: 1, startTime: '08:00', endTime: '12:00' }],
    })
    await sitterAt(zurich, { name: 'Groomer', services: [{ service: 'grooming', hourlyRateCents: 3000 }], dogSizes: ['large'] })
    await sitterAt(zurich, { name: 'Blocked', availability: [{ weekday: 1, startTime: '08:00', endTime: '12:00' }], blockedDates: [monday] })

    expect(listedIds((await page('/sitters?service=walking&size=large')).html)).toEqual([walker.id])
    expect(listedIds((await page(`/sitters?date=${monday}`)).html)).toEqual([walker.id])

    const { status, html } = await page('/sitters?date=2030-02-30&service=flying')
    expect(status).toBe(200)
    expect(html).toContain('Date must be a calendar day written yyyy-MM-dd')
    expect(html).toContain('Service must be one of walking, sitting, boarding, daycare, training, grooming')
    expect(listedIds(html)).toHaveLength(3)
  })

  test('10 a page; ?page=2 shows pages 1 and 2 (Load More without JavaScript); &first=2 only page 2', async () => {
    const sitters = []
    for (let n = 1; n <= 23; n++) sitters.push(await sitterAt(zurich, { name: `Sitter ${n}` }))
    const ids = sitters.map((sitter) => sitter.id)

    const first = await page('/sitters')
    expect(listedIds(first.html)).toEqual(ids.slice(0, 10))
    expect(first.html).toContain('Showing 10 of 23')
    expect(first.html).toContain('href="/sitters?page=2#sitter-11"')

    const two = await page('/sitters?page=2')
    expect(listedIds(two.html)).toEqual(ids.slice(0, 20))
    expect(two.html).toContain('id="sitter-11"')

    expect(listedIds((await page('/sitters?page=2&first=2')).html)).toEqual(ids.slice(10, 20))
    const last = await page('/sitters?page=3')
    expect(listedIds(last.html)).toEqual(ids)
    expect(last.html).not.toContain('Load More')
  })

  test("the first three sitters' photos load at once (a phone's first screen, its largest paint), the others when scrolled to", async () => {
    for (let n = 1; n <= 4; n++) {
      const sitter = await sitterAt(zurich, { name: `Sitter ${n}` })
      await db.updateTable('users').set({ profilePhoto: `/uploads/avatars/${sitter.id}` }).where('id', '=', sitter.id).execute()
    }
    const { html } = await page('/sitters')
    const photos = [...html.matchAll(/<img src="\/uploads\/avatars\/[^"]+"[^>]*loading="(\w+)"/g)].map((match) => match[1])
    expect(photos).toEqual(['eager', 'eager', 'eager', 'lazy'])
  })

  test('never shows more than 10 pages at once, whatever page or limit is asked for', async () => {
    for (let n = 1; n <= 102; n++) await sitterAt(zurich, { name: `Sitter ${n}` })
    expect(listedIds((await page('/sitters?limit=1000')).html)).toHaveLength(10)
    const eleven = await page('/sitters?page=11')
    expect(listedIds(eleven.html)).toHaveLength(10 * 10 - 10 + 2)
    expect(eleven.html).toContain('Show earlier sitters')
    // Past the end: no sitters there, and a way back.
    const far = await page('/sitters?page=30')
    expect(far.status).toBe(200)
    expect(listedIds(far.html)).toEqual([])
    expect(far.html).toContain('No more sitters')
    expect(far.html).toContain('href="/sitters"')
    expect((await page('/sitters?page=0')).html).toContain('Page must be a whole number')
  })

  test("'Nearest to me first' sorts by distance from a signed-in visitor's own location, and asks others to sign in", async () => {
    const far = await sitterAt(northOf(zurich, 6), { name: 'Far Away' })
    const near = await sitterAt(northOf(zurich, 1), { name: 'Close By' })
    const visitor = await signedIn({ location: 'Bahnhofstrasse 1, 8001 Zürich', ...zurich })

    const sorted = await page('/sitters?near=1', { cookie: visitor.cookie })
    expect(listedIds(sorted.html)).toEqual([near.id, far.id])
    expect(sorted.html).toContain('1.0 miles away')
    expect(sorted.html).toContain('nearest first')

    const anonymous = await page('/sitters?near=1')
    expect(listedIds(anonymous.html)).toEqual([far.id, near.id])
    expect(anonymous.html).toContain('to see the sitters nearest to you first')
    expect(anonymous.html).toContain('href="/login?redirectTo=%2Fsitters%3Fnear%3D1"')
  })
})

// ---- the profile ----

describe('/sitters/{id}', () => {
  test('shows the header, the tabs as links, the availability grid, services with rates and the Book with card', async () => {
    const sitter = await sitterAt(zurich, {
      name: 'Anna Keller',
      bio: 'I walk dogs by the lake.',
      verified: true,
      services: [
        { service: 'walking', hourlyRateCents: 2500 },
        { service: 'boarding', hourlyRateCents: null },
      ],
      availability: [{ weekday: 2, startTime: '13:00', endTime: '15:00' }],
    })
    const about = await page(`/sitters/${sitter.id}`)
    expect(about.status).toBe(200)
    expect(about.html).toContain('Anna Keller')
    expect(about.html).toContain('Verified')
    expect(about.html).toContain('Altstadt, Zürich')
    expect(about.html).toContain('New sitter')
    expect(about.html).toContain('I walk dogs by the lake.')
    expect(about.html).toContain('Book with <bdi>Anna</bdi>')
    expect(about.html).toContain('No completed bookings yet')
    expect(about.html).toContain(`href="/messages?userId=${sitter.id}"`)
    expect(about.html).toContain(`href="/sitters/${sitter.id}/book"`)
    expect(about.html).toContain(`href="/sitters/${sitter.id}?tab=reviews#profile-tabs"`)
    // Tuesday afternoon only: one of the 21 cells says Available.
    expect(about.html.match(/>Available</g)).toHaveLength(1)

    const services = await page(`/sitters/${sitter.id}?tab=services`)
    expect(services.html).toContain('Dog Walking')
    expect(services.html).toContain('$25/hour')
    expect(services.html).toContain('Rate on request')
  })

  test("the 'Book with' card states the measured reply time, completed bookings and member since, none of the spec's static claims", async () => {
    const sitter = await sitterAt(zurich, { name: 'Anna Keller' })
    await db.updateTable('users').set({ createdAt: '2024-05-17T10:00:00.000Z' }).where('id', '=', sitter.id).execute()
    const [olivia, pete] = [await insertUser({ name: 'Olivia Owner' }), await insertUser({ name: 'Pete Walker' })]
    const at = (time: string) => `2026-02-03T${time}:00.000Z`
    // Anna answers Olivia after 20 and 40 minutes and Pete after 3 hours: the median is 40 minutes (the mean, 80).
    await insertConversation(olivia.id, sitter.id, [
      { from: olivia.id, at: at('09:00') },
      { from: sitter.id, at: at('09:20') },
      { from: olivia.id, at: at('11:00') },
      { from: sitter.id, at: at('11:40') },
    ])
    await insertConversation(pete.id, sitter.id, [
      { from: pete.id, at: at('14:00') },
      { from: sitter.id, at: at('17:00') },
    ])
    for (const status of ['completed', 'completed', 'completed', 'accepted', 'cancelled'] as const) await insertBookingRow(olivia.id, sitter.id, { status })

    const { html } = await page(`/sitters/${sitter.id}`)

    const card = html.slice(html.indexOf('Book with <bdi>Anna</bdi>'), html.indexOf('</section>', html.indexOf('Book with <bdi>Anna</bdi>')))
    expect(card).toContain('Usually replies within 40 minutes')
    expect(card).toContain('3 completed bookings')
    expect(card).toContain('Member since May 17, 2024')
    for (const claim of ['Available most days', 'Responds within']) expect(html).not.toContain(claim)
  })

  test("the header of a sitter without a location says 'Location not specified', and New sitter without reviews", async () => {
    const sitter = await insertSitter({ name: 'Boris Frei' })
    const { status, html } = await page(`/sitters/${sitter.id}`)
    expect(status).toBe(200)
    const header = html.slice(html.indexOf('<h1'), html.indexOf('</header>', html.indexOf('<h1')))
    expect(header).toContain('Boris Frei')
    expect(header).toContain('Location not specified')
    expect(header).toContain('New sitter')
  })

  test("the header's photo loads at once: the top of the page, its largest paint", async () => {
    const sitter = await sitterAt(zurich, { name: 'Anna Keller' })
    await db.updateTable('users').set({ profilePhoto: `/uploads/avatars/${sitter.id}` }).where('id', '=', sitter.id).execute()
    const { html } = await page(`/sitters/${sitter.id}`)
    expect(html.match(/<header[^>]*>\s*<img [^>]*loading="(\w+)"/)?.[1]).toBe('eager')
  })

  test('the Verified badge only when verified; no gallery without photos', async () => {
    const sitter = await sitterAt(zurich, { name: 'Anna Keller', verified: false })
    const { html } = await page(`/sitters/${sitter.id}`)
    expect(html).not.toContain('Verified')
    expect(html).not.toContain('Photos from Anna Keller')
    await db.insertInto('sitterPhotos').values({ id: 'p1', sitterId: sitter.id, position: 0, path: '/uploads/gallery/x/1', createdAt: new Date().toISOString() }).execute()
    expect((await page(`/sitters/${sitter.id}`)).html).toContain('src="/uploads/gallery/x/1-800.webp"')
  })

  test('the Reviews tab lists reviews newest first with the reply, 10 a page behind Older / Newer links', async () => {
    const sitter = await sitterAt(zurich, { name: 'Anna Keller' })
    const owner = await insertUser({ name: 'Olivia Owner' })
    for (let day = 1; day <= 12; day++) {
      await insertReview(sitter.id, owner.id, {
        rating: (day % 5) + 1,
        comment: `Walk number ${day}.`,
        createdAt: new Date(Date.UTC(2026, 0, day, 9)).toISOString(),
        ...(day === 12 ? { reply: { comment: 'Thank you, Olivia!', createdAt: new Date(Date.UTC(2026, 0, 13, 9)).toISOString() } } : {}),
      })
    }
    const first = await page(`/sitters/${sitter.id}?tab=reviews`)
    const comments = (html: string) => [...html.matchAll(/Walk number (\d+)\./g)].map((match) => Number(match[1]))
    expect(comments(first.html)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3])
    expect(first.html).toContain('Olivia O.')
    expect(first.html).toContain('Response from <bdi>Anna</bdi>')
    expect(first.html).toContain('Thank you, Olivia!')
    expect(first.html).toContain('January 12, 2026')
    expect(first.html).toContain(`href="/sitters/${sitter.id}?tab=reviews&amp;page=2#profile-tabs"`)

    const second = await page(`/sitters/${sitter.id}?tab=reviews&page=2`)
    expect(comments(second.html)).toEqual([2, 1])
    expect(second.html).toContain('Newer reviews')
  })

  test('unknown ids, owners and suspended sitters are a 404 saying Sitter not found', async () => {
    const owner = await insertUser()
    const suspended = await sitterAt(zurich, { accountStatus: 'suspended' })
    for (const id of ['no-such-sitter', owner.id, suspended.id]) {
      const { status, html } = await page(`/sitters/${id}`)
      expect(status, id).toBe(404)
      expect(html).toContain('Sitter not found')
    }
  })

  test('a sitter looking at their own profile is offered Edit profile instead of booking themself', async () => {
    const visitor = await signedIn()
    await db.updateTable('users').set({ role: 'sitter' }).where('id', '=', visitor.user.id).execute()
    const now = new Date().toISOString()
    await db.insertInto('sitterProfiles').values({ userId: visitor.user.id, createdAt: now, updatedAt: now }).execute()

    const { html } = await page(`/sitters/${visitor.user.id}`, { cookie: visitor.cookie })
    expect(html).toContain('This is how owners see your profile.')
    expect(html).not.toContain('Book Now')
  })
})

// ---- privacy ----

test('no page or page data of these routes carries the exact coordinates, address, e-mail or phone of a sitter or reviewer', async () => {
  const exact = { latitude: 47.391_234, longitude: 8.512_345 }
  const sitter = await insertSitter({
    name: 'Anna Keller',
    email: 'anna.private@example.com',
    phoneNumber: '+41 79 555 12 34',
    home: { location: 'Geheimweg 12, 8001 Zürich', ...exact },
    shown: { location: 'Altstadt, Zürich', latitude: 47.388_765, longitude: 8.516_789 },
    services: [{ service: 'walking', hourlyRateCents: 2500 }],
  })
  const owner = await insertUser({
    name: 'Olivia Owner',
    email: 'olivia.private@example.com',
    phoneNumber: '+41 78 444 98 76',
    home: { location: 'Ownerweg 3, 8008 Zürich', latitude: 47.355_555, longitude: 8.555_555 },
  })
  await insertReview(sitter.id, owner.id, { rating: 5, comment: 'Lovely walks.' })
  const visitor = await signedIn({ location: 'Bahnhofstrasse 1, 8001 Zürich', ...zurich })
  const secrets = ['47.391234', '8.512345', '47.39123', '8.51234', '47.355555', '8.555555', 'Geheimweg', 'Ownerweg', 'anna.private', 'olivia.private', '555 12 34', '444 98 76']
  const paths = [
    '/sitters',
    '/sitters?search=anna',
    '/sitters?near=1',
    '/sitters.data',
    '/sitters.data?search=altstadt&near=1',
    `/sitters/${sitter.id}`,
    `/sitters/${sitter.id}?tab=services`,
    `/sitters/${sitter.id}?tab=reviews`,
    `/sitters/${sitter.id}.data`,
    `/sitters/${sitter.id}.data?tab=reviews`,
    '/api/users/sitters?limit=1000',
    `/api/users/sitters?lat=${exact.latitude}&lng=${exact.longitude}`,
    `/api/users/${sitter.id}`,
    `/api/users/${sitter.id}/reviews`,
  ]
  for (const cookie of [null, visitor.cookie]) {
    for (const pathname of paths) {
      const { status, body } = await page(pathname, cookie ? { cookie } : {})
      const who = `${pathname} ${cookie ? 'signed in' : 'anonymous'}`
      expect(status, who).toBe(200)
      expect(body, who).toContain(pathname.includes('tab=reviews') || pathname.endsWith('/reviews') ? 'Lovely walks.' : 'Anna Keller')
      for (const secret of secrets) expect(body, `${who} leaks ${secret}`).not.toContain(secret)
    }
  }
  const api = JSON.parse((await page('/api/users/sitters?limit=1000')).body) as { meta: { limit: number } }
  expect(api.meta.limit).toBe(100)
})

// ---- the shared copy for anonymous visitors ----

describe('anonymous visitors', () => {
  test('get the same bytes and strong ETag twice for /sitters and a profile, and 304 for If-None-Match', async () => {
    const sitter = await sitterAt(zurich, { name: 'Anna Keller' })
    for (const pathname of ['/sitters', '/sitters?search=anna', `/sitters/${sitter.id}`, `/sitters/${sitter.id}?tab=reviews`]) {
      const first = await page(pathname)
      const second = await page(pathname)
      expect(first.status, pathname).toBe(200)
      expect(second.body, pathname).toBe(first.body)
      const etag = first.headers.get('etag')
      expect(etag, pathname).toMatch(/^"[\w-]{20,}"$/)
      expect(second.headers.get('etag'), pathname).toBe(etag)
      expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
      expect(first.headers.get('content-security-policy')).not.toContain('nonce-')

      const revalidated = await appRequest(pathname, { headers: { 'if-none-match': etag! } })
      expect(revalidated.status, pathname).toBe(304)
      expect(await revalidated.text()).toBe('')
    }
  })

  test('browsers get the stored copy compressed (brotli, else gzip) with its own ETag; any of them revalidates', async () => {
    await sitterAt(zurich, { name: 'Anna Keller' })
    const plain = await appRequest('/sitters')
    const plainBody = Buffer.from(await plain.arrayBuffer())
    const etag = plain.headers.get('etag')!
    expect(plain.headers.get('content-encoding')).toBeNull()

    const cases = [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
      ['identity', null, (bytes: Buffer) => bytes],
    ] as const
    for (const [acceptEncoding, encoding, decode] of cases) {
      const response = await appRequest('/sitters', { headers: { 'accept-encoding': acceptEncoding } })
      const bytes = Buffer.from(await response.arrayBuffer())
      expect(response.headers.get('content-encoding'), acceptEncoding).toBe(encoding)
      expect(response.headers.get('vary')).toBe('Accept-Encoding')
      expect(decode(bytes).equals(plainBody), acceptEncoding).toBe(true)
      if (encoding) expect(bytes.length).toBeLessThan(plainBody.length / 3)
      const ownTag = response.headers.get('etag')!
      expect(ownTag).toBe(encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag)
      const revalidated = await appRequest('/sitters', { headers: { 'accept-encoding': acceptEncoding, 'if-none-match': etag } })
      expect(revalidated.status).toBe(304)
      expect(revalidated.headers.get('etag')).toBe(ownTag)
    }
  })

  test('signed-in visitors get their own render, private', async () => {
    const sitter = await sitterAt(zurich, { name: 'Anna Keller' })
    const visitor = await signedIn()
    for (const pathname of ['/sitters', `/sitters/${sitter.id}`, '/map']) {
      const response = await appRequest(pathname, { headers: { cookie: visitor.cookie } })
      expect(response.headers.get('etag'), pathname).toBeNull()
      expect(response.headers.get('cache-control'), pathname).toBe('private, no-cache')
      const nonce = /'nonce-([\w+/=]+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
      expect(nonce, pathname).toBeTruthy()
      expect(await response.text(), pathname).toContain(`nonce="${nonce}"`)
    }
  })

  test('a visit after the first has finished is answered from its copy; after the sitter edits their profile the next one renders it', async () => {
    const sitter = await sitterAt(zurich, { name: 'Anna Keller' })
    const paths = ['/sitters', `/sitters/${sitter.id}`]
    for (const pathname of paths) {
      const first = await page(pathname)
      const rendered = renderCount()
      const second = await page(pathname)
      expect(renderCount(), `${pathname} rendered again`).toBe(rendered)
      expect(second.body, pathname).toBe(first.body)
    }

    expect(await updateProfile(sitter.id, { name: 'Anna Berg' })).toEqual({ ok: true })

    for (const pathname of paths) {
      const rendered = renderCount()
      const { html } = await page(pathname)
      expect(renderCount(), `${pathname} not rendered`).toBe(rendered + 1)
      expect(html, pathname).toContain('Anna Berg')
      expect(html, pathname).not.toContain('Anna Keller')
    }
  })

  test('see a profile edit, a new review and a new schedule on the very next request', async () => {
    const account = await registerAccount()
    const sitterId = account.user.id
    const saved = await appRequest(`/api/users/${sitterId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...bearer(account.accessToken) },
      body: JSON.stringify({
        sitterName: 'Anna Keller',
        experience: '1-3',
        bio: 'First bio.',
        dogSizes: ['small'],
        dogAges: ['adult'],
        services: ['walking'],
        rates: { walking: 25 },
        location: 'Limmatquai 1, 8001 Zürich',
        ...zurich,
      }),
    })
    expect(saved.status, await saved.clone().text()).toBe(200)
    const profile = `/sitters/${sitterId}`
    const before = await page(profile)
    expect(before.html).toContain('First bio.')
    expect((await page('/sitters')).html).toContain('New sitter')

    const edited = await appRequest(`/api/users/${sitterId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...bearer(account.accessToken) },
      body: JSON.stringify({ name: 'Anna Keller', bio: 'A brand new bio.' }),
    })
    expect(edited.status, await edited.clone().text()).toBe(200)
    const after = await page(profile)
    expect(after.html).toContain('A brand new bio.')
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'))
    expect((await appRequest(profile, { headers: { 'if-none-match': before.headers.get('etag')! } })).status).toBe(200)

    await insertReview(sitterId, (await insertUser()).id, { rating: 4 })
    expect((await page('/sitters')).html).toContain('1 review')

    const schedule = await appRequest('/api/users/me/schedule', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...bearer(account.accessToken) },
      body: JSON.stringify({ weekly: [{ weekday: 5, startTime: '17:00', endTime: '19:00' }] }),
    })
    expect(schedule.status, await schedule.clone().text()).toBe(200)
    expect((await page(profile)).html.match(/>Available</g)).toHaveLength(1)
  })
})

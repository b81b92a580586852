import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { start } from '#tests/fakes/push-service.ts'

// Web Push (issue 20, decision 052) against a local fake push service: devices turn notifications on and off
// through the API, and sendPush reaches them signed with the server's VAPID key and encrypted to the device
// (the fake decrypts it as the browser would, RFC 8291). Signing out of the session that turned a device on, or a
// password reset, forgets it (decision 116); signing out or a suspension puts it to sleep (decision 118).

// The fake must be listening before env.server.ts reads PUSH_SERVICE_URL, so every app module is imported after it.
const fake = await start()
process.env.PUSH_SERVICE_URL = fake.url

const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
const { env } = await import('#app/lib/env.server.ts')
const { sendPush } = await import('#app/features/push/send-push.server.ts')
const { maxDevicesPerUser } = await import('#app/features/push/push-subscriptions.server.ts')
const { appRequest, bearer, cookiesFrom, postForm, registerAccount, startTestApp } = await import('./app.ts')
const { forgetLongSleepingDevices, sessionDevicesSubscriber, sleepLimitMs } = await import('#app/features/push/push-subscriptions.server.ts')
const { sessionEventTypes } = await import('#app/features/accounts/session.server.ts')
const { call, owner } = await import('./booking-api.ts')
const { apiTokenFor, browserCookieFor, insertUser } = await import('./fixtures.ts')
const { backgroundWorkDone } = await import('#app/lib/work-queue.server.ts')

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

afterAll(async () => {
  await fake.close()
})

const devicesOf = (userId: string) => db.selectFrom('pushSubscriptions').select(['endpoint', 'p256dh']).where('userId', '=', userId).execute()
const endpointsOf = async (userId: string) => (await devicesOf(userId)).map((device) => device.endpoint).sort()
const newDevice = () => fake.subscribe(env.vapid.publicKey)
const subscribe = (token: string, body: unknown) => call('POST', '/api/push/subscriptions', token, body)
/** 0x04 and 64 bytes that name no point of P-256: well-formed, yet nothing can be encrypted to it. */
const offTheCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url')
const message = { title: 'New booking request', body: 'Olivia asks you to walk Rex on Saturday', url: '/bookings/b-1', tag: 'booking-b-1' }

describe('turning notifications on and off for a device', () => {
  test('the public key is the one pushes are signed with', async () => {
    const response = await appRequest('/api/push/public-key')
    expect(await response.json()).toEqual({ publicKey: env.vapid.publicKey })
  })

  test('a device subscribed twice (a second tap, two tabs at once) is one device', async () => {
    const user = await owner()
    const device = newDevice()

    const answers = await Promise.all([subscribe(user.token, device), subscribe(user.token, device), subscribe(user.token, device)])

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201])
    expect(await devicesOf(user.id)).toEqual([{ endpoint: device.endpoint, p256dh: device.keys.p256dh }])
  })

  test('a device subscribed by another user with the same keys (a shared browser) now belongs to that user', async () => {
    const first = await owner()
    const second = await owner('Second Owner')
    const device = newDevice()
    await subscribe(first.token, device)

    expect((await subscribe(second.token, device)).status).toBe(200)

    expect(await devicesOf(first.id)).toEqual([])
    expect(await devicesOf(second.id)).toHaveLength(1)
  })

  test("a stranger who knows another account's endpoint but not its keys gets 409, and the owner keeps the device", async () => {
    const first = await owner()
    const stranger = await owner('Stranger')
    const device = newDevice()
    await subscribe(first.token, device)
    const strangersKeys = newDevice().keys

    const answer = await subscribe(stranger.token, { endpoint: device.endpoint, keys: strangersKeys })

    expect(answer).toEqual({
      status: 409,
      body: { message: 'This device gets notifications for another account', errors: { endpoint: ['This device gets notifications for another account'] } },
    })
    expect(await devicesOf(first.id)).toEqual([{ endpoint: device.endpoint, p256dh: device.keys.p256dh }])
    expect(await devicesOf(stranger.id)).toEqual([])
  })

  test("only one of the endpoint's keys is not enough to move it", async () => {
    const first = await owner()
    const stranger = await owner('Stranger')
    const device = newDevice()
    await subscribe(first.token, device)
    const other = newDevice().keys

    expect((await subscribe(stranger.token, { endpoint: device.endpoint, keys: { p256dh: device.keys.p256dh, auth: other.auth } })).status).toBe(409)
    expect((await subscribe(stranger.token, { endpoint: device.endpoint, keys: { p256dh: other.p256dh, auth: device.keys.auth } })).status).toBe(409)

    expect(await devicesOf(first.id)).toEqual([{ endpoint: device.endpoint, p256dh: device.keys.p256dh }])
  })

  test('strangers and the owner subscribing one endpoint at once: the owner keeps it with their keys', async () => {
    const first = await owner()
    const strangers = [await owner('Stranger One'), await owner('Stranger Two')]
    const device = newDevice()
    await subscribe(first.token, device)

    const answers = await Promise.all([
      ...strangers.map((stranger) => subscribe(stranger.token, { endpoint: device.endpoint, keys: newDevice().keys })),
      subscribe(first.token, device),
    ])

    expect(answers.map((answer) => answer.status)).toEqual([409, 409, 200])
    expect(await devicesOf(first.id)).toEqual([{ endpoint: device.endpoint, p256dh: device.keys.p256dh }])
    for (const stranger of strangers) expect(await devicesOf(stranger.id)).toEqual([])
  })

  test('an unknown endpoint subscribed by two users at once belongs to one of them', async () => {
    const [first, second] = [await owner(), await owner('Second Owner')]
    const device = newDevice()
    const [mine, theirs] = [device, { endpoint: device.endpoint, keys: newDevice().keys }]

    const answers = await Promise.all([subscribe(first.token, mine), subscribe(second.token, theirs)])

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    const holders = [...(await devicesOf(first.id)), ...(await devicesOf(second.id))]
    expect(holders).toHaveLength(1)
    const winner = answers[0]?.status === 201 ? mine : theirs
    expect(holders).toEqual([{ endpoint: device.endpoint, p256dh: winner.keys.p256dh }])
  })

  test(`a user keeps the ${maxDevicesPerUser} devices subscribed last`, async () => {
    const user = await owner()
    const earlier = Array.from({ length: maxDevicesPerUser }, newDevice)
    await db
      .insertInto('pushSubscriptions')
      .values(earlier.map(({ endpoint, keys }, day) => ({ id: crypto.randomUUID(), userId: user.id, endpoint, ...keys, createdAt: `2026-01-${10 + day}T08:00:00.000Z` })))
      .execute()
    const latest = newDevice()

    expect((await subscribe(user.token, latest)).status).toBe(201)

    const kept = (await devicesOf(user.id)).map((row) => row.endpoint).sort()
    expect(kept).toEqual([...earlier.slice(1), latest].map((device) => device.endpoint).sort())
  })

  test('turning a device off deletes it; one that is not yours answers 404 and stays', async () => {
    const user = await owner()
    const other = await owner('Other Owner')
    const device = newDevice()
    await subscribe(user.token, device)

    expect((await call('DELETE', '/api/push/subscriptions', other.token, { endpoint: device.endpoint })).status).toBe(404)
    expect(await devicesOf(user.id)).toHaveLength(1)
    expect((await call('DELETE', '/api/push/subscriptions', user.token, { endpoint: device.endpoint })).status).toBe(204)
    expect(await devicesOf(user.id)).toEqual([])
  })

  test('without a session both answer 401', async () => {
    for (const method of ['POST', 'DELETE']) {
      const response = await appRequest('/api/push/subscriptions', { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(newDevice()) })
      expect(response.status, method).toBe(401)
    }
  })
})

describe('when a session ends (decision 116)', () => {

  test("signing out forgets the devices that session turned on, on the page and through the API; the account's other devices stay and get its pushes", async () => {
    const user = await owner()
    const [phoneToken, browserCookie] = [await apiTokenFor(user), await browserCookieFor(user)]
    const [tablet, phone, browser] = [newDevice(), newDevice(), newDevice()]
    expect((await subscribe(user.token, tablet)).status).toBe(201)
    expect((await subscribe(phoneToken, phone)).status).toBe(201)
    const onInBrowser = await appRequest('/api/push/subscriptions', { method: 'POST', headers: { cookie: browserCookie, 'content-type': 'application/json' }, body: JSON.stringify(browser) })
    expect(onInBrowser.status).toBe(201)

    expect((await appRequest('/api/auth/logout', { method: 'POST', headers: bearer(phoneToken) })).status).toBe(200)
    expect(await endpointsOf(user.id)).toEqual([tablet.endpoint, browser.endpoint].sort())
    expect((await postForm('/logout', {}, { cookie: browserCookie })).status).toBe(302)
    expect(await endpointsOf(user.id)).toEqual([tablet.endpoint])

    const before = fake.received.length
    expect(await sendPush(user.id, message, { ttlSeconds: 60 })).toEqual({ outcome: 'delivered', devices: 1 })
    expect(fake.received.slice(before).map((push) => `${fake.url}/push/${push.device}`)).toEqual([tablet.endpoint])
  })

  test('a device turned on again from a new session belongs to that session: signing out of the first no longer forgets it', async () => {
    const user = await owner()
    const laterToken = await apiTokenFor(user)
    const phone = newDevice()
    await subscribe(user.token, phone)
    expect((await subscribe(laterToken, phone)).status).toBe(200)

    expect((await appRequest('/api/auth/logout', { method: 'POST', headers: bearer(user.token) })).status).toBe(200)

    expect(await endpointsOf(user.id)).toEqual([phone.endpoint])
  })

  test("two sign-outs of one session at once (a double tap) both answer, and forget that session's device only", async () => {
    const user = await owner()
    const [tablet, phone] = [newDevice(), newDevice()]
    await subscribe(user.token, tablet)
    const phoneToken = await apiTokenFor(user)
    await subscribe(phoneToken, phone)

    const answers = await Promise.all([0, 1, 2].map(() => appRequest('/api/auth/logout', { method: 'POST', headers: bearer(phoneToken) })))

    // The first ends the session; one that comes after finds no session to end (401).
    expect(answers.map((answer) => answer.status)).toContain(200)
    expect(answers.every((answer) => answer.status === 200 || answer.status === 401)).toBe(true)
    expect(await endpointsOf(user.id)).toEqual([tablet.endpoint])
    expect((await appRequest('/api/users/me', { headers: bearer(phoneToken) })).status).toBe(401)
  })

  test('a password reset forgets every device of the account', async () => {
    const user = await owner()
    const { email } = await db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()
    await subscribe(user.token, newDevice())
    await subscribe(await apiTokenFor(user), newDevice())
    const other = await owner('Other Owner')
    const othersDevice = newDevice()
    await subscribe(other.token, othersDevice)
    const log = vi.spyOn(console, 'info').mockImplementation(() => {})
    expect((await postForm('/forgot-password', { email })).status).toBe(302)
    const mail = log.mock.calls.map((each) => String(each[0])).find((line) => line.includes(email))
    log.mockRestore()
    const token = new URL(mail!.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!

    const reset = await postForm('/reset-password', { token, password: 'brand-new-secret', confirmPassword: 'brand-new-secret' })

    expect(reset.status).toBe(302)
    expect(await devicesOf(user.id)).toEqual([])
    expect(await endpointsOf(other.id)).toEqual([othersDevice.endpoint])
  })
})

describe('a device asleep after signing out (decision 118)', () => {
  type Account = Awaited<ReturnType<typeof registerAccount>>
  /** Signs in with the login form from a browser holding `cookie`; answers the cookies it was given. */
  const signIn = async (account: Account, cookie = '') => {
    const response = await postForm('/login', { email: account.email, password: account.password, redirectTo: '' }, { cookie })
    expect(response.status).toBe(302)
    return cookiesFrom(response)
  }
  const named = (cookies: string, name: string) => cookies.split('; ').find((pair) => pair.startsWith(`${name}=`)) ?? ''
  const subscribeIn = (cookie: string, device: ReturnType<typeof newDevice>) =>
    appRequest('/api/push/subscriptions', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(device) })
  const rowOf = (endpoint: string) => db.selectFrom('pushSubscriptions').select(['userId', 'sessionId', 'sleepingSince']).where('endpoint', '=', endpoint).executeTakeFirstOrThrow()
  const latestSessionOf = async (account: Account) =>
    (await db.selectFrom('sessions').select('id').where('userId', '=', account.user.id).where('kind', '=', 'cookie').orderBy('createdAt', 'desc').executeTakeFirstOrThrow()).id
  const pushedTo = async (userId: string) => {
    const before = fake.received.length
    const result = await sendPush(userId, message, { ttlSeconds: 60 })
    return { devices: result.devices, endpoints: fake.received.slice(before).map((push) => `${fake.url}/push/${push.device}`) }
  }

  /** An account signed in on a phone that turned notifications on there: the phone's cookies and browser id. */
  const phoneWithNotifications = async () => {
    const account = await registerAccount()
    const phone = newDevice()
    const first = await signIn(account)
    await subscribeIn(named(first, '__session'), phone)
    return { account, phone, first, browser: named(first, '__browser') }
  }
  const signOut = (cookies: string, browser: string) => postForm('/logout', {}, { cookie: `${named(cookies, '__session')}; ${browser}` })

  test('signing out puts the browser\'s device to sleep: nothing is pushed to it, another account or browser signing in leaves it asleep, and the account signing in again in that browser wakes it', async () => {
    const account = await registerAccount()
    const stranger = await registerAccount()
    const [phone, tablet] = [newDevice(), newDevice()]
    const first = await signIn(account)
    const browser = named(first, '__browser')
    expect(browser).toMatch(/^__browser=.+/)
    expect((await subscribeIn(named(first, '__session'), phone)).status).toBe(201)
    expect((await subscribe(account.accessToken, tablet)).status).toBe(201)

    expect((await signOut(first, browser)).status).toBe(302)
    expect((await rowOf(phone.endpoint)).sleepingSince).not.toBeNull()
    expect(await pushedTo(account.user.id)).toEqual({ devices: 1, endpoints: [tablet.endpoint] })

    // The next person on this phone, and the account on another browser, wake nothing.
    await signIn(stranger, browser)
    await signIn(account)
    expect(await rowOf(phone.endpoint)).toMatchObject({ userId: account.user.id, sessionId: null })
    expect(await pushedTo(stranger.user.id)).toEqual({ devices: 0, endpoints: [] })
    expect(await pushedTo(account.user.id)).toEqual({ devices: 1, endpoints: [tablet.endpoint] })

    const again = await signIn(account, browser)
    expect(named(again, '__browser')).toBe(browser)
    const session = await db.selectFrom('sessions').select('id').where('userId', '=', account.user.id).orderBy('createdAt', 'desc').executeTakeFirstOrThrow()
    expect(await rowOf(phone.endpoint)).toEqual({ userId: account.user.id, sessionId: session.id, sleepingSince: null })
    const woken = await pushedTo(account.user.id)
    expect(woken.endpoints.sort()).toEqual([phone.endpoint, tablet.endpoint].sort())
  })

  test('after two sign-ins at once in one browser (a double tap), signing out of the one it kept puts the device to sleep', async () => {
    const { account, phone, first, browser } = await phoneWithNotifications()
    await signOut(first, browser)

    const both = await Promise.all([signIn(account, browser), signIn(account, browser)])

    for (const kept of both) {
      expect((await pushedTo(account.user.id)).endpoints).toEqual([phone.endpoint])
      expect((await signOut(kept, browser)).status).toBe(302)
      expect((await rowOf(phone.endpoint)).sleepingSince).not.toBeNull()
      await signIn(account, browser)
    }
  })

  test('after a session ends without a sign-out (it expired, or a suspension ended it), signing in again in that browser binds the device to the new session, and signing out of it puts the device to sleep', async () => {
    const { account, phone, browser } = await phoneWithNotifications()
    await db.updateTable('sessions').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('id', '=', await latestSessionOf(account)).execute()

    const second = await signIn(account, browser)
    expect(await rowOf(phone.endpoint)).toEqual({ userId: account.user.id, sessionId: await latestSessionOf(account), sleepingSince: null })
    await signOut(second, browser)

    expect((await rowOf(phone.endpoint)).sleepingSince).not.toBeNull()
    expect(await pushedTo(account.user.id)).toEqual({ devices: 0, endpoints: [] })
  })

  test('another account signing in on the browser puts the device to sleep: a browser pushes only for the account signed in there; the account signing in there again wakes it', async () => {
    const { account, phone, browser } = await phoneWithNotifications()
    const stranger = await registerAccount()
    const laptop = newDevice()
    const elsewhere = await signIn(account)
    await subscribeIn(named(elsewhere, '__session'), laptop)

    await signIn(stranger, browser)

    expect(await pushedTo(account.user.id)).toEqual({ devices: 1, endpoints: [laptop.endpoint] })
    await signIn(account, browser)
    expect((await pushedTo(account.user.id)).endpoints.sort()).toEqual([phone.endpoint, laptop.endpoint].sort())
  })

  /** A session event delivered again, as a retry after a failed delivery brings it: the stored event, handled once more. */
  const deliverAgain = async (type: string, sessionId: string) => {
    const row = await db.selectFrom('domainEvents').selectAll().where('type', '=', type).where('subjectId', '=', sessionId).executeTakeFirstOrThrow()
    await sessionDevicesSubscriber.handle({ id: row.id, type: row.type, subjectId: row.subjectId, occurredAt: row.occurredAt, payload: JSON.parse(row.payload) as Record<string, unknown> })
  }

  test('a sign-out delivered late, after the account signed in again in that browser, leaves the woken device awake', async () => {
    const { account, phone, first, browser } = await phoneWithNotifications()
    const firstSession = await latestSessionOf(account)
    await signOut(first, browser)
    await signIn(account, browser)

    await deliverAgain(sessionEventTypes.signedOut, firstSession)

    expect((await rowOf(phone.endpoint)).sleepingSince).toBeNull()
    expect((await pushedTo(account.user.id)).endpoints).toEqual([phone.endpoint])
  })

  test('a sign-in delivered late, after its session was signed out of, wakes nothing', async () => {
    const { account, phone, first, browser } = await phoneWithNotifications()
    await signOut(first, browser)
    const second = await signIn(account, browser)
    const secondSession = await latestSessionOf(account)
    await signOut(second, browser)

    await deliverAgain(sessionEventTypes.signedIn, secondSession)

    expect((await rowOf(phone.endpoint)).sleepingSince).not.toBeNull()
    expect(await pushedTo(account.user.id)).toEqual({ devices: 0, endpoints: [] })
  })

  test.each([
    ['not an id of ours', '__browser=not-ours'],
    ['oversized', `__browser=${'A'.repeat(4000)}`],
    ['malformed', '__browser=%E0%A4%A'],
  ])('a browser cookie that is %s is replaced by a new id at sign-in, and signing in works', async (_, cookie) => {
    const account = await registerAccount()

    const cookies = await signIn(account, cookie)

    expect(named(cookies, '__session')).not.toBe('')
    expect(named(cookies, '__browser')).toMatch(/^__browser=.+/)
    expect(named(cookies, '__browser')).not.toBe(cookie)
    expect(await db.selectFrom('sessions').select('browserId').where('userId', '=', account.user.id).where('kind', '=', 'cookie').execute()).toEqual([{ browserId: expect.stringMatching(/^[\w-]{32}$/) }])
  })

  test("a suspension puts every device of the account to sleep, its other browsers' and its API devices too; after it is lifted, signing in again in a browser wakes that browser's", async () => {
    const { account, phone, browser } = await phoneWithNotifications()
    const tablet = newDevice()
    expect((await subscribe(account.accessToken, tablet)).status).toBe(201)
    const bystander = await phoneWithNotifications()
    const admin = await insertUser({ name: 'Ada Admin', role: 'admin' })
    const adminToken = await apiTokenFor(admin)

    expect((await call('POST', `/api/admin/users/${account.user.id}/suspension`, adminToken, { reason: 'Spam' })).status).toBe(201)
    await backgroundWorkDone()

    expect(await pushedTo(account.user.id)).toEqual({ devices: 0, endpoints: [] })
    expect((await rowOf(phone.endpoint)).sleepingSince).not.toBeNull()
    expect((await rowOf(tablet.endpoint)).sleepingSince).not.toBeNull()
    expect((await pushedTo(bystander.account.user.id)).endpoints).toEqual([bystander.phone.endpoint])

    expect((await call('DELETE', `/api/admin/users/${account.user.id}/suspension`, adminToken)).status).toBe(200)
    await backgroundWorkDone()
    expect(await pushedTo(account.user.id)).toEqual({ devices: 0, endpoints: [] })
    await signIn(account, browser)
    expect((await pushedTo(account.user.id)).endpoints).toEqual([phone.endpoint])
  })

  test('a suspension delivered late, after the account signed in again once it was lifted, leaves the woken device awake', async () => {
    const { account, phone, browser } = await phoneWithNotifications()
    const admin = await insertUser({ name: 'Ada Admin', role: 'admin' })
    const adminToken = await apiTokenFor(admin)
    await call('POST', `/api/admin/users/${account.user.id}/suspension`, adminToken, { reason: 'Spam' })
    await backgroundWorkDone()
    await call('DELETE', `/api/admin/users/${account.user.id}/suspension`, adminToken)
    await signIn(account, browser)

    const row = await db.selectFrom('domainEvents').selectAll().where('type', '=', 'account.suspended').where('subjectId', '=', account.user.id).executeTakeFirstOrThrow()
    await sessionDevicesSubscriber.handle({ id: row.id, type: row.type, subjectId: row.subjectId, occurredAt: row.occurredAt, payload: JSON.parse(row.payload) as Record<string, unknown> })

    expect((await pushedTo(account.user.id)).endpoints).toEqual([phone.endpoint])
  })

  test('a device asleep for a month is forgotten; one asleep for less is kept', async () => {
    const account = await registerAccount()
    const [old, recent] = [newDevice(), newDevice()]
    for (const device of [old, recent]) {
      const cookies = await signIn(account)
      await subscribeIn(named(cookies, '__session'), device)
      await postForm('/logout', {}, { cookie: cookies })
    }
    const now = Date.now()
    await db.updateTable('pushSubscriptions').set({ sleepingSince: new Date(now - sleepLimitMs - 1000).toISOString() }).where('endpoint', '=', old.endpoint).execute()

    await forgetLongSleepingDevices(now)

    expect(await endpointsOf(account.user.id)).toEqual([recent.endpoint])
  })

  test('a password reset forgets a sleeping device too', async () => {
    const account = await registerAccount()
    const cookies = await signIn(account)
    await subscribeIn(named(cookies, '__session'), newDevice())
    await postForm('/logout', {}, { cookie: cookies })
    const log = vi.spyOn(console, 'info').mockImplementation(() => {})
    expect((await postForm('/forgot-password', { email: account.email })).status).toBe(302)
    const mail = log.mock.calls.map((each) => String(each[0])).find((line) => line.includes(account.email))
    log.mockRestore()
    const token = new URL(mail!.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!

    expect((await postForm('/reset-password', { token, password: 'brand-new-secret', confirmPassword: 'brand-new-secret' })).status).toBe(302)

    expect(await devicesOf(account.user.id)).toEqual([])
  })
})

describe('what a subscription may not be', () => {
  const refusals: [string, (device: ReturnType<typeof newDevice>) => unknown, string][] = [
    ['an http endpoint', (d) => ({ ...d, endpoint: 'http://fcm.googleapis.com/fcm/send/abc' }), 'endpoint'],
    ['an internal https host', (d) => ({ ...d, endpoint: 'https://169.254.169.254/latest/meta-data' }), 'endpoint'],
    ['another port of a push service', (d) => ({ ...d, endpoint: 'https://fcm.googleapis.com:8443/fcm/send/abc' }), 'endpoint'],
    ['not a URL', (d) => ({ ...d, endpoint: 'not a url' }), 'endpoint'],
    ['an endpoint over 2048 characters', (d) => ({ ...d, endpoint: `https://fcm.googleapis.com/fcm/send/${'a'.repeat(2048)}` }), 'endpoint'],
    ['a number as endpoint', (d) => ({ ...d, endpoint: 42 }), 'endpoint'],
    ['no keys', (d) => ({ endpoint: d.endpoint }), 'keys'],
    ['a p256dh key of 64 bytes', (d) => ({ ...d, keys: { ...d.keys, p256dh: Buffer.alloc(64, 4).toString('base64url') } }), 'keys.p256dh'],
    ['a compressed p256dh key', (d) => ({ ...d, keys: { ...d.keys, p256dh: Buffer.alloc(65, 2).toString('base64url') } }), 'keys.p256dh'],
    ['a p256dh point off the curve', (d) => ({ ...d, keys: { ...d.keys, p256dh: offTheCurve } }), 'keys.p256dh'],
    ['a p256dh key that is not base64url', (d) => ({ ...d, keys: { ...d.keys, p256dh: `${d.keys.p256dh.slice(0, -2)}+/` } }), 'keys.p256dh'],
    ['an auth secret of 32 bytes', (d) => ({ ...d, keys: { ...d.keys, auth: Buffer.alloc(32).toString('base64url') } }), 'keys.auth'],
    ['an oversized auth secret', (d) => ({ ...d, keys: { ...d.keys, auth: 'A'.repeat(100_000) } }), 'keys.auth'],
    ['an array as keys', () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: [] }), 'keys'],
    ['an array', () => [], 'form'],
  ]

  test.each(refusals)('%s is refused with 400 naming the field, and nothing is stored', async (_name, bodyOf, field) => {
    const user = await owner()

    const answer = await subscribe(user.token, bodyOf(newDevice()))

    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ message: expect.any(String), errors: { [field]: expect.any(Array) } })
    expect(await devicesOf(user.id)).toEqual([])
  })

  test('a body that is not JSON is refused with 400', async () => {
    const user = await owner()
    expect((await subscribe(user.token, '{"endpoint":')).status).toBe(400)
    expect(await devicesOf(user.id)).toEqual([])
  })

  test('a real push service address is accepted', async () => {
    const user = await owner()
    const device = { ...newDevice(), endpoint: 'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b' }
    expect((await subscribe(user.token, device)).status).toBe(201)
  })
})

describe('sendPush', () => {
  test('a push reaches every device, signed with the VAPID key and decrypting to the message alone', async () => {
    const user = await owner()
    const [phone, laptop] = [newDevice(), newDevice()]
    await subscribe(user.token, phone)
    await subscribe(user.token, laptop)
    const before = fake.received.length

    const result = await sendPush(user.id, message, { ttlSeconds: 3600, urgency: 'high' })

    expect(result).toEqual({ outcome: 'delivered', devices: 2 })
    const pushes = fake.received.slice(before)
    expect(pushes.map((push) => `${fake.url}/push/${push.device}`).sort()).toEqual([phone.endpoint, laptop.endpoint].sort())
    for (const push of pushes) {
      expect(JSON.parse(fake.decrypt(push))).toEqual(message)
      expect(push).toMatchObject({ ttl: 3600, urgency: 'high', vapidKey: env.vapid.publicKey, claims: { aud: fake.url } })
    }
    expect(fake.refused).toEqual([])
  })

  test('a push carries a TTL even when it is 0, and normal urgency unless asked', async () => {
    const user = await owner()
    await subscribe(user.token, newDevice())

    await sendPush(user.id, message, { ttlSeconds: 0 })

    expect(fake.received.at(-1)).toMatchObject({ ttl: 0, urgency: 'normal' })
  })

  test('a device its push service no longer knows (410 or 404) is deleted; a push nobody accepted failed', async () => {
    const user = await owner()
    const [revoked, expired] = [newDevice(), newDevice()]
    await subscribe(user.token, revoked)
    await subscribe(user.token, expired)
    fake.answerFor(revoked.endpoint, 410)
    fake.answerFor(expired.endpoint, 404)

    expect(await sendPush(user.id, message, { ttlSeconds: 60 })).toEqual({ outcome: 'failed', devices: 0 })

    expect(await devicesOf(user.id)).toEqual([])
    expect(await sendPush(user.id, message, { ttlSeconds: 60 })).toEqual({ outcome: 'no-device', devices: 0 })
  })

  test('a device stored with a key off the curve is deleted at its first push, which fails without throwing', async () => {
    const user = await owner()
    const device = newDevice()
    await db.insertInto('pushSubscriptions').values({ id: crypto.randomUUID(), userId: user.id, endpoint: device.endpoint, p256dh: offTheCurve, auth: device.keys.auth, createdAt: new Date().toISOString() }).execute()

    expect(await sendPush(user.id, message, { ttlSeconds: 60 })).toEqual({ outcome: 'failed', devices: 0 })

    expect(await devicesOf(user.id)).toEqual([])
  })

  test('a push service that fails for now (500) keeps the device; one device accepting is delivered', async () => {
    const user = await owner()
    const [failing, working] = [newDevice(), newDevice()]
    await subscribe(user.token, failing)
    await subscribe(user.token, working)
    fake.answerFor(failing.endpoint, 500)

    expect(await sendPush(user.id, message, { ttlSeconds: 60 })).toEqual({ outcome: 'delivered', devices: 1 })
    expect(await devicesOf(user.id)).toHaveLength(2)
  })

  test('a user without a device gets no push', async () => {
    const user = await owner()
    const before = fake.received.length

    expect(await sendPush(user.id, message, { ttlSeconds: 60 })).toEqual({ outcome: 'no-device', devices: 0 })
    expect(fake.received.length).toBe(before)
  })

  test('a push never links off the site', async () => {
    const user = await owner()
    await expect(sendPush(user.id, { ...message, url: 'https://evil.example/' }, { ttlSeconds: 60 })).rejects.toThrow(/this site/)
    await expect(sendPush(user.id, { ...message, url: '//evil.example/' }, { ttlSeconds: 60 })).rejects.toThrow(/this site/)
  })
})

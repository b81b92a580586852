import { beforeAll, describe, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { startTestApp } from './app.ts'
import { call, owner, sitter } from './booking-api.ts'
import { apiTokenFor, insertConversation, insertDog, insertUser } from './fixtures.ts'
import { plainText, signedIn, visitAs } from './page-visits.ts'

// An admin is a staff account (decisions 063, 102): no dogs, bookings or conversations of their own. Their home
// leads into the console, their navigation has no Bookings or Messages, the owners' and sitters' pages send
// them to /unauthorized, the API refuses what would give them a side, and nobody can message them.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

const staffMessage = 'Admin accounts have no dogs, bookings or conversations of their own'

async function anAdmin() {
  const user = await insertUser({ name: 'Ada Admin', role: 'admin' })
  return { ...(await signedIn(user)), token: await apiTokenFor(user) }
}

const navLinks = (html: string) => [...html.matchAll(/<nav[^>]*aria-label="Main navigation[^"]*"[^>]*>([\s\S]*?)<\/nav>/g)].map((match) => plainText(match[1] ?? ''))

describe("an admin's app is the console", () => {
  test("the home counts the open reports and leads into the console; the navigation has no Bookings or Messages", async () => {
    const reporter = await owner('Rita Reporter')
    const rude = await owner('Rudi Rude')
    await insertConversation(reporter.id, rude.id, [{ from: rude.id, at: new Date().toISOString(), content: 'Go away' }])
    expect((await call('POST', '/api/messages/reports', reporter.token, { partnerId: rude.id, reason: 'harassment' })).status).toBe(201)
    const open = await db.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('count')).where('state', '=', 'open').executeTakeFirstOrThrow()
    const admin = await anAdmin()

    const home = await visitAs(admin, '/')
    const html = await home.text()
    const text = plainText(html)
    const count = Number(open.count)
    expect(text).toContain(`Reports ${count} open ${count === 1 ? 'report' : 'reports'}, oldest first.`)
    expect(text).toContain('Users Find an account, warn or suspend it.')
    expect(text).toContain('Audit log Every admin action and every read of a report.')
    expect(text).toContain('Profile Your name, photo and contact details.')
    expect(text).not.toContain('Chat with owners and sitters.')
    expect(html).toContain('href="/admin/users"')
    expect(navLinks(html)).toHaveLength(2)
    for (const nav of navLinks(html)) {
      expect(nav).toContain('Admin')
      expect(nav).not.toContain('Bookings')
      expect(nav).not.toContain('Messages')
    }
    const anOwner = await signedIn(await insertUser({ name: 'Olga Owner' }))
    const ownerHome = plainText(await (await visitAs(anOwner, '/')).text())
    expect(ownerHome).toContain('Chat with owners and sitters.')
    expect(ownerHome).not.toContain('Audit log')
  })

  test("the owners' and sitters' pages send an admin to /unauthorized", async () => {
    const admin = await anAdmin()
    const aSitter = await sitter({ name: 'Sam Sitter' })
    const paths = ['/bookings', '/bookings/choose-sitter', '/bookings/new', `/sitters/${aSitter.id}/book`, `/bookings/series/new?sitter=${aSitter.id}`, '/messages', `/messages/${aSitter.id}`, '/dogs/new', '/onboarding', '/onboarding/owner']
    for (const path of paths) {
      const answer = await visitAs(admin, path)
      expect([answer.status, answer.headers.get('location')], path).toEqual([302, '/unauthorized'])
    }
    const anOwner = await signedIn(await insertUser({ name: 'Olga Owner' }))
    expect((await visitAs(anOwner, '/messages')).status).toBe(200)
  })

  test("a sitter's profile offers an admin the sitter's page in the console instead of booking", async () => {
    const admin = await anAdmin()
    const aSitter = await sitter({ name: 'Sam Sitter' })
    const html = await (await visitAs(admin, `/sitters/${aSitter.id}`)).text()
    expect(plainText(html)).toContain('This is how owners see this profile. Admin accounts do not book. Open in the console')
    expect(html).toContain(`href="/admin/users/${aSitter.id}"`)
    expect(plainText(html)).not.toContain('Book Now')
    const anOwner = await signedIn(await insertUser({ name: 'Olga Owner' }))
    const ownerPage = await (await visitAs(anOwner, `/sitters/${aSitter.id}`)).text()
    expect(plainText(ownerPage)).toContain('Book Now')
    expect(ownerPage).not.toContain('/admin/users/')
  })

  test('the profile, the centre and the settings offer an admin no push, calendar or e-mail choices', async () => {
    const admin = await anAdmin()
    const anOwner = await signedIn(await insertUser({ name: 'Olga Owner' }))
    const pages = { '/profile': ['Notifications on this device need JavaScript', 'Calendar feed'], '/notifications': ['Push notifications'], '/profile/edit': ['Quiet hours', 'Tell me about'] }
    for (const [path, offers] of Object.entries(pages)) {
      const adminPage = plainText(await (await visitAs(admin, path)).text())
      const ownerPage = plainText(await (await visitAs(anOwner, path)).text())
      for (const offer of offers) {
        expect(adminPage, `${path} for the admin`).not.toContain(offer)
        expect(ownerPage, `${path} for an owner`).toContain(offer)
      }
    }
  })

  test("the location section tells an admin what their location is for, not what others see of it", async () => {
    const admin = await anAdmin()
    const anOwner = await signedIn(await insertUser({ name: 'Olga Owner' }))
    const forAdmin = plainText(await (await visitAs(admin, '/profile/edit')).text())
    const forOwner = plainText(await (await visitAs(anOwner, '/profile/edit')).text())
    expect(forAdmin).toContain("It sorts the sitters' list when you ask for 'Nearest to me first'. Nobody else sees it: admin accounts are shown to no one.")
    expect(forAdmin).not.toContain('Others see only your district')
    expect(forOwner).toContain('Others see only your district and a point 150 to 600 m from your address')
    expect(forOwner).not.toContain('admin accounts are shown to no one')
  })
})

describe('the API keeps an admin a staff account', () => {
  test('no dog, no booking, no side: 403 with the reason, and nothing stored', async () => {
    const admin = await anAdmin()
    const aSitter = await sitter({ name: 'Sam Sitter' })
    const dog = await call('POST', '/api/dogs', admin.token, { name: 'Rex', breed: 'Beagle', age: 3, size: 'medium' })
    expect(dog).toMatchObject({ status: 403, body: { message: staffMessage } })
    // An account made admin after it had a dog still cannot book with it.
    const oldDogId = await insertDog(admin.id, { name: 'Old Rex' })
    const booking = await call('POST', '/api/bookings', admin.token, { sitterId: aSitter.id, dogIds: [oldDogId], date: '2030-01-07', timeSlots: [{ startTime: '09:00', endTime: '10:00' }] })
    expect(booking).toMatchObject({ status: 403, body: { message: staffMessage } })
    const weekly = await call('POST', '/api/booking-series', admin.token, { sitterId: aSitter.id, dogIds: [oldDogId], weekdays: [1], firstDate: '2030-01-07', timeSlots: [{ startTime: '09:00', endTime: '10:00' }] })
    expect(weekly).toMatchObject({ status: 403, body: { message: staffMessage } })
    for (const body of [{ role: 'sitter' }, { role: 'owner' }, { ownerName: 'Ada' }]) {
      expect(await call('PATCH', `/api/users/${admin.id}`, admin.token, body), JSON.stringify(body)).toMatchObject({ status: 403, body: { message: staffMessage } })
    }
    const renamed = await call('PATCH', `/api/users/${admin.id}`, admin.token, { name: 'Ada Admin-Moderator' })
    expect(renamed.status).toBe(200)
    const row = await db.selectFrom('users').select(['role', 'name']).where('id', '=', admin.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ role: 'admin', name: 'Ada Admin-Moderator' })
    expect(await db.selectFrom('dogs').select('name').where('ownerId', '=', admin.id).execute()).toEqual([{ name: 'Old Rex' }])
    expect(await db.selectFrom('bookings').select('id').where('ownerId', '=', admin.id).execute()).toEqual([])
    expect(await db.selectFrom('bookingSeries').select('id').where('ownerId', '=', admin.id).execute()).toEqual([])
    expect(await db.selectFrom('sitterProfiles').select('userId').where('userId', '=', admin.id).execute()).toEqual([])
  })

  test('an admin writes to nobody and nobody writes to an admin: no message, no conversation', async () => {
    const admin = await anAdmin()
    const anOwner = await owner('Olga Owner')
    const sent = await call('POST', '/api/messages', admin.token, { recipientId: anOwner.id, content: 'Hello from Pawpal' })
    expect(sent).toMatchObject({ status: 403, body: { message: staffMessage } })
    const received = await call('POST', '/api/messages', anOwner.token, { recipientId: admin.id, content: 'Hello admin' })
    expect(received.status).toBe(404)
    const started = await call('POST', '/api/messages/conversations', anOwner.token, { partnerId: admin.id })
    expect(started.status).toBe(404)
    const stored = await db.selectFrom('messages').select('id').where((eb) => eb.or([eb('senderId', '=', admin.id), eb('recipientId', '=', admin.id)])).execute()
    expect(stored).toEqual([])
    expect(await db.selectFrom('conversations').select('id').where((eb) => eb.or([eb('userAId', '=', admin.id), eb('userBId', '=', admin.id)])).execute()).toEqual([])
  })
})

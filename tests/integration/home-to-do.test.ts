import { beforeAll, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { insertDog, insertSitter, insertUser } from './fixtures.ts'
import { signedIn, textOf, visitAs } from './page-visits.ts'

// '/' for a signed-in sitter: what the profile still misses, as links to where it is done (DESIGN.md
// ruling 23), until nothing is missing; and the way to the dogs listed for sitting.

beforeAll(async () => {
  await migrateToLatest()
})

const walking = { service: 'walking', hourlyRateCents: 2500 }
const weekday = { weekday: 1, startTime: '08:00', endTime: '18:00' }

async function homeOf(user: { id: string; name: string }) {
  const response = await visitAs(await signedIn(user), '/')
  expect(response.status).toBe(200)
  const html = await response.text()
  return { html, text: await textOf(new Response(html)), toDo: toDoLinks(html) }
}

/** The to-do list's items as [text, link]. */
const toDoLinks = (html: string) =>
  [...html.matchAll(/<a [^>]*href="(\/profile\/edit#[\w-]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => [match[2], match[1]])

test('a new sitter without photo, bio or gallery sees those three to do, each linking to its place on /profile/edit', async () => {
  const sitter = await insertSitter({ name: 'Nina Neu', services: [walking], availability: [weekday] })

  const { text, toDo } = await homeOf(sitter)

  expect(text).toContain('Finish your sitter profile')
  expect(toDo).toEqual([
    ['Add a profile photo', '/profile/edit#profile-photo'],
    ['Write a short bio', '/profile/edit#edit-profile-bio'],
    ['Add photos of you with dogs to your gallery', '/profile/edit#gallery-photos'],
  ])
})

test('a sitter without a rate or weekly hours is told first', async () => {
  const sitter = await insertSitter({ bio: 'Walks.', services: [{ service: 'daycare', hourlyRateCents: null }] })

  const { toDo } = await homeOf(sitter)

  expect(toDo).toEqual([
    ['Set your rate for Daycare', '/profile/edit#edit-profile-services'],
    ['Set your weekly hours', '/profile/edit#weekly-availability'],
    ['Add a profile photo', '/profile/edit#profile-photo'],
    ['Add photos of you with dogs to your gallery', '/profile/edit#gallery-photos'],
  ])
})

test('a complete profile shows no to-do list; an owner never sees one', async () => {
  const sitter = await insertSitter({ bio: 'Walks.', services: [walking], availability: [weekday] })
  await db.updateTable('users').set({ profilePhoto: `/uploads/avatars/${sitter.id}/a` }).where('id', '=', sitter.id).execute()
  await db.insertInto('sitterPhotos').values({ id: crypto.randomUUID(), sitterId: sitter.id, position: 0, path: `/uploads/gallery/${sitter.id}/b`, createdAt: new Date().toISOString() }).execute()
  const owner = await insertUser()
  await insertDog(owner.id)

  expect((await homeOf(sitter)).text).not.toContain('Finish your sitter profile')
  expect((await homeOf(owner)).text).not.toContain('Finish your sitter profile')
})

test("a sitter's home leads to the dogs listed for sitting; an owner's does not", async () => {
  const sitter = await insertSitter({ services: [walking], availability: [weekday] })
  const owner = await insertUser()

  expect((await homeOf(sitter)).html).toContain('href="/dogs/available"')
  expect((await homeOf(owner)).html).not.toContain('href="/dogs/available"')
})

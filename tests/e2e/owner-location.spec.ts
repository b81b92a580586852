import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { fakePlaces } from '../fakes/geocoder.ts'
import { metresBetween } from '../metres-between.ts'
import { expect, loginAs, registerUser, test, type TestDatabase } from './fixtures.ts'

// An owner's location (issue 8): the same picker and privacy as a sitter's (decisions 004 and 011). Sitters
// measure the distance to an owner's dogs from it, and never see more than the public point's distance.

const langstrasse = fakePlaces.find((candidate) => candidate.query === 'Langstrasse 100, Zürich')!

/** A dog listed for sitting, like the demo dogs other tests read from the list (with a trait). */
async function insertListedDog(db: TestDatabase, ownerId: string, name: string) {
  const now = new Date().toISOString()
  const id = randomUUID()
  await db
    .insertInto('dogs')
    .values({ id, ownerId, name, breed: 'Border Collie', age: '3 years', ageMonths: 36, weightKg: 18, height: null, bio: null, size: 'medium', listedForSitting: 1, createdAt: now, updatedAt: now })
    .execute()
  await db.insertInto('dogTraits').values({ dogId: id, trait: 'Friendly' }).execute()
  return id
}

/** The dog's card on the sitter's list, searched by its (unique) name, at the widest distance. */
function cardOf(page: Page, name: string) {
  return page.getByRole('main').getByRole('link').filter({ has: page.getByRole('heading', { level: 2, name }) })
}

test('an owner sets a location on /profile/edit; sitters get only the distance to its public point', async ({ page, visit, db, jsEnabled }) => {
  const owner = await registerUser(page, db, { prefix: 'owner-location', name: 'Lotte Location' })
  const dogName = `Pilot ${owner.id.slice(0, 6)}`
  const dogId = await insertListedDog(db, owner.id, dogName)
  await visit('/profile/edit')

  const address = page.getByLabel('Address', { exact: true })
  await expect(address).toHaveValue('')
  await address.fill(langstrasse.query)
  if (jsEnabled) {
    // With JavaScript the address is found before saving; without, the server finds it on save.
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Location found' })).toBeVisible()
    await expect(page.getByText(`Coordinates: ${langstrasse.lat.toFixed(6)}, ${langstrasse.lon.toFixed(6)}`)).toBeVisible()
  }
  await page.getByRole('button', { name: 'Save Changes' }).click()

  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated' })).toBeVisible()
  await expect(page.getByText(langstrasse.query)).toBeVisible() // the owner sees their own address
  const row = await db
    .selectFrom('users')
    .select(['role', 'location', 'latitude', 'longitude', 'publicLocation', 'publicLatitude', 'publicLongitude'])
    .where('id', '=', owner.id)
    .executeTakeFirstOrThrow()
  expect(row).toMatchObject({ role: 'owner', location: langstrasse.query, latitude: langstrasse.lat, longitude: langstrasse.lon, publicLocation: 'Kreis 4, Zürich' })
  const publicPoint = { latitude: row.publicLatitude ?? NaN, longitude: row.publicLongitude ?? NaN }
  const offset = metresBetween({ latitude: langstrasse.lat, longitude: langstrasse.lon }, publicPoint)
  expect(offset).toBeGreaterThanOrEqual(150)
  expect(offset).toBeLessThanOrEqual(600)

  // A sitter now finds the dog, as far away as the owner's public point.
  await page.context().clearCookies()
  await loginAs(page, 'sitter')
  const sitterHome = await db
    .selectFrom('users')
    .select(['latitude', 'longitude'])
    .where('email', '=', 'sitter@pawpal.test')
    .executeTakeFirstOrThrow()
  const list = await visit(`/dogs/available?q=${encodeURIComponent(dogName)}&maxDistance=10`)
  const card = cardOf(page, dogName)
  await expect(card).toBeVisible()
  const shown = Number((await card.getByText(/miles away$/).textContent())?.replace(' miles away', ''))
  const expected = metresBetween({ latitude: sitterHome.latitude ?? NaN, longitude: sitterHome.longitude ?? NaN }, publicPoint) / 1609.344
  expect(Math.abs(shown - expected)).toBeLessThanOrEqual(0.051) // shown with one decimal

  // Neither the list nor the dog's page carries the owner's address or exact coordinates.
  const detail = await page.request.get(`/dogs/available/${dogId}`)
  for (const html of [await list!.text(), await detail.text()]) {
    expect(html).toContain(dogName)
    expect(html).not.toContain('Langstrasse')
    expect(html).not.toContain(String(langstrasse.lat))
    expect(html).not.toContain(String(langstrasse.lon))
  }
  // Leave the demo sitter's list as the other tests know it.
  await db.updateTable('dogs').set({ listedForSitting: 0 }).where('id', '=', dogId).execute()
})

test("an owner's address that cannot be found stays in the form with the field's message, and nothing is saved", async ({ page, visit, db }) => {
  // Saved without Search (with JavaScript too), the server looks the address up and refuses it.
  const owner = await registerUser(page, db, { prefix: 'owner-nowhere' })
  await visit('/profile/edit')

  await page.getByLabel('Address', { exact: true }).fill('Nowhere Lane 1, Atlantis')
  await page.getByRole('button', { name: 'Save Changes' }).click()

  const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Please fix 1 problem' }) })
  await expect(summary.getByRole('link')).toHaveText(['Address: Could not find the specified address.'])
  await expect(summary).toBeFocused()
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('Nowhere Lane 1, Atlantis')
  await expect(page.getByText('Update failed')).toHaveCount(0)
  const row = await db.selectFrom('users').select(['location', 'latitude']).where('id', '=', owner.id).executeTakeFirstOrThrow()
  expect(row).toEqual({ location: null, latitude: null })
})

test("with JavaScript, Use Current Location says 'Location found', fills in the address, and saving stores the point", async ({ page, visit, db, jsEnabled }) => {
  test.skip(!jsEnabled, "Use Current Location is the browser's geolocation: it needs JavaScript")
  const owner = await registerUser(page, db, { prefix: 'owner-here' })
  await page.context().grantPermissions(['geolocation'])
  await page.context().setGeolocation({ latitude: langstrasse.lat, longitude: langstrasse.lon })
  await visit('/profile/edit')

  await page.getByRole('button', { name: 'Use Current Location' }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Location found' })).toBeVisible()
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue(/Langstrasse/)
  await expect(page.getByText(`Coordinates: ${langstrasse.lat.toFixed(6)}, ${langstrasse.lon.toFixed(6)}`)).toBeVisible()
  await page.getByRole('button', { name: 'Save Changes' }).click()

  await expect(page).toHaveURL(/\/profile$/)
  const row = await db.selectFrom('users').select(['latitude', 'longitude', 'publicLocation']).where('id', '=', owner.id).executeTakeFirstOrThrow()
  expect(row).toEqual({ latitude: langstrasse.lat, longitude: langstrasse.lon, publicLocation: 'Kreis 4, Zürich' })
})

import type { Page } from '@playwright/test'
import { expect, pngFile, registerUser, test } from './fixtures.ts'

// Owner onboarding: the role screen, then four steps with one URL each (spec sections 2, 4, 5).

async function chooseRole(page: Page, role: 'Dog Owner' | 'Dog Sitter') {
  await expect(page.getByRole('heading', { name: 'How would you like to join us?' })).toBeVisible()
  await page.getByRole('radio', { name: new RegExp(role) }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
}

function stepHeading(page: Page, title: string) {
  return page.getByRole('heading', { level: 1, name: title })
}

test('an owner onboards with a dog and a photo, and the profile shows the dog', async ({ page, visit, db }) => {
  const user = await registerUser(page, db, { prefix: 'owner', name: 'Olga Onboarding' })
  await visit('/onboarding')

  await chooseRole(page, 'Dog Owner')
  await expect(page).toHaveURL(/\/onboarding\/owner\/1$/)
  await expect(stepHeading(page, 'Tell us about yourself')).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()

  // Step 2 is gated: nothing filled in keeps the owner here with the spec's message.
  await expect(page).toHaveURL(/\/onboarding\/owner\/2$/)
  await expect(stepHeading(page, 'Add your dog')).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please complete all required fields before continuing' })).toBeVisible()
  await expect(page).toHaveURL(/\/onboarding\/owner\/2$/)
  await expect(stepHeading(page, 'Add your dog')).toBeVisible()

  await page.getByLabel('Add dog photos', { exact: true }).setInputFiles(await pngFile('biscuit.png'))
  await page.getByLabel("Dog's name", { exact: true }).fill('Biscuit')
  await page.getByLabel('Breed', { exact: true }).fill('Beagle')
  await page.getByLabel('Age', { exact: true }).fill('2 years')
  await expect(page.getByRole('spinbutton', { name: 'Weight (kg)' })).toHaveValue('15')
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page).toHaveURL(/\/onboarding\/owner\/3$/)
  await expect(stepHeading(page, 'Personality')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Friendly' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page).toHaveURL(/\/onboarding\/owner\/4$/)
  await expect(stepHeading(page, 'Activities')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0)
  await page.getByRole('checkbox', { name: 'Fetch' }).check()
  await page.getByRole('button', { name: 'Complete' }).click()

  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('status').filter({ hasText: 'Onboarding completed!' })).toBeVisible()

  const dog = await db
    .selectFrom('dogs')
    .select(['id', 'name', 'breed', 'age', 'ageMonths', 'weightKg'])
    .where('ownerId', '=', user.id)
    .executeTakeFirstOrThrow()
  expect(dog).toMatchObject({ name: 'Biscuit', breed: 'Beagle', ageMonths: 24, weightKg: 15 })
  const images = await db.selectFrom('dogImages').select('path').where('dogId', '=', dog.id).execute()
  expect(images).toHaveLength(1)
  expect(images[0]?.path).toMatch(/^\/uploads\//)
  const traits = await db.selectFrom('dogTraits').select('trait').where('dogId', '=', dog.id).execute()
  expect(traits).toEqual([{ trait: 'Friendly' }])
  const activities = await db.selectFrom('dogActivities').select('activity').where('dogId', '=', dog.id).execute()
  expect(activities).toEqual([{ activity: 'Fetch' }])
  const { role } = await db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow()
  expect(role).toBe('owner')

  await visit('/profile')
  await page.getByRole('link', { name: 'My Dogs' }).click()
  await expect(page).toHaveURL(/\/profile\?tab=dogs$/)
  const card = page.getByRole('listitem').filter({ hasText: 'Biscuit' })
  await expect(card).toBeVisible()
  await expect(card).toContainText('Beagle')
  const photo = card.locator('img')
  await expect(photo).toBeVisible()
  const src = await photo.getAttribute('src')
  expect(src).toMatch(new RegExp(`^${images[0]?.path}-\\d+\\.webp$`))
  const served = await page.request.get(src ?? '')
  expect(served.status()).toBe(200)
  expect(served.headers()['content-type']).toBe('image/webp')
})

test('Back on the first step returns home', async ({ page, visit, db }) => {
  await registerUser(page, db, { prefix: 'back' })
  await visit('/onboarding')
  await chooseRole(page, 'Dog Owner')
  await expect(stepHeading(page, 'Tell us about yourself')).toBeVisible()

  await page.getByRole('button', { name: 'Back' }).click()

  await expect(page).toHaveURL(/\/$/)
})

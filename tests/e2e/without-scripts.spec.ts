import type { Page } from '@playwright/test'
import { expect, loginAs, registerUser, test } from './fixtures.ts'

// Controls that read right for everyone: a slider's value shows without JavaScript (a number field
// beside it, decision 014), and emoji that decorate a label stay out of what screen readers say.

/** The slider, where JavaScript is on, moved to a value; without JavaScript the number typed in. */
async function choose(page: Page, label: string, value: string, jsEnabled: boolean) {
  const slider = page.getByRole('slider', { name: label })
  if (jsEnabled) await slider.fill(value)
  else {
    await expect(slider, 'without JavaScript there is no slider that could not show its value').toHaveCount(0)
    await page.getByRole('spinbutton', { name: label }).fill(value)
  }
}

test("the available dogs' distance shows the chosen miles and filters by them", async ({ page, visit, jsEnabled }) => {
  await loginAs(page, 'sitter')
  await visit('/dogs/available')
  await page.getByText('Filters', { exact: true }).click()
  const miles = page.getByRole('spinbutton', { name: 'Max distance' })
  await expect(miles).toHaveValue('5')

  await choose(page, 'Max distance', '2.5', jsEnabled)
  await expect(miles).toHaveValue('2.5')
  await page.getByRole('button', { name: 'Apply filters' }).click()

  await expect(page).toHaveURL(/[?&]maxDistance=2\.5(&|$)/)
  // A distance other than the default is a filter set: the filters stay open, showing it.
  await expect(page.getByRole('spinbutton', { name: 'Max distance' })).toBeVisible()
  await expect(page.getByRole('spinbutton', { name: 'Max distance' })).toHaveValue('2.5')
})

test("the dog's weight on onboarding shows the chosen kilograms and is kept in the draft", async ({ page, visit, db, jsEnabled }) => {
  await registerUser(page, db, { prefix: 'weight' })
  await visit('/onboarding/owner/2')
  const kilograms = page.getByRole('spinbutton', { name: 'Weight (kg)' })
  await expect(kilograms).toHaveValue('15')

  await choose(page, 'Weight (kg)', '23', jsEnabled)
  await expect(kilograms).toHaveValue('23')
  await page.getByLabel("Dog's name", { exact: true }).fill('Biscuit')
  await page.getByLabel('Breed', { exact: true }).fill('Beagle')
  await page.getByLabel('Age', { exact: true }).fill('2 years')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/onboarding\/owner\/3$/)
  await page.getByRole('button', { name: 'Back' }).click()

  await expect(page).toHaveURL(/\/onboarding\/owner\/2$/)
  await expect(page.getByRole('spinbutton', { name: 'Weight (kg)' })).toHaveValue('23')
})

/** Every name in Chromium's own accessibility tree (what a screen reader is given), ignored nodes left out. */
async function accessibleNames(page: Page) {
  const devtools = await page.context().newCDPSession(page)
  const { nodes } = await devtools.send('Accessibility.getFullAXTree')
  await devtools.detach()
  return nodes.filter((node) => !node.ignored).map((node) => String(node.name?.value ?? '')).filter(Boolean)
}

const emoji = /\p{Emoji_Presentation}|\uFE0F/u

test('emoji that decorate traits and services are not read out', async ({ page, visit, db }) => {
  await loginAs(page, 'owner')
  await visit('/dogs/add')
  await expect(page.getByRole('checkbox', { name: 'Friendly', exact: true })).toBeVisible()
  const names = await accessibleNames(page)
  expect(names).toContain('Friendly')
  expect(names.filter((name) => emoji.test(name)), 'names with emoji on /dogs/add').toEqual([])

  const withTraits = await db
    .selectFrom('dogs')
    .innerJoin('users', 'users.id', 'dogs.ownerId')
    .innerJoin('dogTraits', 'dogTraits.dogId', 'dogs.id')
    .select('dogs.id')
    .where('users.email', '=', 'owner@pawpal.test')
    .executeTakeFirstOrThrow()
  await visit(`/dogs/${withTraits.id}`)
  await expect(page.getByRole('heading', { name: 'Personality' })).toBeVisible()
  expect((await accessibleNames(page)).filter((name) => emoji.test(name)), 'names with emoji on the dog page').toEqual([])

  await loginAs(page, 'sitter')
  await visit('/profile?tab=services')
  await expect(page.getByRole('heading', { name: 'My Services' })).toBeVisible()
  expect((await accessibleNames(page)).filter((name) => emoji.test(name)), 'names with emoji on My Services').toEqual([])
})

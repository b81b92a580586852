import type { Locator, Page } from '@playwright/test'
import { insertBooking, registerOwnerWithDog, registerSitter, zurichDate } from './booking-helpers.ts'
import { expect, loginAs, pngFile, registerUser, signInAs, test } from './fixtures.ts'
import { baseUrlVariable } from './global-setup.ts'

// Toasts (spec section 9: one at a time, 5 s): where they sit, how they leave (decision 014).

/**
 * Stops the clocks a toast leaves by on its own, its 5 s timer (with JavaScript) and the CSS fade
 * (without), so that in these tests only what the user does can remove it. Call before the first visit.
 */
async function holdToastTimers(page: Page) {
  await page.clock.install()
  const devtools = await page.context().newCDPSession(page)
  await devtools.send('Animation.enable')
  await devtools.send('Animation.setPlaybackRate', { playbackRate: 0 })
}

/** After the page has loaded: from now on no timer fires unless the test says so. */
async function pauseTimers(page: Page) {
  await page.clock.pauseAt(Date.now() + 1000)
}

const photoUpdated = (page: Page) => page.getByRole('status').filter({ hasText: 'Profile photo updated successfully' })

/**
 * A new owner on onboarding step 1 who chose a profile photo: with JavaScript it is sent at once and step 1
 * answers with a success toast; without, Continue sends it and step 2 shows the toast. The step's heading.
 */
async function uploadPhotoOnStepOne(page: Page, db: Parameters<typeof registerUser>[1], visit: (path: string) => Promise<unknown>, jsEnabled: boolean) {
  await registerUser(page, db, { prefix: 'toast' })
  await visit('/onboarding/owner/1')
  await page.getByLabel('Choose profile photo').setInputFiles(await pngFile('toast.png'))
  if (!jsEnabled) await page.getByRole('button', { name: 'Continue' }).click()
  await expect(photoUpdated(page)).toBeVisible()
  return jsEnabled ? 'Tell us about yourself' : 'Add your dog'
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error(`${locator.toString()} has no box`)
  return found
}

test('@desktop a toast pushes the step title and progress dots down instead of covering them', async ({ page, db, visit, jsEnabled }) => {
  const heading = await uploadPhotoOnStepOne(page, db, visit, jsEnabled)

  const toast = await box(photoUpdated(page))
  const title = await box(page.getByRole('heading', { level: 1, name: heading }))
  const dots = await box(page.getByRole('list', { name: jsEnabled ? 'Step 1 of 4' : 'Step 2 of 4' }))
  expect(overlaps(toast, title), 'the toast covers the step title').toBe(false)
  expect(overlaps(toast, dots), 'the toast covers the progress dots').toBe(false)
  expect(toast.y + toast.height, 'the toast sits above the dots').toBeLessThanOrEqual(dots.y)
  await expect(page.getByRole('status').filter({ hasText: /\S/ }).filter({ hasText: 'successfully' })).toHaveCount(1)
})

test('a toast has a 44 px close control that removes it, with and without JavaScript', async ({ page, db, visit, jsEnabled }) => {
  await holdToastTimers(page)
  const heading = await uploadPhotoOnStepOne(page, db, visit, jsEnabled)
  await pauseTimers(page)

  const toast = photoUpdated(page)
  // With JavaScript a button; without it, the label of a checkbox that hides the toast (CSS).
  const close = jsEnabled ? toast.getByRole('button', { name: 'Dismiss' }) : toast.locator('label').filter({ has: page.getByLabel('Dismiss') })
  const { width, height } = await box(close)
  expect(Math.min(width, height)).toBeGreaterThanOrEqual(44)
  await close.click()

  await expect(toast).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
})

test('a missing field is summed up above the step, not in a toast, and the step goes on once it is corrected', async ({ page, db, visit }) => {
  await registerUser(page, db, { prefix: 'toast' })
  await visit('/onboarding/owner/2')
  await page.getByRole('button', { name: 'Continue' }).click()

  const summary = page.getByRole('alert').filter({ hasText: 'Missing information' })
  await expect(summary).toBeVisible()
  await expect(page.locator('[role=status], [role=alert]').filter({ hasText: 'Missing information' })).toHaveCount(1)
  await expect(page.getByLabel("Dog's name", { exact: true })).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel("Dog's name", { exact: true }).fill('Biscuit')
  await page.getByLabel('Breed', { exact: true }).fill('Beagle')
  await page.getByLabel('Age', { exact: true }).fill('2 years')
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Personality' })).toBeVisible()
  await expect(summary).toBeHidden()
})

/** The demo sitter on /profile/edit searched for an address the geocoder does not know: 'Location not found'. */
async function searchUnknownAddress(page: Page, visit: (path: string) => Promise<unknown>) {
  await holdToastTimers(page)
  await loginAs(page, 'sitter')
  await visit('/profile/edit')
  await pauseTimers(page)
  const address = page.getByLabel('Address', { exact: true })
  await address.fill('Nowhere Street 999, Atlantis')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const notFound = page.getByRole('alert').filter({ hasText: 'Location not found' })
  await expect(notFound).toBeVisible()
  return { address, notFound }
}

test('with JavaScript, a toast stays on its page: moving to another page leaves it behind', async ({ page, visit, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript every page is a new document that shows only the toast sent with it')
  const { notFound } = await searchUnknownAddress(page, visit)

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Profile/ }).click()

  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible()
  await expect(notFound).toBeHidden()
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Weekly Availability' })).toBeVisible()
  await expect(notFound, 'coming back does not bring the old toast back').toBeHidden()
})

test('with JavaScript, an error toast leaves once the user edits a field', async ({ page, visit, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript the address is looked up on save, not with a toast')
  const { address, notFound } = await searchUnknownAddress(page, visit)

  await address.fill('Bahnhofstrasse 1, Zurich')

  await expect(notFound).toBeHidden()
})

test('with JavaScript, a flash toast stays when a live refresh loads the page again just after it', async ({ page, browser, db, visit, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript nothing refreshes a page by itself')
  const sitterContext = await browser.newContext({ baseURL: process.env[baseUrlVariable] })
  const sitterPage = await sitterContext.newPage()
  const sitter = await registerSitter(sitterPage, db, 'Sam Walker')
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Pepper' })
  const id = await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'completed', date: zurichDate(-2) })
  await holdToastTimers(page)
  await visit(`/bookings/${id}`)
  await pauseTimers(page)
  const reviews = page.getByRole('region', { name: 'Reviews' })
  await reviews.getByRole('radio', { name: '5 stars' }).check()
  await reviews.getByRole('button', { name: 'Post Review' }).click()
  const sent = page.getByRole('status').filter({ hasText: 'Review sent' })
  await expect(sent).toBeVisible()

  // The sitter's review publishes both: the owner's open page loads its data again, with no flash toast this time.
  await signInAs(sitterPage, sitter)
  await sitterPage.goto(`/bookings/${id}`)
  const sitterReviews = sitterPage.getByRole('region', { name: 'Reviews' })
  await sitterReviews.getByRole('radio', { name: '4 stars' }).check()
  await sitterReviews.getByLabel('Comment (optional)').fill('Olive was easy to reach.')
  await sitterReviews.getByRole('button', { name: 'Post Review' }).click()
  await expect(reviews).toContainText('Olive was easy to reach.')
  await expect(sent).toBeVisible()
  await sitterContext.close()
})

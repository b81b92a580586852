import type { Page } from '@playwright/test'
import { insertBooking, registerOwnerWithDog, registerSitter, zurichDate } from './booking-helpers.ts'
import { expect, registerUser, test } from './fixtures.ts'

// Issue 19: after a refused submit, a field's error leaves as soon as the user fixes that field, before
// the next submit (with JavaScript; without it, the next page answers). One shared hook serves every
// server-answered form (useChangedFields); here two of them: owner onboarding and the review form.

const errorSummary = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /^Please fix \d+ problems?$/ }) })

test('a fixed field loses its error and its line in the summary before the next submit', async ({ page, db, visit, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript the errors change with the next answer of the server')

  await registerUser(page, db, { prefix: 'fixed-onboarding' })
  await visit('/onboarding/owner/2')
  await page.getByRole('button', { name: 'Continue' }).click()
  const name = page.getByLabel("Dog's name", { exact: true })
  const breed = page.getByLabel('Breed', { exact: true })
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(breed).toHaveAttribute('aria-invalid', 'true')
  await expect(errorSummary(page).getByRole('link', { name: /^Dog's name:/ })).toBeVisible()

  await name.fill('Biscuit')
  await expect(name).not.toHaveAttribute('aria-invalid')
  await expect(page.locator('#dogName-error')).toHaveCount(0)
  await expect(errorSummary(page).getByRole('link', { name: /^Dog's name:/ })).toHaveCount(0)
  // The other fields still wait for their fix, and typing kept the focus where it was.
  await expect(breed).toHaveAttribute('aria-invalid', 'true')
  await expect(errorSummary(page).getByRole('link', { name: /^Breed:/ })).toBeVisible()
  await expect(name).toBeFocused()
})

test('a picked star removes the rating error of the review form before the next submit', async ({ page, db, visit, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript the errors change with the next answer of the server')

  const sitter = await registerSitter(page, db, 'Rita Rated')
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Pepper' })
  const id = await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'completed', date: zurichDate(-2) })
  await visit(`/bookings/${id}`)
  await page.getByRole('button', { name: 'Post Review' }).click()
  const summary = errorSummary(page)
  await expect(summary.getByRole('link', { name: /^Rating:/ })).toBeVisible()
  const group = page.getByRole('group', { name: /How was it with Rita/ })
  await expect(group).toHaveAccessibleDescription(/.+/)

  await page.getByRole('radio', { name: '4 stars' }).check()
  await expect(summary).toBeHidden()
  await expect(page.locator('#review-form-rating-error')).toHaveCount(0)
  await expect(page.getByRole('radio', { name: '4 stars' })).not.toHaveAttribute('aria-invalid')

  await page.getByRole('button', { name: 'Post Review' }).click()
  await expect(page.getByText('Review sent')).toBeVisible()
  await expect(page.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible()
  const review = await db.selectFrom('reviews').select('rating').where('bookingId', '=', id).executeTakeFirstOrThrow()
  expect(review.rating).toBe(4)
})

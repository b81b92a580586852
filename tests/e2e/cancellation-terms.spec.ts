import type { Page } from '@playwright/test'
import { localDateTime } from '#app/lib/zoned-time.ts'
import { insertBooking, insertDog, registerOwnerWithDog, registerSitter, signInAs, signOut, statusOf } from './booking-helpers.ts'
import { expect, test, type TestDatabase } from './fixtures.ts'

// Cancellation terms (issue 33 part 4, DESIGN.md ruling 28): the sitter picks theirs on /profile/edit, owners read
// them on the sitter's profile and before sending a request; a cancellation inside the notice period is warned about,
// recorded for the party who made it, and counted on that party's profile only.

const termsLine = { strict: 'Cancellation: Strict. Cancel up to 72 hours before the start.' }

/** An hour's walk about three hours from now in Zurich (on the quarter hour, ending by 23:00 that day). */
function walkInThreeHours() {
  const { date, minutes } = localDateTime(Date.now() + 3 * 3_600_000, 'Europe/Zurich')
  const start = Math.min(Math.ceil(minutes / 15) * 15, 22 * 60)
  const clock = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
  return { date, slot: { startTime: clock(start), endTime: clock(start + 60) } }
}

const bookWithCard = (page: Page) => page.getByRole('region', { name: /^Book with/ })

/** Cancels the booking on its page through the confirmation, which must first say that it is late. */
async function cancelLate(page: Page, visit: (path: string) => Promise<unknown>, bookingId: string, terms: string) {
  await visit(`/bookings/${bookingId}`)
  await page.getByRole('link', { name: 'Cancel Booking' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel Booking' })
  await expect(dialog).toContainText(`Cancelling now is late under the ${terms} terms: it is counted on your profile.`)
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Booking has been cancelled')).toBeVisible()
}

const lateCancellationBy = async (db: TestDatabase, id: string) =>
  (await db.selectFrom('bookings').select('lateCancellationBy').where('id', '=', id).executeTakeFirstOrThrow()).lateCancellationBy

test('@desktop the sitter picks Strict terms; the owner reads them on the profile and before sending a request', async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db, 'Sam Walker')
  await visit('/profile/edit')
  const terms = page.getByRole('group', { name: 'Cancellation terms' })
  await expect(terms.getByRole('radio', { name: 'Flexible' })).toBeChecked()
  await expect(terms.getByRole('radio', { name: 'Strict' })).toHaveAccessibleDescription('Cancel up to 72 hours before the start.')
  await terms.getByRole('radio', { name: 'Strict' }).check()
  await page.getByRole('button', { name: 'Save Changes' }).click()

  await expect(page.getByText('Profile updated')).toBeVisible()
  const saved = await db.selectFrom('sitterProfiles').select('cancellationTerms').where('userId', '=', sitter.id).executeTakeFirstOrThrow()
  expect(saved.cancellationTerms).toBe('strict')

  await registerOwnerWithDog(page, db, { name: 'Pepper' })
  await visit(`/sitters/${sitter.id}`)
  await expect(bookWithCard(page)).toContainText(termsLine.strict)
  // No booking of Sam's was ever accepted: nothing to count yet.
  await expect(bookWithCard(page)).not.toContainText('Cancelled late')

  await bookWithCard(page).getByRole('link', { name: 'Book Now' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Book with Sam' })).toBeVisible()
  await expect(page.getByText(termsLine.strict)).toBeVisible()
})

test("a late cancellation is warned about and counted for whoever made it: the owner's not on the sitter's profile", async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db, 'Sam Walker')
  await db.updateTable('sitterProfiles').set({ cancellationTerms: 'strict' }).where('userId', '=', sitter.id).execute()
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Pepper' })
  const soon = walkInThreeHours()
  const byOwner = await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'accepted', ...soon, cancellationTerms: 'strict' })

  await cancelLate(page, visit, byOwner, 'strict')
  await expect(page.getByText('Cancelled late by the owner')).toBeVisible()
  expect(await statusOf(db, byOwner)).toBe('cancelled')
  expect(await lateCancellationBy(db, byOwner)).toBe('owner')

  // Sam's profile counts his accepted booking, and none of his own cancelled late.
  await visit(`/sitters/${sitter.id}`)
  await expect(bookWithCard(page)).toContainText('Cancelled late: 0 of 1 booking')

  // Sam cancels another accepted walk late under the terms it was requested under (moderate, 24 hours): his own counts.
  const otherDog = await insertDog(db, owner.id, { name: 'Biscuit' })
  const bySitter = await insertBooking(db, { dogId: otherDog, ownerId: owner.id, sitterId: sitter.id }, { status: 'accepted', ...soon, cancellationTerms: 'moderate' })
  await signOut(page)
  await signInAs(page, sitter)
  await cancelLate(page, visit, bySitter, 'moderate')
  await expect(page.getByText('Cancelled late by the sitter')).toBeVisible()
  expect(await lateCancellationBy(db, bySitter)).toBe('sitter')

  await visit(`/sitters/${sitter.id}`)
  await expect(bookWithCard(page)).toContainText('Cancelled late: 1 of 2 bookings')
  await expect(bookWithCard(page)).toContainText(termsLine.strict)
})

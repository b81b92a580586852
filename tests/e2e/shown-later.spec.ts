import { insertBooking, registerOwnerWithDog, registerSitter, zurichDate } from './booking-helpers.ts'
import { expect, holdRequests, test } from './fixtures.ts'

// A part of a page whose script loads only where shown (app/ui/shown-later.tsx, decision 082): the server sends
// it whole, and when its script cannot be loaded the page says so in its place instead of failing as a whole.

test('a booking page whose change form cannot load says so in its place and keeps the rest working', async ({ page, visit, db, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript the server sends the whole page and no part loads later')
  const sitter = await registerSitter(page, db)
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Pepper' })
  const id = await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'pending', date: zurichDate(5) })
  await page.route(/\/assets\/booking-changes-[^/]+\.js$/, (route) => route.abort())

  await visit(`/bookings/${id}`)
  // The change form and the history both come from that script: the page says so once.
  const notice = page.getByRole('alert').filter({ hasText: 'A part of this page could not be loaded. Please reload the page.' })
  await expect(notice).toBeVisible()
  await expect(notice).toHaveCount(1)
  await expect(page.getByRole('heading', { name: 'Booking with Sam Walker' })).toBeVisible()
  await page.getByRole('link', { name: 'Cancel Booking' }).click()
  await expect(page.getByRole('dialog', { name: 'Cancel Booking' })).toContainText('Are you sure you want to cancel this booking?')
})

test('with JavaScript, a booking opened from the list asks for its change form and history beside its data, not after it', async ({ page, visit, db, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript every page comes whole from the server')
  const sitter = await registerSitter(page, db)
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Pepper' })
  const id = await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'pending', date: zurichDate(5) })
  await visit('/bookings')
  const asked: string[] = []
  page.on('request', (request) => asked.push(new URL(request.url()).pathname))
  const letDataThrough = await holdRequests(page, `**/bookings/${id}.data*`)

  await page.getByRole('link', { name: 'Pepper' }).first().click()
  // While the booking's data is held back, the script of its change form and history is asked for.
  await expect.poll(() => asked.some((path) => /\/assets\/booking-changes-[^/]+\.js$/.test(path))).toBe(true)
  letDataThrough()
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible()
})

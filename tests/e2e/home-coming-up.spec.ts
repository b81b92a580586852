import { insertBooking, registerOwnerWithDog, registerSitter, shortDayName, zurichDate } from './booking-helpers.ts'
import { expect, test } from './fixtures.ts'

// '/' as the dashboard, with JavaScript on and off at a phone's width: an owner signs in and finds their next walks
// under 'Coming up', soonest first, tomorrow's named so, a request not among them; a card opens its booking.

test('an owner sees the walks coming up on the home page and opens one', async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db, 'Sam Walker')
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Bello' })
  const parties = { dogId, ownerId: owner.id, sitterId: sitter.id }
  const later = await insertBooking(db, parties, { status: 'accepted', date: zurichDate(5), slot: { startTime: '09:00', endTime: '10:00' } })
  await insertBooking(db, parties, { status: 'accepted', date: zurichDate(2), slot: { startTime: '14:00', endTime: '15:00' } })
  await insertBooking(db, parties, { status: 'pending', date: zurichDate(3), slot: { startTime: '11:00', endTime: '12:00' } })
  await insertBooking(db, parties, { status: 'accepted', date: zurichDate(1), slot: { startTime: '08:00', endTime: '09:00' } })

  await visit('/')
  const comingUp = page.getByRole('region', { name: 'Coming up' })
  const cards = comingUp.getByRole('article')
  await expect(cards).toHaveCount(3)
  await expect(cards.nth(0)).toContainText('Tomorrow · 08:00 - 09:00')
  await expect(cards.nth(1)).toContainText(`${shortDayName(zurichDate(2))} · 14:00 - 15:00`)
  await expect(cards.nth(2)).toContainText(`${shortDayName(zurichDate(5))} · 09:00 - 10:00`)
  await expect(cards.nth(0)).toContainText('Sitter: Sam Walker')

  await cards.nth(2).getByRole('link', { name: 'Bello' }).click()
  await expect(page).toHaveURL(new RegExp(`/bookings/${later}$`))
  await expect(page.getByRole('heading', { name: 'Booking with Sam Walker' })).toBeVisible()
})

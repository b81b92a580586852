import { insertBooking, registerOwnerWithDog, registerSitter, shortDayName, signInAs, signOut, zurichDate } from './booking-helpers.ts'
import { expect, loginAs, test } from './fixtures.ts'

// '/' as the dashboard, with JavaScript on and off at a phone's width: an owner signs in and finds their next walks
// under 'Coming up', soonest first, tomorrow's named so, a request not among them; a card opens its booking. The
// demo sitter's weekly round with Olivia is one card (decision 106) that leads to the round. A walk under way right now
// says 'Happening now', first on both parties' dashboards and on the owner's Upcoming tab.

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

test("the demo sitter's weekly round with Olivia is one card among those coming up, and it opens the round", async ({ page, visit, db }) => {
  const sam = await db.selectFrom('users').select('id').where('email', '=', 'sitter@pawpal.test').executeTakeFirstOrThrow()
  const round = await db.selectFrom('bookingSeries').select('id').where('sitterId', '=', sam.id).where('status', '=', 'accepted').executeTakeFirstOrThrow()

  await loginAs(page, 'sitter')
  await visit('/')
  const cards = page.getByRole('region', { name: 'Coming up' }).getByRole('article')
  await expect(cards).toHaveCount(3)
  // The round walks at 18:00-18:30; the demo's other bookings with Olivia keep other hours.
  const roundCards = cards.filter({ hasText: '18:00 - 18:30' })
  await expect(roundCards).toHaveCount(1)
  await expect(roundCards).toContainText('Rex and Luna')
  const toRound = roundCards.getByRole('link', { name: /^Weekly · \d+ more$/ })
  await expect(toRound).toHaveAttribute('href', `/bookings/series/${round.id}`)

  await toRound.click()
  await expect(page).toHaveURL(new RegExp(`/bookings/series/${round.id}$`))
  await expect(page.getByRole('heading', { name: 'Weekly dog walking for Rex and Luna' })).toBeVisible()
})

/** An hour's walk under way: from the last quarter hour in Zurich (now or before it), past midnight when it gets there. */
function slotUnderWay() {
  const [hours = 0, minutes = 0] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date())
    .split(':')
    .map(Number)
  const start = hours * 60 + minutes - (minutes % 15)
  const time = (total: number) => `${String(Math.floor((total % 1440) / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
  return { startTime: time(start), endTime: time(start + 60) }
}

test("a walk under way says 'Happening now', first on the owner's and the sitter's home page and on the owner's list", async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db, 'Nina Now')
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Pixel' })
  const parties = { dogId, ownerId: owner.id, sitterId: sitter.id }
  const slot = slotUnderWay()
  const now = await insertBooking(db, parties, { status: 'accepted', date: zurichDate(), slot })
  await insertBooking(db, parties, { status: 'accepted', date: zurichDate(1), slot: { startTime: '08:00', endTime: '09:00' } })
  // A request for this very hour is not under way: only an accepted booking is.
  await insertBooking(db, parties, { status: 'pending', date: zurichDate(), slot })

  await visit('/')
  const cards = page.getByRole('region', { name: 'Coming up' }).getByRole('article')
  await expect(cards).toHaveCount(2)
  await expect(cards.nth(0)).toContainText('Happening now')
  await expect(cards.nth(0)).toContainText(`${slot.startTime} - ${slot.endTime}`)
  await expect(cards.nth(1)).toContainText('Tomorrow · 08:00 - 09:00')
  await expect(cards.nth(1)).not.toContainText('Happening now')

  await visit('/bookings')
  const underWay = page.getByRole('article').filter({ hasText: 'Happening now' })
  await expect(underWay).toHaveCount(1)
  await expect(underWay.getByRole('link', { name: 'Pixel' })).toHaveAttribute('href', `/bookings/${now}`)

  await signOut(page)
  await signInAs(page, sitter)
  await visit('/')
  const sittersCards = page.getByRole('region', { name: 'Coming up' }).getByRole('article')
  await expect(sittersCards).toHaveCount(2)
  await expect(sittersCards.nth(0)).toContainText('Happening now')
  await expect(sittersCards.nth(0)).toContainText('Owner: Olive Owner')
})

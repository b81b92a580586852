import type { Locator, Page } from '@playwright/test'
import {
  calendarEventsOf,
  chooseWalk,
  dayName,
  insertBooking,
  insertDog,
  pickDate,
  publishedNow,
  registerOwnerWithDog,
  registerSitter,
  registerSitterWithGoogle,
  signInAs,
  shortDayName,
  showFreeTimes,
  signOut,
  statusOf,
  zurichDate,
} from './booking-helpers.ts'
import { expect, keptDocument, markDocument, test } from './fixtures.ts'

// The booking journeys of issue 10, each with JavaScript on and off (spec section 2: Bookings page,
// Sitter Bookings, Booking detail; DESIGN.md rulings 4, 5, 11, 14): requests, answers, cancelling,
// completing, reviewing, and a sitter's request for a dog listed for sitting.

const card = (page: Page, dogName: string) => page.getByRole('article').filter({ has: page.getByRole('link', { name: dogName, exact: true }) })

/** The hue of a status chip's background: app.css gives it in OKLCH, which the browser keeps ('oklch(L C H)'). */
const chipHue = async (chip: Locator) => Number(/^oklch\([\d.]+%? [\d.]+ ([\d.]+)/.exec(await chip.evaluate((element) => getComputedStyle(element).backgroundColor))?.[1])

test('@desktop an owner requests a walk; the sitter accepts it from Pending with the calendar box ticked; both then see it under Upcoming', async ({
  page,
  visit,
  db,
  jsEnabled,
}) => {
  // Three people sign in one after the other (one through Google): slow on a busy machine.
  test.slow()
  const sitter = await registerSitterWithGoogle(page, db, visit)
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Biscuit' })
  const date = zurichDate(3)

  // From the sitter's profile, as an owner finds it.
  await visit(`/sitters/${sitter.id}`)
  await page.getByRole('link', { name: 'Book Now' }).click()
  await expect(page).toHaveURL(new RegExp(`/sitters/${sitter.id}/book$`))
  await expect(page.getByRole('heading', { name: 'Book with Sam' })).toBeVisible()
  await expect(page.getByText('Europe/Zurich')).toBeVisible()
  await page.getByRole('radio', { name: /Biscuit/ }).check()
  await pickDate(page, date)
  await showFreeTimes(page, jsEnabled)
  // A walk: a start time and 30 or 60 minutes (ruling 21), 60 minutes at $24.
  await chooseWalk(page, '08:00', 60)
  await expect(page.locator('label').filter({ hasText: '60 minutes' })).toContainText('$24.00')
  if (jsEnabled) await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Price' })).toContainText('$24.00')
  await page.getByLabel('Notes for Sam (optional)').fill('Biscuit pulls at the start.')
  await page.getByRole('button', { name: 'Request Booking' }).click()

  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/)
  await expect(page.getByText('Booking requested')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Booking with Sam Walker' })).toBeVisible()
  const bookingId = page.url().split('/').at(-1) ?? ''
  const stored = await db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirstOrThrow()
  expect(stored).toMatchObject({ dogId, ownerId: owner.id, sitterId: sitter.id, date, status: 'pending', priceCents: 2400, notes: 'Biscuit pulls at the start.' })

  await signOut(page)
  await signInAs(page, sitter)
  await visit('/bookings-sitter')
  await expect(page.getByRole('link', { name: 'Pending', exact: true })).toHaveAttribute('aria-current', 'page')
  const accept = card(page, 'Biscuit').getByRole('link', { name: /^Accept/ })
  await accept.evaluate((link) => link.scrollIntoView({ block: 'center' }))
  const scrolled = await page.evaluate(() => window.scrollY)
  if (jsEnabled) await markDocument(page)
  await accept.click()
  const dialog = page.getByRole('dialog', { name: 'Accept Booking Request' })
  await expect(dialog).toContainText('Olive Owner')
  // With JavaScript the dialog opens where the card is, without a page load.
  if (jsEnabled) {
    expect(await keptDocument(page)).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
  }
  await expect(dialog.getByRole('checkbox', { name: 'Add to Google Calendar' })).toBeChecked()
  await dialog.getByRole('button', { name: 'Accept Booking' }).click()

  await expect(page.getByText('Booking accepted and added to Google Calendar!')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await statusOf(db, bookingId)).toBe('accepted')
  expect((await calendarEventsOf(sitter.googleSub)).filter((event) => event.body.summary?.includes('Biscuit'))).toHaveLength(1)
  await page.getByRole('link', { name: 'Upcoming', exact: true }).click()
  await expect(card(page, 'Biscuit')).toContainText('Accepted')

  await signOut(page)
  await signInAs(page, owner)
  await visit('/bookings')
  await expect(page.getByRole('link', { name: 'Upcoming', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(card(page, 'Biscuit')).toContainText('Accepted')
})

test('the owner cancels a pending request after confirming it', async ({ page, visit, db, jsEnabled }) => {
  const sitter = await registerSitter(page, db)
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Pepper' })
  const id = await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'pending', date: zurichDate(5) })

  await visit('/bookings?tab=pending')
  await card(page, 'Pepper').getByRole('link', { name: 'Pepper', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Booking with Sam Walker' })).toBeVisible()
  await page.getByRole('link', { name: 'Cancel Booking' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel Booking' })
  await expect(dialog).toContainText('Are you sure you want to cancel this booking?')
  // With JavaScript, Confirm says 'Processing' while the change is on its way (held here until seen).
  let releasePost = () => {}
  const postHeld = new Promise<void>((resolve) => (releasePost = resolve))
  if (jsEnabled) {
    await page.route(
      (url) => url.pathname.startsWith(`/bookings/${id}`),
      async (route) => {
        if (route.request().method() === 'POST') await postHeld
        await route.continue()
      },
    )
  }
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  if (jsEnabled) {
    await expect(dialog.getByRole('button', { name: 'Processing', exact: true })).toBeDisabled()
    releasePost()
  }

  await expect(page.getByText('Booking has been cancelled')).toBeVisible()
  await expect(page.locator('[data-status]').first()).toHaveText('Cancelled')
  expect(await statusOf(db, id)).toBe('cancelled')
  await expect(page.getByRole('link', { name: 'Cancel Booking' })).toHaveCount(0)
})

test('@desktop a request that overlaps an accepted booking shows “Overlaps your booking at 14:00” instead of Accept; Reject still declines it', async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db)
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Pepper' })
  const date = zurichDate(4)
  const accepted = await insertBooking(db, { dogId: await insertDog(db, owner.id, { name: 'Biscuit' }), ownerId: owner.id, sitterId: sitter.id }, { status: 'accepted', date, slot: { startTime: '14:00', endTime: '15:00' } })
  const id = await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'pending', date, slot: { startTime: '14:30', endTime: '15:30' } })
  await signOut(page)
  await signInAs(page, sitter)

  await visit('/bookings-sitter')
  const request = card(page, 'Pepper')
  await expect(request.getByRole('link', { name: 'Overlaps your booking at 14:00' })).toHaveAttribute('href', `/bookings/${accepted}`)
  await expect(request.getByRole('link', { name: /^Accept/ })).toHaveCount(0)
  await request.getByRole('link', { name: /^Reject/ }).click()
  await page.getByRole('dialog', { name: 'Decline Booking' }).getByRole('button', { name: 'Confirm' }).click()

  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await statusOf(db, id)).toBe('rejected')
  expect(await statusOf(db, accepted)).toBe('accepted')
})

test('the sitter marks a past accepted booking completed, and the owner reviews it; the rating on the sitter’s profile changes', async ({ page, visit, db }) => {
  test.slow() // two people, each signing in
  const sitter = await registerSitter(page, db)
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Mochi' })
  const parties = { dogId, ownerId: owner.id, sitterId: sitter.id }
  const id = await insertBooking(db, parties, { status: 'accepted', date: zurichDate(-1) })
  // An earlier walk of another dog, which the owner gave 2 stars.
  const pip = await insertDog(db, owner.id, { name: 'Pip' })
  const earlier = await insertBooking(db, { ...parties, dogId: pip }, { status: 'completed', date: zurichDate(-20) })
  await db
    .insertInto('reviews')
    .values({ id: crypto.randomUUID(), bookingId: earlier, sitterId: sitter.id, ownerId: owner.id, rating: 2, comment: 'Late.', ...publishedNow() })
    .execute()

  await signOut(page)
  await signInAs(page, sitter)
  await visit('/bookings-sitter?tab=completed')
  // Spec section 4: an accepted booking in the past counts as completed.
  await expect(card(page, 'Mochi')).toContainText('Accepted')
  await card(page, 'Mochi').getByRole('link', { name: 'Mochi', exact: true }).click()
  await page.getByRole('link', { name: 'Mark as Completed' }).click()
  const dialog = page.getByRole('dialog', { name: 'Complete Booking' })
  await expect(dialog).toContainText('Are you sure you want to mark as completed this booking?')
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Booking has been completed')).toBeVisible()
  expect(await statusOf(db, id)).toBe('completed')

  await signOut(page)
  await signInAs(page, owner)
  const profileHeader = page.locator('header').filter({ has: page.getByRole('heading', { level: 1, name: 'Sam Walker' }) })
  await visit(`/sitters/${sitter.id}`)
  await expect(profileHeader).toContainText(/2\.0\s*\(1 review\)/)
  await visit('/bookings')
  await expect(page.getByRole('heading', { name: 'How did it go?' })).toBeVisible()
  await page.getByRole('link', { name: /^Write a review of Mochi/ }).click()
  await page.getByRole('radio', { name: '4 stars' }).check()
  await page.getByLabel('Comment (optional)').fill('Mochi came home tired and happy.')
  await page.getByRole('button', { name: 'Post Review' }).click()

  await expect(page.getByText('Review sent')).toBeVisible()
  await expect(page.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible()
  await expect(page.getByText('Mochi came home tired and happy.')).toBeVisible()
  await expect(page.getByText('Hidden from Sam until they review you or reviews close.')).toBeVisible()
  const review = await db.selectFrom('reviews').select(['rating', 'comment']).where('bookingId', '=', id).executeTakeFirstOrThrow()
  expect(review).toEqual({ rating: 4, comment: 'Mochi came home tired and happy.' })
  await visit('/bookings')
  await expect(page.getByRole('heading', { name: 'How did it go?' })).toHaveCount(0)
  // Double-blind: the sitter's profile counts it only once Sam has reviewed back or reviews close.
  await visit(`/sitters/${sitter.id}`)
  await expect(profileHeader).toContainText(/2\.0\s*\(1 review\)/)
})

test("'Show more bookings' lists the next page of Past under the first, with JavaScript or without", async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db)
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Mochi' })
  for (let days = 1; days <= 23; days++) await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'completed', date: zurichDate(-days) })
  await visit('/bookings?tab=past')
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(20)
  await expect(cards.first()).toContainText(shortDayName(zurichDate(-1)))

  await page.getByRole('link', { name: 'Show more bookings' }).click()
  await expect(cards).toHaveCount(23)
  await expect(cards.nth(20)).toContainText(shortDayName(zurichDate(-21)))
  await expect(cards.nth(20)).toBeInViewport()
  await expect(page.getByRole('link', { name: 'Show more bookings' })).toHaveCount(0)
})

test("a day of the strip lists that day's bookings, with JavaScript without loading the page again; a click with Ctrl opens it apart", async ({
  page,
  visit,
  db,
  jsEnabled,
}) => {
  const sitter = await registerSitter(page, db)
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Mochi' })
  const walkDay = zurichDate(2)
  const quietDay = zurichDate(3)
  await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'accepted', date: walkDay })
  await visit('/bookings')
  const days = page.getByRole('navigation', { name: 'Days' })
  if (jsEnabled) await markDocument(page)

  await days.locator(`a[href$="date=${quietDay}"]`).click()
  await expect(page.getByRole('heading', { name: `Bookings for ${dayName(quietDay)}` })).toBeVisible()
  await expect(page.getByText('No bookings on this day')).toBeVisible()
  await days.locator(`a[href$="date=${walkDay}"]`).click()
  await expect(page.getByRole('heading', { name: `Bookings for ${dayName(walkDay)}` })).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(card(page, 'Mochi')).toContainText(shortDayName(walkDay))
  await expect(days.locator(`a[href$="date=${walkDay}"]`)).toHaveAttribute('aria-current', 'date')
  // As the browser names the day: what it shows ('Tue 3'), then its bookings, in the list named by its month.
  const written = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(new Date(`${walkDay}T00:00:00Z`))
  const walkDayName = `${written({ weekday: 'short' })} ${Number(walkDay.slice(8))} with 1 booking`
  const month = days.getByRole('list', { name: written({ month: 'long', year: 'numeric' }), exact: true })
  await expect(month.getByRole('link', { name: walkDayName, exact: true })).toHaveAttribute('href', `?date=${walkDay}`)
  if (jsEnabled) expect(await keptDocument(page)).toBe(true)

  const [apart] = await Promise.all([page.context().waitForEvent('page'), days.locator(`a[href$="date=${quietDay}"]`).click({ modifiers: ['ControlOrMeta'] })])
  await expect(apart).toHaveURL(new RegExp(`/bookings\\?date=${quietDay}$`))
  await apart.close()
  await expect(page).toHaveURL(new RegExp(`/bookings\\?date=${walkDay}$`))
})

test("@desktop a stay past midnight is listed on the next day too, whose mark counts it, with JavaScript or without (decision 110)", async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db)
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Mochi' })
  const [evening, morning] = [zurichDate(2), zurichDate(3)]
  await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'accepted', date: evening, slot: { startTime: '20:00', endTime: '08:00' } })
  await visit('/bookings')
  const days = page.getByRole('navigation', { name: 'Days' })
  await expect(days.locator(`a[href$="date=${morning}"]`)).toHaveAccessibleName(/ with 1 booking$/)

  await days.locator(`a[href$="date=${morning}"]`).click()
  await expect(page.getByRole('heading', { name: `Bookings for ${dayName(morning)}` })).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(card(page, 'Mochi')).toContainText(`${shortDayName(evening)} · 20:00 - 08:00`)
})

test('@desktop the day strip opens at the chosen day, with JavaScript or without', async ({ page, visit, db }) => {
  await registerOwnerWithDog(page, db, { name: 'Mochi' })
  // The month's last day: the strip starts a week before the month, so its last days lie beyond the first screen.
  const [year, month] = zurichDate(0).split('-').map(Number) as [number, number]
  const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10)
  await visit(`/bookings?date=${lastDay}`)

  const days = page.getByRole('navigation', { name: 'Days' })
  await expect(days.locator('a[aria-current="date"]')).toHaveAttribute('href', `?date=${lastDay}`)
  await expect(days.locator('a[aria-current="date"]')).toBeInViewport()
  await expect(days.getByRole('listitem').first()).not.toBeInViewport()
})

test("a booking card opens its booking, and Contact the conversation with the sitter, with JavaScript without loading the page again", async ({
  page,
  visit,
  db,
  jsEnabled,
}) => {
  const sitter = await registerSitter(page, db)
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Mochi' })
  const parties = { dogId, ownerId: owner.id, sitterId: sitter.id }
  await insertBooking(db, parties, { status: 'accepted', date: zurichDate(2) })
  // The second card: its links carry no mark of their own for React Router, the first card's show it their routes.
  const second = await insertBooking(db, parties, { status: 'accepted', date: zurichDate(3) })
  await visit('/bookings')
  if (jsEnabled) await markDocument(page)

  await page.getByRole('article').nth(1).getByRole('link', { name: 'Mochi' }).click()
  await expect(page).toHaveURL(new RegExp(`/bookings/${second}$`))
  await expect(page.getByRole('heading', { name: `Booking with ${sitter.name}` })).toBeVisible()
  if (jsEnabled) expect(await keptDocument(page)).toBe(true)

  await page.goBack()
  await page.getByRole('article').nth(1).getByRole('link', { name: `Contact ${sitter.name}` }).click()
  await expect(page).toHaveURL(new RegExp(`/messages\\?userId=${sitter.id}$`))
  await expect(page.getByRole('region', { name: `Conversation with ${sitter.name}` })).toBeVisible()
  if (jsEnabled) expect(await keptDocument(page)).toBe(true)
})

test('a sitter requests an available dog, and its owner accepts', async ({ page, visit, db, jsEnabled }) => {
  test.slow() // two people, each signing in
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Hazel', listed: true })
  await signOut(page)
  const sitter = await registerSitter(page, db)
  const date = zurichDate(4)

  await visit(`/bookings/new?dogId=${dogId}`)
  await expect(page.getByRole('heading', { name: 'Book a Walk' })).toBeVisible()
  await expect(page.getByText('$24/hour')).toBeVisible()
  await pickDate(page, date)
  await showFreeTimes(page, jsEnabled)
  await chooseWalk(page, '10:00', 30)
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Price' })).toContainText(jsEnabled ? '$12.00' : '$24/hour')
  await page.getByRole('textbox').fill('I walk by the river every morning.')
  await page.getByRole('button', { name: 'Request Booking' }).click()

  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Walking Hazel' })).toBeVisible()
  await expect(page.getByText('Waiting for Olive to accept or decline this request.')).toBeVisible()
  const bookingId = page.url().split('/').at(-1) ?? ''
  const stored = await db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirstOrThrow()
  expect(stored).toMatchObject({ dogId, ownerId: owner.id, sitterId: sitter.id, requestedById: sitter.id, date, status: 'pending', priceCents: 1200 })
  const slots = await db.selectFrom('bookingTimeSlots').select(['startTime', 'endTime']).where('bookingId', '=', bookingId).execute()
  expect(slots).toEqual([{ startTime: '10:00', endTime: '10:30' }])

  await signOut(page)
  await signInAs(page, owner)
  await visit('/bookings?tab=pending')
  await expect(card(page, 'Hazel')).toContainText('Waiting for your answer')
  // Spec section 4: pending yellow, accepted green (OKLCH hues: yellow about 100, green about 150).
  const pendingHue = await chipHue(card(page, 'Hazel').getByText('Pending', { exact: true }))
  expect(pendingHue).toBeGreaterThan(80)
  expect(pendingHue).toBeLessThan(115)
  await card(page, 'Hazel').getByRole('link', { name: 'Hazel', exact: true }).click()
  await page.getByRole('link', { name: 'Accept', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Accept Booking' })
  await expect(dialog).toContainText('Are you sure you want to accept this booking?')
  await dialog.getByRole('button', { name: 'Confirm' }).click()

  await expect(page.getByText('Booking accepted')).toBeVisible()
  await expect(page.locator('[data-status]').first()).toHaveText('Accepted')
  const acceptedHue = await chipHue(page.locator('[data-status]').first())
  expect(acceptedHue).toBeGreaterThan(130)
  expect(acceptedHue).toBeLessThan(165)
  expect(await statusOf(db, bookingId)).toBe('accepted')
})

test('a sitter the owner blocked is told on the request form that they cannot book, and nothing is booked', async ({ page, visit, db, jsEnabled }) => {
  test.slow() // two people, each signing in
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Pepper', listed: true })
  await signOut(page)
  const sitter = await registerSitter(page, db)
  await db.insertInto('userBlocks').values({ blockerId: owner.id, blockedId: sitter.id, createdAt: new Date().toISOString() }).execute()

  await visit(`/bookings/new?dogId=${dogId}`)
  await pickDate(page, zurichDate(4))
  await showFreeTimes(page, jsEnabled)
  await chooseWalk(page, '10:00', 30)
  await page.getByRole('button', { name: 'Request Booking' }).click()

  await expect(page.getByText("You can't book with this person")).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Book a Walk' })).toBeVisible()
  expect(await db.selectFrom('bookings').select('id').where('dogId', '=', dogId).execute()).toEqual([])
})

test('a request missing its time is refused with a summary that names it, and keeps what was entered', async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db)
  const { dogId } = await registerOwnerWithDog(page, db, { name: 'Juniper' })
  const date = zurichDate(2)

  await visit(`/sitters/${sitter.id}/book`)
  await page.getByRole('radio', { name: /Juniper/ }).check()
  await pickDate(page, date)
  await page.getByLabel('Notes for Sam (optional)').fill('Juniper is shy with bikes.')
  await page.getByRole('button', { name: 'Request Booking' }).click()

  const summary = page.getByRole('alert').filter({ hasText: 'Please fix 2 problems' })
  await expect(summary).toBeVisible()
  await expect(summary.getByRole('link', { name: 'Start time: Please choose a start time' })).toBeVisible()
  await expect(summary.getByRole('link', { name: 'Duration: Please choose how long the walk is' })).toBeVisible()
  await expect(summary).toContainText('Missing information: Please fill in all required fields')
  await expect(page.getByRole('radio', { name: /Juniper/ })).toBeChecked()
  await expect(page.getByRole('radio', { name: dayName(date), exact: true })).toBeChecked()
  await expect(page.getByLabel('Notes for Sam (optional)')).toHaveValue('Juniper is shy with bikes.')
  expect(await db.selectFrom('bookings').select('id').where('dogId', '=', dogId).execute()).toEqual([])

  // The refused page offers the chosen day's free times.
  await chooseWalk(page, '17:00', 60)
  await page.getByRole('button', { name: 'Request Booking' }).click()
  await expect(page.getByText('Booking requested')).toBeVisible()
  const stored = await db.selectFrom('bookings').select(['date', 'notes']).where('dogId', '=', dogId).executeTakeFirstOrThrow()
  expect(stored).toEqual({ date, notes: 'Juniper is shy with bikes.' })
})

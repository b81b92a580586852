import { insertBooking, publishedNow, registerOwnerWithDog, registerSitter, signInAs, signOut, zurichDate } from './booking-helpers.ts'
import { expect, insertMessages, pngFile, registerUser, test } from './fixtures.ts'

// One way to show each fact across the app (issue 19, item 10): clock times on the 24-hour clock, a
// sitter's rating as '★ 4.0 (1 review)', a rate in its own unit, one photo button on the onboarding
// photo step, a skip link on every page, and 'Mark as Completed' saying from when it is possible.

test('@desktop every page starts with a skip link that shows on focus and leads to the main content', async ({ page, visit, db }) => {
  await registerSitter(page, db)
  for (const path of ['/', '/sitters', '/bookings-sitter', '/messages', '/profile']) {
    await visit(path)
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await page.keyboard.press('Tab')
    await expect(skip, `the first stop of Tab on ${path}`).toBeFocused()
    const box = await skip.boundingBox()
    expect(box && box.width >= 44 && box.height >= 44, `the focused skip link on ${path} is shown, 44 px or more`).toBe(true)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#main-content$/)
    await expect(page.locator('main#main-content')).toBeVisible()
  }
})

test("a conversation's times read on the 24-hour clock", async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db, 'Tess Timer')
  const { owner } = await registerOwnerWithDog(page, db, { name: 'Pepper' })
  // Each message in the thread shows its clock time.
  await insertMessages(db, sitter, owner, 2)
  await visit(`/messages/${sitter.id}`)
  const times = await page.getByRole('list', { name: 'Messages' }).locator('time').allTextContents()
  expect(times.length).toBeGreaterThan(0)
  for (const time of times) expect(time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/)
})

test("@desktop a sitter's rating reads the same on the booking, the bookings page and the request screen: '4.0 (1 review)'", async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db, 'Rita Rating')
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Pepper' })
  const done = await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'completed', date: zurichDate(-3) })
  await db
    .insertInto('reviews')
    .values({ id: crypto.randomUUID(), bookingId: done, sitterId: sitter.id, ownerId: owner.id, rating: 4, comment: 'Good walk.', ...publishedNow() })
    .execute()

  await visit(`/bookings/${done}`)
  await expect(page.getByRole('main')).toContainText(/4\.0\s*\(1 review\)/)
  await visit('/bookings')
  // 'Recent Sitters', in the chooser New Booking opens.
  await page.getByRole('link', { name: 'New Booking' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Booking')
  const recent = page.locator('li').filter({ hasText: 'Rita Rating' })
  await expect(recent).toContainText(/4\.0\s*\(1 review\)/)
  await expect(recent).not.toContainText('★ 4 (1)')
  await visit(`/sitters/${sitter.id}/book`)
  await expect(page.locator('header').filter({ hasText: 'Book with Rita' })).toContainText(/4\.0\s*\(1 review\)/)
})

test("@desktop a sitter who only boards is 'from $45/night', never an hourly price", async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db, 'Bo Boarder')
  await db.updateTable('sitterServices').set({ service: 'boarding', hourlyRateCents: 4500 }).where('sitterId', '=', sitter.id).execute()
  await db.insertInto('sitterServices').values({ sitterId: sitter.id, service: 'daycare', hourlyRateCents: 6000 }).execute()
  await registerOwnerWithDog(page, db, { name: 'Pepper' })

  await visit(`/sitters/${sitter.id}`)
  const card = page.getByRole('region', { name: 'Book with Bo' })
  // Daycare by the day comes before boarding by the night: a day's rate is not compared with a night's.
  await expect(card).toContainText('from $60/day')
  await expect(page.getByRole('main')).not.toContainText('/hour')
})

test('an accepted booking that has not started tells the sitter from when it can be marked as completed', async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db)
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Mochi' })
  const date = zurichDate(2)
  const id = await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'accepted', date, slot: { startTime: '14:15', endTime: '15:15' } })
  await signOut(page)
  await signInAs(page, sitter)

  await visit(`/bookings/${id}`)
  await expect(page.getByRole('link', { name: 'Mark as Completed' })).toHaveCount(0)
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
  await expect(page.getByText(`Mark as Completed from ${weekday} at 14:15, when the booking starts.`)).toBeVisible()
})

test('the onboarding photo step has one photo button: with JavaScript a chosen photo is saved at once, without it Continue saves it', async ({ page, visit, db, jsEnabled }) => {
  const user = await registerUser(page, db, { prefix: 'one-button' })
  await visit('/onboarding/owner/1')
  await expect(page.getByRole('button', { name: 'Upload photo' })).toHaveCount(0)
  await page.getByLabel('Choose profile photo').setInputFiles(await pngFile('me.png'))
  if (!jsEnabled) await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Profile photo updated successfully' })).toBeVisible()
  const saved = await db.selectFrom('users').select('profilePhoto').where('id', '=', user.id).executeTakeFirstOrThrow()
  expect(saved.profilePhoto).toMatch(/^\/uploads\//)
})

test("a walk's durations read on one line at a phone's width", async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db, 'Dara Duration')
  await registerOwnerWithDog(page, db, { name: 'Pepper' })
  await visit(`/sitters/${sitter.id}/book?date=${zurichDate(7)}`)
  for (const minutes of [30, 60]) {
    const label = page.getByText(`${minutes} minutes`, { exact: true })
    const lineHeight = await label.evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight))
    const box = await label.boundingBox()
    expect(box && box.height < lineHeight * 1.5, `'${minutes} minutes' on one line`).toBe(true)
  }
})

test('the availability grid and weekly hours read on the 24-hour clock', async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db, 'Hana Hours')
  await db.insertInto('sitterAvailability').values({ id: crypto.randomUUID(), sitterId: sitter.id, weekday: 1, startTime: '08:00', endTime: '18:00' }).execute()
  await visit(`/sitters/${sitter.id}`)
  await expect(page.getByRole('main')).toContainText('08:00 - 12:00')
  await expect(page.getByRole('main')).not.toContainText(/\d (AM|PM)\b/)
})

import { insertBooking, registerOwnerWithDog, registerSitter, signInAs, signOut, zurichDate } from './booking-helpers.ts'
import { expect, loginAs, registerUser, test } from './fixtures.ts'

// The home-access vault (issue 32 part 3, decision 070): an owner keeps codes on /home-access, sealed at rest.

test('an owner saves a door code and a Wi-Fi password; the page shows them again, the database holds them sealed @desktop', async ({ page, visit, db }) => {
  const user = await registerUser(page, db, { prefix: 'vault' })
  const doorCode = `door-${crypto.randomUUID().slice(0, 8)}`
  await visit('/home-access')
  await expect(page.getByRole('heading', { name: 'Home access', level: 1 })).toBeVisible()
  await expect(page.getByText('No sitter has seen your home access yet.')).toBeVisible()

  await page.getByLabel('Door code').fill(doorCode)
  await page.getByLabel('Wi-Fi password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Save home access' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Home access saved' })).toBeVisible()

  await visit('/home-access')
  await expect(page.getByLabel('Door code')).toHaveValue(doorCode)
  await expect(page.getByLabel('Wi-Fi password')).toHaveValue('correct horse battery')
  await expect(page.getByLabel('Lockbox code')).toHaveValue('')
  const row = await db.selectFrom('homeAccess').select('sealed').where('ownerId', '=', user.id).executeTakeFirstOrThrow()
  expect(row.sealed).not.toContain(doorCode)
  expect(row.sealed).not.toContain('correct horse')
})

/** Today in Zurich and the quarter hour that began last there, so a booking from it is under way. */
function startedQuarterInZurich() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  )
  const minutes = Number(parts.hour) * 60 + Math.floor(Number(parts.minute) / 15) * 15
  const clock = (total: number) => `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
  return { date: `${parts.year}-${parts.month}-${parts.day}`, slot: { startTime: clock(minutes), endTime: clock(minutes + 60) } }
}

test('the sitter of a booking under way reads the door code on its page; the owner sees that view listed; a booking next week shows when it opens', async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db, 'Sam Walker')
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Pepper' })
  const doorCode = `door-${crypto.randomUUID().slice(0, 8)}`
  await visit('/home-access')
  await page.getByLabel('Door code').fill(doorCode)
  await page.getByRole('button', { name: 'Save home access' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Home access saved' })).toBeVisible()
  const parties = { dogId, ownerId: owner.id, sitterId: sitter.id }
  const now = await insertBooking(db, parties, { status: 'accepted', ...startedQuarterInZurich() })
  const nextWeek = await insertBooking(db, parties, { status: 'accepted', date: zurichDate(7) })

  await signOut(page)
  await signInAs(page, sitter)
  await visit(`/bookings/${nextWeek}`)
  const section = page.getByRole('region', { name: 'Home access' })
  await expect(section).toContainText('Home access opens at 08:00')
  await expect(page.getByText(doorCode)).toHaveCount(0)

  await visit(`/bookings/${now}`)
  await expect(section.getByRole('definition').filter({ hasText: doorCode })).toBeVisible()

  await signOut(page)
  await signInAs(page, owner)
  await visit('/home-access')
  await expect(page.getByText(/Sam Walker viewed it at/)).toBeVisible()
  expect(await db.selectFrom('homeAccessViews').select('bookingId').where('ownerId', '=', owner.id).execute()).toEqual([{ bookingId: now }])
})

test("the demo owner's weekly round with Sam is one line of who sees her home access next, naming its weekdays and linking the round", async ({ page, visit, db }) => {
  const [olivia, sam] = await Promise.all(
    ['owner@pawpal.test', 'sitter@pawpal.test'].map((email) => db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()),
  )
  const round = await db.selectFrom('bookingSeries').select(['id', 'weekdays']).where('ownerId', '=', olivia!.id).where('sitterId', '=', sam!.id).where('status', '=', 'accepted').executeTakeFirstOrThrow()
  const nextWalk = await db.selectFrom('bookings').select('id').where('seriesId', '=', round.id).where('status', '=', 'accepted').orderBy('startsAt').limit(1).executeTakeFirstOrThrow()
  const shortNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
  const weekdays = round.weekdays
    .split(',')
    .map((day) => shortNames[Number(day) - 1])
    .join(', ')

  await loginAs(page, 'owner')
  await visit('/home-access')
  const next = page.getByRole('region', { name: 'Who sees it next' }).getByRole('listitem')
  // Every walk of the round to come opens the vault to Sam: one line tells of them all, not one per walk.
  const roundLine = next.filter({ hasText: 'Dog Walking booking ends at 18:30' })
  await expect(roundLine).toHaveCount(1)
  await expect(roundLine).toContainText(`Sam Sitter sees this from`)
  await expect(roundLine).toContainText(`then from 2 hours before each later booking of your weekly round (${weekdays}, with no end date).`)
  await expect(roundLine.getByRole('link', { name: 'Weekly round' })).toHaveAttribute('href', `/bookings/series/${round.id}`)
  await expect(roundLine.getByRole('link', { name: 'Booking' })).toHaveAttribute('href', `/bookings/${nextWalk.id}`)
  await expect(next.getByRole('link', { name: 'Weekly round' })).toHaveCount(1)
})

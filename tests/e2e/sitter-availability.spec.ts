import { dayName, registerSitter, zurichDate } from './booking-helpers.ts'
import { expect, loginAs, test } from './fixtures.ts'

// Edit profile's weekly availability (spec section 2, Edit profile; DESIGN.md ruling 7): each row reads
// 'Monday  09:00 – 17:00', the day, then its start and end on one line, at any width.

test('@desktop each weekly availability row keeps its start and end time on one line', async ({ page, visit }) => {
  await loginAs(page, 'sitter')
  await visit('/profile/edit')

  for (const day of ['Monday', 'Wednesday', 'Sunday']) {
    const dayBox = (await page.getByRole('checkbox', { name: day, exact: true }).boundingBox())!
    const start = (await page.getByLabel(`${day} start time`).boundingBox())!
    const end = (await page.getByLabel(`${day} end time`).boundingBox())!
    expect(end.y, `${day}: the end time is on the start time's line`).toBe(start.y)
    expect(end.x, `${day}: the end time follows the start time`).toBeGreaterThan(start.x + start.width)
    expect(start.y + start.height / 2, `${day}: the times are not above the day`).toBeGreaterThanOrEqual(dayBox.y)
    const row = (await page.getByRole('listitem').filter({ has: page.getByLabel(`${day} start time`) }).boundingBox())!
    expect(end.x + end.width, `${day}: the end time fits in its row`).toBeLessThanOrEqual(row.x + row.width)
  }
})

// Blocked days on Edit Profile (issue 10): the same calendar as /bookings-sitter, in forms of its own.

test('a sitter blocks a day on Edit Profile, and their bookings calendar shows it blocked', async ({ page, visit, db, jsEnabled }) => {
  const sitter = await registerSitter(page, db)
  const day = zurichDate(9)
  const shortName = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))

  await visit('/profile/edit')
  const section = page.getByRole('region', { name: 'Blocked Days' })
  await expect(section).toContainText('it does not save the form above')
  // With JavaScript the page is not loaded again, so what was typed above stays.
  if (jsEnabled) await page.getByRole('textbox', { name: 'Bio' }).fill('Typed but not saved yet.')
  if (day.slice(0, 7) > zurichDate(0).slice(0, 7)) await section.getByRole('link', { name: 'Next month' }).click()
  await section.getByRole('link', { name: dayName(day), exact: true }).click()
  await section.getByRole('button', { name: `Block ${shortName}` }).click()

  await expect(page.getByText('Day blocked')).toBeVisible()
  await expect(section.getByRole('link', { name: `${dayName(day)}, blocked`, exact: true })).toBeVisible()
  await expect(section.getByRole('button', { name: `Unblock ${dayName(day)}` })).toBeVisible()
  const stored = await db.selectFrom('sitterBlockedDates').select('date').where('sitterId', '=', sitter.id).execute()
  expect(stored).toEqual([{ date: day }])
  if (jsEnabled) await expect(page.getByRole('textbox', { name: 'Bio' })).toHaveValue('Typed but not saved yet.')

  await visit('/bookings-sitter')
  const calendar = page.getByRole('region', { name: 'Calendar' })
  if (day.slice(0, 7) > zurichDate(0).slice(0, 7)) await calendar.getByRole('link', { name: 'Next month' }).click()
  await expect(calendar.getByRole('link', { name: `${dayName(day)}, blocked`, exact: true })).toBeVisible()
})

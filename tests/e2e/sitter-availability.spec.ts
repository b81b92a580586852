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

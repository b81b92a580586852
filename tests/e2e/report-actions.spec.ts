import type { Page } from '@playwright/test'
import { insertBooking, registerOwnerWithDog, registerSitter, zurichDate } from './booking-helpers.ts'
import { expect, registerUser, test } from './fixtures.ts'

// Reporting (issue 30, decision 099), with JavaScript on and off at a phone's width: a signed-in owner opens the
// Report disclosure at the foot of a sitter's profile or of a booking's page, picks a reason, adds a line and sends
// it; the page comes back with the 'Report sent' toast and, in place of the form, the day they reported it; the report
// is stored.

/** Today in Zurich, the users' zone, as the pages write a day ('Nov 30, 2026'). */
const todayInZurich = () => new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date())

/** Opens the page's Report disclosure (a 44 px tap target), fills it in and sends it; answers the disclosure. */
async function sendReport(page: Page, disclosureText: string, reason: string, details: string) {
  const disclosure = page.locator('details').filter({ has: page.locator('summary', { hasText: disclosureText }) })
  const summary = disclosure.locator('summary')
  expect((await summary.boundingBox())?.height, 'the control is a 44 px tap target').toBeGreaterThanOrEqual(44)
  await summary.click()
  await disclosure.getByRole('radio', { name: reason }).check()
  await disclosure.getByRole('textbox', { name: 'Details (optional)' }).fill(details)
  await disclosure.getByRole('button', { name: 'Send report' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Report sent' })).toContainText('Thank you. Our team will review it.')
  return disclosure
}

test('an owner reports a sitter profile from the profile page and sees the toast', async ({ page, visit, db }) => {
  const owner = await registerUser(page, db, { prefix: 'reporter', name: 'Rita Reporter' })
  const sitter = await db.selectFrom('users').select(['id', 'name']).where('email', '=', 'sitter@pawpal.test').executeTakeFirstOrThrow()

  await visit(`/sitters/${sitter.id}`)
  const disclosure = await sendReport(page, 'Report this profile', 'Scam or payment outside Pawpal', 'Asked to be paid in cash')

  await expect(page).toHaveURL(new RegExp(`/sitters/${sitter.id}$`))
  await expect(page.getByText(`You reported this profile on ${todayInZurich()}. Our team will review it.`)).toBeVisible()
  await expect(disclosure).toHaveCount(0)
  const stored = await db.selectFrom('reports').select(['kind', 'subjectId', 'reportedUserId', 'reason', 'details']).where('reporterId', '=', owner.id).execute()
  expect(stored).toEqual([{ kind: 'sitter', subjectId: sitter.id, reportedUserId: sitter.id, reason: 'scam', details: 'Asked to be paid in cash' }])
})

test("an admin, who is staff (decision 113), sees 'Open in the console' on a sitter's profile and no Report form", async ({ page, visit, db }) => {
  const admin = await registerUser(page, db, { prefix: 'staff', name: 'Ada Admin' })
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute()
  const sitter = await db.selectFrom('users').select('id').where('email', '=', 'sitter@pawpal.test').executeTakeFirstOrThrow()

  for (const path of [`/sitters/${sitter.id}`, `/sitters/${sitter.id}?tab=reviews`]) {
    await visit(path)
    await expect(page.getByRole('link', { name: 'Open in the console' })).toHaveAttribute('href', `/admin/users/${sitter.id}`)
    // With JavaScript the Report forms come after the page (decision 082): wait for everything it asks for.
    await page.waitForLoadState('networkidle')
    await expect(page.getByText(/^Report (this profile|review)$/)).toHaveCount(0)
  }
})

test('an owner reports a problem with a booking from its page and sees the toast', async ({ page, visit, db }) => {
  const sitter = await registerSitter(page, db, 'Sam Walker')
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Bello' })
  const bookingId = await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'accepted', date: zurichDate(2) })

  await visit(`/bookings/${bookingId}`)
  const disclosure = await sendReport(page, 'Report a problem with this booking', 'Did not show up', 'Waited an hour at the door')

  await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}$`))
  await expect(page.getByText(`You reported this booking on ${todayInZurich()}. Our team will review it.`)).toBeVisible()
  await expect(disclosure).toHaveCount(0)
  const stored = await db.selectFrom('reports').select(['kind', 'subjectId', 'reportedUserId', 'reason', 'details']).where('reporterId', '=', owner.id).execute()
  expect(stored).toEqual([{ kind: 'booking', subjectId: bookingId, reportedUserId: sitter.id, reason: 'no_show', details: 'Waited an hour at the door' }])
})

import { expect, registerUser, test } from './fixtures.ts'

// Reporting a sitter profile (issue 30), with JavaScript on and off at a phone's width: a signed-in owner
// opens 'Report this profile' at the foot of the profile, picks a reason, adds a line and sends it; the
// profile comes back with the 'Report sent' toast, the form closed, and the report stored.

test('an owner reports a sitter profile from the profile page and sees the toast', async ({ page, visit, db }) => {
  const owner = await registerUser(page, db, { prefix: 'reporter', name: 'Rita Reporter' })
  const sitter = await db.selectFrom('users').select(['id', 'name']).where('email', '=', 'sitter@pawpal.test').executeTakeFirstOrThrow()

  await visit(`/sitters/${sitter.id}`)
  const disclosure = page.locator('details').filter({ has: page.locator('summary', { hasText: 'Report this profile' }) })
  const summary = disclosure.locator('summary')
  expect((await summary.boundingBox())?.height, 'the control is a 44 px tap target').toBeGreaterThanOrEqual(44)
  await summary.click()
  await disclosure.getByRole('radio', { name: 'Scam or payment outside Pawpal' }).check()
  await disclosure.getByRole('textbox', { name: 'Details (optional)' }).fill('Asked to be paid in cash')
  await disclosure.getByRole('button', { name: 'Send report' }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Report sent' })).toContainText('Thank you. Our team will review it.')
  await expect(page).toHaveURL(new RegExp(`/sitters/${sitter.id}$`))
  await expect(disclosure).not.toHaveAttribute('open')
  const stored = await db.selectFrom('reports').select(['kind', 'subjectId', 'reportedUserId', 'reason', 'details']).where('reporterId', '=', owner.id).execute()
  expect(stored).toEqual([{ kind: 'sitter', subjectId: sitter.id, reportedUserId: sitter.id, reason: 'scam', details: 'Asked to be paid in cash' }])
})

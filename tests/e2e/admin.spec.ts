import type { Browser, Page } from '@playwright/test'
import { expect, insertMessages, registerUser, secondPerson, type TestDatabase, test } from './fixtures.ts'

// Trust and safety (issue 30, DESIGN.md ruling 25), one journey at phone width with JavaScript on and off: a
// sitter reports a conversation and adds the message its sender writes after, an admin hears of both and reads the report, hides the
// reported messages and suspends their sender from his page; the sender is signed out (with JavaScript, his open tab
// leaves within seconds) and his next sign-in says why; the audit log holds both actions; the reporter hears the
// report was handled.

/** A person with the admin role (set in the database, as `npm run admin` does), in their own browser context. */
async function adminPerson(browser: Browser, db: TestDatabase) {
  const admin = await secondPerson(browser, db, { prefix: 'admin', name: 'Ada Admin' })
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.user.id).execute()
  return admin
}

async function open(page: Page, path: string, jsEnabled: boolean) {
  await page.goto(path)
  if (jsEnabled) await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber$')))
}

/** Opens a thread's options menu; after a form sent with JavaScript it is still open. */
async function showConversationOptions(page: Page) {
  const menu = page.locator('details', { has: page.getByLabel('Conversation options') })
  if (!(await menu.evaluate((details: HTMLDetailsElement) => details.open))) await page.getByLabel('Conversation options').click()
}

test('a reported conversation: the admin hides the messages and suspends the sender, who is told why at sign-in', async ({ page, browser, db, jsEnabled, visit }) => {
  test.slow() // three people, each registering, in three browser contexts
  const sally = await registerUser(page, db, { prefix: 'reporter', name: 'Sally Sitter' })
  await db.updateTable('users').set({ role: 'sitter' }).where('id', '=', sally.id).execute()
  const ben = await secondPerson(browser, db, { prefix: 'sender', name: 'Ben Birch' })
  const ada = await adminPerson(browser, db)
  await insertMessages(db, ben.user, sally, 2)

  // The sitter reports the conversation.
  await visit(`/messages/${ben.user.id}`)
  await expect(page.getByText('Message 2 from Ben Birch')).toBeVisible()
  await page.getByLabel('Conversation options').click()
  await page.locator('summary', { hasText: 'Report conversation' }).click()
  await page.getByLabel('Harassment or threats').check()
  await page.getByLabel('Details (optional)').fill('He keeps insulting me')
  await page.getByRole('button', { name: 'Send report' }).click()
  await expect(page.getByText('Report sent')).toBeVisible()
  await showConversationOptions(page)
  await expect(page.getByText(/^You reported this conversation on /)).toBeVisible()
  await expect(page.locator('summary', { hasText: 'Report conversation' })).toHaveCount(0)

  // Ben writes again; the sitter adds it to her report.
  await open(ben.page, `/messages/${sally.id}`, jsEnabled)
  await ben.page.getByLabel('Message', { exact: true }).fill('Still here, Sally Sitter')
  await ben.page.getByRole('button', { name: 'Send' }).click()
  await expect(ben.page.getByRole('list', { name: 'Messages' }).getByText('Still here, Sally Sitter')).toBeVisible()
  // With JavaScript her open thread shows his message as it arrives, and her open report counts it at once.
  if (!jsEnabled) await visit(`/messages/${ben.user.id}`)
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('Still here, Sally Sitter')).toBeVisible()
  await showConversationOptions(page)
  await expect(page.getByText('Ben Birch has written 1 message since.')).toBeVisible()
  await page.getByRole('button', { name: 'Add it to your report' }).click()
  await expect(page.getByText('Added to your report')).toBeVisible()

  // The sender has a page open meanwhile.
  await open(ben.page, '/messages', jsEnabled)

  // The admin hears that the report grew: her notice opens it.
  const report = await db.selectFrom('reports').select('id').where('reporterId', '=', sally.id).executeTakeFirstOrThrow()
  const noticesOfAda = () => db.selectFrom('notifications').select(['id', 'text']).where('userId', '=', ada.user.id).where('href', '=', `/admin/reports/${report.id}`).execute()
  await expect.poll(async () => (await noticesOfAda()).map((notice) => notice.text).sort()).toEqual(['New report: conversation', 'Report updated: a message added to a conversation report'])
  const updated = (await noticesOfAda()).find((notice) => notice.text.startsWith('Report updated'))!
  await open(ada.page, '/notifications', jsEnabled)
  // Both JavaScript modes share one server, and every admin hears of both runs' reports: this one is hers.
  const notice = ada.page.getByRole('listitem').filter({ has: ada.page.locator(`input[name="id"][value="${updated.id}"]`) })
  await notice.getByRole('button', { name: /^Unread: Report updated: a message added to a conversation report/ }).click()
  await expect(ada.page).toHaveURL(new RegExp(`/admin/reports/${report.id}$`))
  await expect(ada.page.getByRole('heading', { name: 'Conversation report' })).toBeVisible()

  // The admin's home leads into the console, without Bookings or Messages (decision 102); she opens the queue,
  // then the report, and hides the reported messages.
  await open(ada.page, '/', jsEnabled)
  await expect(ada.page.getByRole('link', { name: 'Admin', exact: true })).toBeVisible()
  await expect(ada.page.getByRole('link', { name: 'Bookings', exact: true })).toHaveCount(0)
  await expect(ada.page.getByRole('link', { name: 'Messages', exact: true })).toHaveCount(0)
  await ada.page.getByRole('link', { name: /^Reports \d+ open reports?, oldest first\.$/ }).click()
  await expect(ada.page.getByRole('heading', { name: 'Reports' })).toBeVisible()
  // Both JavaScript modes share one server: Ben's report is the one about his account.
  const aboutBen = ada.page.getByRole('listitem').filter({ has: ada.page.locator(`a[href="/admin/users/${ben.user.id}"]`) })
  // The queue marks the report the sitter added to (decision 103).
  await expect(aboutBen).toContainText(/Messages added (Today|Yesterday), \d\d:\d\d/)
  await aboutBen.getByRole('link', { name: /Harassment or threats/ }).click()
  await expect(ada.page.getByRole('heading', { name: 'Conversation report' })).toBeVisible()
  const reportPath = new URL(ada.page.url()).pathname
  const reported = ada.page.getByRole('list', { name: 'Reported conversation' }).getByRole('listitem')
  await expect(reported.filter({ hasText: 'Message 2 from Ben Birch' })).toContainText('Reported')
  await expect(reported.filter({ hasText: 'Still here, Sally Sitter' })).toContainText(/Reported\s*added by the reporter/)
  await expect(ada.page.getByText('As the reporter saw it when they reported it, and the messages they added since.')).toBeVisible()
  await ada.page.getByLabel(/Content hidden/).check()
  await ada.page.getByRole('textbox', { name: 'Note' }).fill('Insults in chat')
  await ada.page.getByRole('button', { name: 'Resolve report' }).click()
  await expect(ada.page.getByRole('heading', { name: 'Resolution' })).toBeVisible()
  await expect(ada.page.getByText('Insults in chat')).toBeVisible()

  // Then suspends the sender from his page.
  await ada.page.getByRole('link', { name: 'Ben Birch' }).first().click()
  await expect(ada.page.getByRole('heading', { name: 'Ben Birch' })).toBeVisible()
  await ada.page.getByRole('textbox', { name: 'Reason' }).fill('Insulted a sitter in chat')
  await ada.page.getByRole('button', { name: 'Suspend account' }).click()
  await expect(ada.page.getByRole('heading', { name: 'Suspended until further notice' })).toBeVisible()
  expect(await db.selectFrom('users').select('accountStatus').where('id', '=', ben.user.id).executeTakeFirstOrThrow()).toEqual({ accountStatus: 'suspended' })

  // With JavaScript his open tab is signed out within seconds; without it, his next page asks him to sign in.
  if (jsEnabled) await expect(ben.page).toHaveURL(/\/login/, { timeout: 10_000 })
  else await ben.page.reload()
  await expect(ben.page).toHaveURL(/\/login/)
  await ben.page.getByLabel('Email').fill(ben.user.email)
  await ben.page.getByLabel('Password').fill(ben.user.password)
  await ben.page.getByRole('button', { name: 'Login' }).click()
  await expect(ben.page.getByRole('heading', { name: 'Your account is suspended' })).toBeVisible()
  await expect(ben.page.getByText('Insulted a sitter in chat')).toBeVisible()
  await expect(ben.page.getByText('until further notice')).toBeVisible()

  // The audit log holds both actions.
  await ada.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click()
  const log = ada.page.getByRole('list', { name: 'Audit log' }).getByRole('listitem')
  const suspension = log.filter({ has: ada.page.locator(`a[href="/admin/users/${ben.user.id}"]`) })
  await expect(suspension).toContainText('Suspended a user by Ada Admin')
  await expect(suspension).toContainText('Insulted a sitter in chat')
  const resolution = log.filter({ hasText: 'Resolved a report' }).filter({ has: ada.page.locator(`a[href="${reportPath}"]`) })
  await expect(resolution).toContainText('Insults in chat')
  await expect(resolution.getByRole('link', { name: 'Report about Ben Birch (Conversation)' })).toBeVisible()

  // The reporter hears that it was handled, never how.
  await visit('/notifications')
  await expect(page.getByText('Thank you: our team looked into your report and handled it.')).toBeVisible()
  await Promise.all([ben.close(), ada.close()])
})

import { demoUsers, expect, registerUser, test, type TestDatabase } from './fixtures.ts'

// Notification settings on /profile/edit and one-click unsubscribe (issue 20, decision 053), with and
// without JavaScript.

const emailChoice = async (db: TestDatabase, userId: string, kind: string) =>
  (await db.selectFrom('notificationPreferences').select('enabled').where('userId', '=', userId).where('kind', '=', kind).where('channel', '=', 'email').executeTakeFirst())?.enabled

test('the notification settings save what is ticked and the quiet hours; a wrong time is explained beside the field @desktop', async ({ page, visit, db, jsEnabled }) => {
  const user = await registerUser(page, db, { prefix: 'notify' })
  await visit('/profile/edit#notifications')
  const section = page.getByRole('region', { name: 'Notifications' })
  await expect(section.getByRole('checkbox', { name: 'Messages by e-mail' })).toBeChecked()
  await expect(section.getByRole('checkbox', { name: 'Reminders by e-mail' })).not.toBeChecked()
  await expect(section.getByText('in your time zone (Europe/Zurich)')).toBeVisible()

  await section.getByLabel('Until').fill('22:00')
  await section.getByLabel('Until').blur()
  // With JavaScript the field is checked when it is left, or when its validator arrives (loaded on the first
  // focus): the message then pushes the button down, and a tap at that moment lands above it, as a person's would.
  if (jsEnabled) await expect(section.getByText('Quiet hours end must differ from the start')).toBeVisible()
  await section.getByRole('button', { name: 'Save notification settings' }).click()
  await expect(section.getByText('Quiet hours end must differ from the start').first()).toBeVisible()
  await expect(section.getByRole('alert')).toContainText('Please fix 1 problem')

  await section.getByRole('checkbox', { name: 'Messages by e-mail' }).uncheck()
  await section.getByRole('checkbox', { name: 'Reviews by push' }).uncheck()
  await section.getByLabel('From').fill('21:30')
  await section.getByLabel('Until').fill('06:45')
  await section.getByLabel('Until').blur()
  await section.getByRole('button', { name: 'Save notification settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Notification settings saved' })).toBeVisible()

  await expect.poll(() => emailChoice(db, user.id, 'messages')).toBe(0)
  expect(await db.selectFrom('notificationQuietHours').select(['enabled', 'startMinute', 'endMinute']).where('userId', '=', user.id).executeTakeFirst()).toEqual({
    enabled: 1,
    startMinute: 21 * 60 + 30,
    endMinute: 6 * 60 + 45,
  })
  await visit('/profile/edit#notifications')
  await expect(section.getByRole('checkbox', { name: 'Messages by e-mail' })).not.toBeChecked()
  await expect(section.getByRole('checkbox', { name: 'Reviews by push' })).not.toBeChecked()
  await expect(section.getByRole('checkbox', { name: 'Booking requests and answers by push' })).toBeChecked()
  await expect(section.getByLabel('From')).toHaveValue('21:30')
})

test('with JavaScript, a refused save keeps its summary when the profile form\'s validator comes before the settings\' own @desktop', async ({ page, visit, db, jsEnabled }) => {
  test.skip(!jsEnabled, 'the validators are scripts')
  await registerUser(page, db, { prefix: 'notify' })
  // Both forms' validators are held, so the settings are saved unchecked and the server refuses them; then the
  // profile form's comes: it must not undo that answer (it once checked the settings' fields without their
  // validator, which took the answer's errors and its summary away). Then the settings' own comes.
  // The scripts are found as the page finds them: the route's script imports the forms', which import the validators'.
  const scriptText = async (name: string) => (await page.request.get(`/assets/${name}`)).text()
  const imported = (text: string, prefix: string) => new RegExp(`${prefix}-[\\w-]+\\.js`).exec(text)?.[0] ?? `${prefix}-?`
  const routeScript = imported(await (await page.request.get('/profile/edit')).text(), 'profile-edit')
  const validatorOf = async (form: string) => imported(await scriptText(imported(await scriptText(routeScript), form)), 'validators')
  const settingsValidator = await validatorOf('notification-settings-form')
  const profileValidator = await validatorOf('profile-form')
  expect(new Set([settingsValidator, profileValidator]).size).toBe(2)
  const held = new Map([settingsValidator, profileValidator].map((script) => [script, Promise.withResolvers<void>()]))
  await page.route(/\/assets\/validators-[\w-]+\.js$/, async (route) => {
    await held.get(new URL(route.request().url()).pathname.replace('/assets/', ''))?.promise
    await route.continue()
  })
  // Lets a held validator come and waits until its module has run and what awaited it has had its turn.
  const arrive = async (script: string) => {
    held.get(script)?.resolve()
    await page.evaluate(`import('/assets/${script}').then(() => new Promise((resolve) => setTimeout(resolve)))`)
  }
  await visit('/profile/edit#notifications')
  const section = page.getByRole('region', { name: 'Notifications' })
  await section.getByLabel('Until').fill('22:00')
  await section.getByLabel('Until').blur()
  const answered = page.waitForResponse((response) => response.request().method() === 'POST')
  await section.getByRole('button', { name: 'Save notification settings' }).click()
  expect((await answered).status()).toBe(400)
  await expect(section.getByRole('alert')).toContainText('Please fix 1 problem')

  await arrive(profileValidator)
  await expect(section.getByText('Quiet hours end must differ from the start').first()).toBeVisible()
  await expect(section.getByRole('alert')).toContainText('Please fix 1 problem')
  await arrive(settingsValidator)
  await expect(section.getByText('Quiet hours end must differ from the start').first()).toBeVisible()
  await expect(section.getByRole('alert')).toContainText('Please fix 1 problem')
})

test('unread messages bring one digest e-mail; its link asks before unsubscribing, and the one-click POST stops message e-mails', async ({ page, visit, db, playwright }) => {
  const user = await registerUser(page, db, { prefix: 'digest' })
  const sitter = await db.selectFrom('users').select(['id', 'name']).where('email', '=', demoUsers.sitter.email).executeTakeFirstOrThrow()
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString()
  const conversationId = crypto.randomUUID()
  const [userAId, userBId] = [user.id, sitter.id].sort() as [string, string]
  await db.insertInto('conversations').values({ id: conversationId, userAId, userBId, createdAt: at(30), lastMessageAt: at(20) }).execute()
  await db
    .insertInto('messages')
    .values([25, 20].map((minutesAgo) => ({ id: crypto.randomUUID(), conversationId, senderId: sitter.id, recipientId: user.id, content: `Hello ${minutesAgo}`, createdAt: at(minutesAgo) })))
    .execute()

  // Nothing of the user's is open (no socket): the next sweep (every second on the e2e server) queues the digest, once.
  const digests = () => db.selectFrom('emailOutbox').select(['subject', 'body', 'unsubscribeUrl', 'sentAt']).where('key', 'like', `digest:${user.id}:${conversationId}:%`).execute()
  await expect.poll(async () => (await digests()).filter((mail) => mail.sentAt !== null).length, { timeout: 15_000 }).toBe(1)
  const [digest] = await digests()
  expect(digest!.subject).toBe(`${sitter.name.split(' ')[0]} sent you 2 messages on Pawpal`)
  const link = digest!.unsubscribeUrl!
  expect(digest!.body).toContain(`Stop e-mails about messages:\n${link}`)

  // Opening the link (as a mail scanner would) changes nothing; its button does.
  await visit(new URL(link).pathname)
  await expect(page.getByRole('heading', { name: 'Stop e-mails about messages?' })).toBeVisible()
  expect(await emailChoice(db, user.id, 'messages')).toBeUndefined()
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  // The answer shows while the page's data reloads, beside the navigation's 'Loading...' status.
  await expect(page.getByRole('status').filter({ hasText: 'You will no longer get e-mails about messages.' })).toBeVisible()
  expect(await emailChoice(db, user.id, 'messages')).toBe(0)

  // The mail client's one-click POST (RFC 8058), with no cookie and no Origin, does the same. From a client of
  // its own, as a mail client is: the page's request context would reuse a connection idle since the sign-up,
  // which the server may be closing at that moment (its keep-alive timeout).
  await db.updateTable('notificationPreferences').set({ enabled: 1 }).where('userId', '=', user.id).execute()
  const mailClient = await playwright.request.newContext()
  const oneClick = await mailClient.fetch(link, { method: 'POST', form: { 'List-Unsubscribe': 'One-Click' } })
  expect(oneClick.status()).toBe(200)
  await mailClient.dispose()
  expect(await emailChoice(db, user.id, 'messages')).toBe(0)
  await visit('/profile/edit#notifications')
  await expect(page.getByRole('checkbox', { name: 'Messages by e-mail' })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Booking requests and answers by e-mail' })).toBeChecked()
  expect(await digests()).toHaveLength(1)
})

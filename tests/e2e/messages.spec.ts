import type { Page } from '@playwright/test'
import { expect, insertMessages, mainNavigation, registerUser, type RegisteredUser, secondPerson, type TestDatabase, test } from './fixtures.ts'

// Chat (spec sections 2 and 4): two people in two browser contexts. With JavaScript a message appears
// for the other person as it is sent and the read receipt comes back live; without it, the send form
// posts and the other person sees the message when they load the page. Each journey runs with
// JavaScript on and off, on a phone and (tagged @desktop) at desktop width.

async function openAndWait(page: Page, path: string, jsEnabled: boolean) {
  await page.goto(path)
  if (jsEnabled) await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber$')))
}

async function send(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text)
  await page.getByRole('button', { name: 'Send' }).click()
}

const thread = (page: Page) => page.getByRole('list', { name: 'Messages' })

test('@desktop two people chat: the message, the unread badge and the read receipt', async ({ page, browser, db, jsEnabled, visit }) => {
  const anna = await registerUser(page, db, { prefix: 'chat', name: 'Anna Alder' })
  const ben = await secondPerson(browser, db, { prefix: 'chat', name: 'Ben Birch' })

  await visit(`/messages/${ben.user.id}`)
  await expect(page.getByText('No messages yet. Start the conversation!')).toBeVisible()
  await openAndWait(ben.page, '/messages', jsEnabled)
  await expect(ben.page.getByText('No conversations found')).toBeVisible()

  await send(page, 'Hi Ben! Could you walk Rex on Saturday?')
  await expect(thread(page).getByText('Hi Ben! Could you walk Rex on Saturday?')).toBeVisible()
  await expect(thread(page).getByText(/· Sent$/)).toBeVisible()
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')

  if (!jsEnabled) await ben.page.reload()
  const conversation = ben.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Anna Alder/ })
  await expect(conversation).toContainText('Hi Ben! Could you walk Rex on Saturday?')
  await expect(conversation.getByText('1 unread')).toBeVisible()
  await expect(mainNavigation(ben.page).getByText('1 unread')).toBeVisible()

  await conversation.click()
  await expect(thread(ben.page).getByText('Hi Ben! Could you walk Rex on Saturday?')).toBeVisible()
  await expect(mainNavigation(ben.page).getByLabel(/unread/)).toHaveCount(0)

  if (!jsEnabled) await page.reload()
  await expect(thread(page).getByText(/· Read$/)).toBeVisible()

  await send(ben.page, 'Yes, happy to! 9 am?')
  if (!jsEnabled) await page.reload()
  await expect(thread(page).getByText('Yes, happy to! 9 am?')).toBeVisible()
  expect(await db.selectFrom('messages').select('content').where('senderId', 'in', [anna.id, ben.user.id]).orderBy('createdAt').execute()).toEqual([
    { content: 'Hi Ben! Could you walk Rex on Saturday?' },
    { content: 'Yes, happy to! 9 am?' },
  ])
  await ben.close()
})

test('opening /messages?userId= for a new partner creates the conversation once', async ({ page, browser, db, visit }) => {
  const anna = await registerUser(page, db, { prefix: 'chat', name: 'Anna Alder' })
  const ben = await secondPerson(browser, db, { prefix: 'chat', name: 'Ben Birch' })
  await ben.close()

  await visit(`/messages?userId=${ben.user.id}`)
  await expect(page.getByRole('heading', { name: 'Ben Birch' })).toBeVisible()
  await visit(`/messages?userId=${ben.user.id}`)
  await expect(page.getByText('No messages yet. Start the conversation!')).toBeVisible()

  const [first, second] = [anna.id, ben.user.id].sort()
  const rows = await db.selectFrom('conversations').select('id').where('userAId', '=', first!).where('userBId', '=', second!).execute()
  expect(rows).toHaveLength(1)

  await send(page, 'Hello from the inbox')
  await expect(page).toHaveURL(new RegExp(`/messages\\?userId=${ben.user.id}$`))
  await expect(thread(page).getByText('Hello from the inbox')).toBeVisible()
})

test("'Search conversations' narrows the list by the partner's name, and says when nothing matches", async ({ page, db, visit }) => {
  const anna = await registerUser(page, db, { prefix: 'chat', name: 'Anna Alder' })
  for (const name of ['Ben Birch', 'Cleo Cedar']) await insertMessages(db, await insertPerson(db, name), anna, 1)
  await visit('/messages')
  const conversations = page.getByRole('list', { name: 'Conversations' })
  await expect(conversations.getByRole('link')).toHaveCount(2)

  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('cedar')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(conversations.getByRole('link')).toHaveCount(1)
  await expect(conversations.getByRole('link')).toContainText('Cleo Cedar')

  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('nobody here')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('No conversations found')).toBeVisible()
  await page.getByRole('link', { name: 'Clear search' }).click()
  await expect(conversations.getByRole('link')).toHaveCount(2)
})

test("'Show more conversations' lists the next page under the first, with JavaScript or without", async ({ page, db, visit }) => {
  const anna = await registerUser(page, db, { prefix: 'chat', name: 'Anna Alder' })
  for (let index = 1; index <= 23; index++) {
    const partner = await insertPerson(db, `Partner ${String(index).padStart(2, '0')}`)
    const [userAId, userBId] = [partner.id, anna.id].sort() as [string, string]
    const at = new Date(Date.now() - (30 - index) * 60_000).toISOString()
    const conversationId = crypto.randomUUID()
    await db.insertInto('conversations').values({ id: conversationId, userAId, userBId, createdAt: at, lastMessageAt: at }).execute()
    await db.insertInto('messages').values({ id: crypto.randomUUID(), conversationId, senderId: partner.id, recipientId: anna.id, content: 'Hello Anna', createdAt: at }).execute()
  }
  await visit('/messages')
  const conversations = page.getByRole('list', { name: 'Conversations' }).getByRole('link')
  await expect(conversations).toHaveCount(20)
  await expect(conversations.first()).toContainText('Partner 23')

  await page.getByRole('link', { name: 'Show more conversations' }).click()
  await expect(conversations).toHaveCount(23)
  await expect(conversations.nth(20)).toContainText('Partner 03')
  await expect(conversations.nth(20)).toBeInViewport()
  await expect(conversations.last()).toContainText('Partner 01')
  await expect(page.getByRole('link', { name: 'Show more conversations' })).toHaveCount(0)
})

test('with JavaScript, Send waits for some text', async ({ page, db, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript the button stays enabled and the server checks the text')
  await registerUser(page, db, { prefix: 'chat', name: 'Anna Alder' })
  const ben = await insertPerson(db, 'Ben Birch')
  await openAndWait(page, `/messages/${ben.id}`, jsEnabled)
  const sendButton = page.getByRole('button', { name: 'Send' })

  await expect(sendButton).toBeDisabled()
  await page.getByLabel('Message', { exact: true }).fill('   ')
  await expect(sendButton).toBeDisabled()
  await page.getByLabel('Message', { exact: true }).fill('Hello Ben')
  await expect(sendButton).toBeEnabled()
})

test('the unread badge counts up to 99 and shows 99+ beyond', async ({ page, db, visit }) => {
  const anna = await registerUser(page, db, { prefix: 'chat', name: 'Anna Alder' })
  const sender = await insertPerson(db, 'Busy Bee')
  await insertMessages(db, sender, anna, 120)
  await visit('/messages')
  await expect(mainNavigation(page).getByText('99+ unread')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Conversations' }).getByText('99+ unread')).toBeVisible()
})

test('@desktop blocking hides the thread from both and stops messages', async ({ page, browser, db, jsEnabled, visit }) => {
  const anna = await registerUser(page, db, { prefix: 'chat', name: 'Anna Alder' })
  const ben = await secondPerson(browser, db, { prefix: 'chat', name: 'Ben Birch' })
  await insertMessages(db, ben.user, anna, 2)

  await visit(`/messages/${ben.user.id}`)
  await expect(thread(page).getByText('Message 2 from Ben Birch')).toBeVisible()
  await page.getByLabel('Conversation options').click()
  await page.locator('summary', { hasText: 'Block Ben Birch' }).click()
  await page.getByRole('button', { name: 'Block Ben Birch' }).click()

  await expect(page).toHaveURL(/\/messages$/)
  await expect(page.getByText('Ben Birch is blocked')).toBeVisible()
  await expect(page.getByText('No conversations found')).toBeVisible()
  await visit(`/messages/${ben.user.id}`)
  await expect(page.getByText('You blocked Ben Birch.', { exact: false })).toBeVisible()
  await expect(page.getByText('Message 2 from Ben Birch')).toHaveCount(0)

  await openAndWait(ben.page, `/messages?userId=${anna.id}`, jsEnabled)
  await expect(ben.page.getByText("You can't exchange messages with Anna Alder.")).toBeVisible()
  await expect(ben.page.getByLabel('Message', { exact: true })).toHaveCount(0)
  await ben.close()
})

test('a message that cannot be sent is taken back with "Failed to send message", and its text stays', async ({ page, browser, db, jsEnabled, visit }) => {
  test.skip(!jsEnabled, 'the optimistic message exists with JavaScript only; without it the form answers with the reason')
  const anna = await registerUser(page, db, { prefix: 'chat', name: 'Anna Alder' })
  const ben = await secondPerson(browser, db, { prefix: 'chat', name: 'Ben Birch' })
  await ben.close()
  await visit(`/messages/${ben.user.id}`)
  await db.insertInto('userBlocks').values({ blockerId: ben.user.id, blockedId: anna.id, createdAt: new Date().toISOString() }).execute()

  await send(page, 'Are you there?')

  await expect(page.getByRole('alert').filter({ hasText: 'Failed to send message' })).toContainText('You cannot message this user')
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Are you there?')
  await expect(thread(page)).toHaveCount(0)
  await expect(page.getByText('No messages yet. Start the conversation!')).toBeVisible()
})

test('with JavaScript a sent message shows at once as Sending... and becomes Sent when the server has stored it', async ({ page, browser, db, jsEnabled, visit }) => {
  test.skip(!jsEnabled, 'without JavaScript the form posts and the page shows the stored message')
  await registerUser(page, db, { prefix: 'chat', name: 'Anna Alder' })
  const ben = await secondPerson(browser, db, { prefix: 'chat', name: 'Ben Birch' })
  await ben.close()
  // The server's acknowledgement of a stored message waits until the test lets it through.
  let releaseAck = () => {}
  const ackHeld = new Promise<void>((resolve) => (releaseAck = resolve))
  await page.routeWebSocket(/\/ws(\?|$)/, (socket) => {
    const server = socket.connectToServer()
    server.onMessage(async (frame) => {
      if (typeof frame === 'string' && /"event":"ack"/.test(frame) && /"message":\{/.test(frame)) await ackHeld
      socket.send(frame)
    })
  })
  await visit(`/messages/${ben.user.id}`)

  await send(page, 'Is Saturday still fine?')

  const bubble = thread(page).getByRole('listitem').filter({ hasText: 'Is Saturday still fine?' })
  await expect(bubble).toContainText('Sending...')
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
  releaseAck()
  await expect(bubble).toContainText(/· Sent$/)
  await expect(bubble).toHaveCount(1)
  expect(await db.selectFrom('messages').select('content').where('recipientId', '=', ben.user.id).execute()).toEqual([{ content: 'Is Saturday still fine?' }])
})

test('with JavaScript a message arriving in another conversation moves it to the top of the list with its unread count', async ({ page, browser, db, jsEnabled, visit }) => {
  test.skip(!jsEnabled, 'without JavaScript the list is as new as the page')
  const anna = await registerUser(page, db, { prefix: 'chat', name: 'Anna Alder' })
  const cleo = await secondPerson(browser, db, { prefix: 'chat', name: 'Cleo Cedar' })
  await insertMessages(db, cleo.user, anna, 1)
  await insertMessages(db, await insertPerson(db, 'Ben Birch'), anna, 1) // the newer conversation
  await visit('/messages')
  const conversations = page.getByRole('list', { name: 'Conversations' }).getByRole('link')
  await expect(conversations).toHaveText([/Ben Birch/, /Cleo Cedar/])
  await openAndWait(cleo.page, `/messages/${anna.id}`, true)

  await send(cleo.page, 'Are you free tomorrow?')

  await expect(conversations).toHaveText([/Cleo Cedar/, /Ben Birch/])
  await expect(conversations.first()).toContainText('Are you free tomorrow?')
  await expect(conversations.first().getByText('2 unread')).toBeVisible()
  await cleo.close()
})

// ---- rows ----

async function insertPerson(db: TestDatabase, name: string): Promise<RegisteredUser> {
  const id = crypto.randomUUID()
  const now = new Date().toISOString()
  const email = `chat-${id.slice(0, 8)}@example.com`
  await db.insertInto('users').values({ id, email, name, createdAt: now, updatedAt: now }).execute()
  return { id, name, email, password: '' }
}

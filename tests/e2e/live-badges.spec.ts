import type { Page } from '@playwright/test'
import { insertDog, registerSitter, zurichDate } from './booking-helpers.ts'
import { expect, mainNavigation, registerUser, secondPerson, test } from './fixtures.ts'

// The signed-in shell's live socket (issue 19): with JavaScript the navigation's badges change while a page
// stays open (one socket per tab, shared with the messages screens), a new message outside its thread shows
// a toast, and signed-out pages open no socket. Without JavaScript the badges are as new as the page.

/** Opens a signed-in page; with JavaScript, waits until its socket has the badge counts (so a push can reach it). */
async function openLive(page: Page, path: string, visit: (path: string) => Promise<unknown>, jsEnabled: boolean) {
  const counted = new Promise<void>((resolve) =>
    page.once('websocket', (socket) => socket.on('framereceived', (frame) => String(frame.payload).includes('"requestsToAnswer"') && resolve())),
  )
  await visit(path)
  if (jsEnabled) await counted
  // Anything that reloads the page loses this mark.
  await page.evaluate(() => document.documentElement.setAttribute('data-test-unreloaded', ''))
}

/** A write from a signed-in page's context: cookie-authenticated writes must name our origin. */
const postAs = (page: Page, path: string, data: object) => page.request.post(path, { data, headers: { origin: test.info().project.use.baseURL ?? '' } })

const unreloaded = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-test-unreloaded'))

test('@desktop a new message shows on the Messages badge of an open /map within a second, with a toast that opens it', async ({ page, browser, db, visit, jsEnabled }) => {
  const anna = await registerUser(page, db, { prefix: 'live', name: 'Anna Alder' })
  const ben = await secondPerson(browser, db, { prefix: 'live', name: 'Ben Birch' })
  await openLive(page, '/map', visit, jsEnabled)
  await expect(mainNavigation(page).getByText(/unread/)).toHaveCount(0)

  const sent = await postAs(ben.page, '/api/messages', { recipientId: anna.id, content: 'Hi Anna, is Rex free on Saturday?' })
  expect(sent.status()).toBe(201)

  if (!jsEnabled) {
    await page.reload()
    await expect(mainNavigation(page).getByText('1 unread')).toBeVisible()
    return ben.close()
  }
  await expect(mainNavigation(page).getByText('1 unread')).toBeVisible({ timeout: 1_000 })
  const toast = page.getByRole('status').filter({ hasText: 'New message from Ben Birch' })
  await expect(toast).toContainText('Hi Anna, is Rex free on Saturday?')
  expect(await unreloaded(page)).toBe(true)

  await toast.getByRole('link', { name: 'Open' }).click()
  await expect(page).toHaveURL(new RegExp(`/messages\\?userId=${ben.user.id}$`))
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('Hi Anna, is Rex free on Saturday?')).toBeVisible()
  await expect(mainNavigation(page).getByText(/unread/)).toHaveCount(0)
  await ben.close()
})

test('@desktop a message in the open thread shows no toast', async ({ page, browser, db, visit, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript nothing arrives while the page is open')
  const anna = await registerUser(page, db, { prefix: 'live', name: 'Anna Alder' })
  const ben = await secondPerson(browser, db, { prefix: 'live', name: 'Ben Birch' })
  await openLive(page, `/messages/${ben.user.id}`, visit, jsEnabled)

  expect((await postAs(ben.page, '/api/messages', { recipientId: anna.id, content: 'Right here' })).status()).toBe(201)

  await expect(page.getByRole('list', { name: 'Messages' }).getByText('Right here')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'New message from' })).toHaveCount(0)
  await ben.close()
})

test('@desktop a new request shows on the sitter’s Bookings badge and in Pending while /bookings-sitter is open', async ({ page, browser, db, visit, jsEnabled }) => {
  const sitter = await registerSitter(page, db, 'Sven Sitter')
  const owner = await secondPerson(browser, db, { prefix: 'live', name: 'Olive Owner' })
  const dogId = await insertDog(db, owner.user.id, { name: 'Pepper' })
  await openLive(page, '/bookings-sitter', visit, jsEnabled)
  await expect(mainNavigation(page).getByText(/to answer/)).toHaveCount(0)

  const requested = await postAs(owner.page, '/api/bookings', { dogId, sitterId: sitter.id, date: zurichDate(3), startTime: '10:00', endTime: '11:00' })
  expect(requested.status(), await requested.text()).toBe(201)

  if (!jsEnabled) await page.reload()
  await expect(mainNavigation(page).getByText('1 to answer')).toBeVisible({ timeout: jsEnabled ? 1_000 : undefined })
  // The Pending list shows it too.
  await expect(page.getByRole('article').filter({ hasText: 'Pepper' }).getByRole('link', { name: /^Accept/ })).toBeVisible()
  if (jsEnabled) expect(await unreloaded(page)).toBe(true)
  await owner.close()
})

test('signed out, no socket opens; signed in, one socket serves every page, the messages screens too', async ({ page, db, visit, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript there is no socket')
  const sockets: string[] = []
  page.on('websocket', (socket) => sockets.push(socket.url()))
  await visit('/map')
  await visit('/sitters')
  await page.waitForLoadState('networkidle')
  expect(sockets).toEqual([])

  await registerUser(page, db, { prefix: 'live', name: 'Anna Alder' })
  const opened = page.waitForEvent('websocket')
  await visit('/map')
  await opened
  await mainNavigation(page).getByRole('link', { name: /Messages/ }).click()
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible()
  await mainNavigation(page).getByRole('link', { name: /Profile/ }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await page.waitForLoadState('networkidle')
  expect(sockets).toHaveLength(1)
})

import type { Page } from '@playwright/test'
import { insertDog, registerSitter, zurichDate } from './booking-helpers.ts'
import { expect, mainNavigation, secondPerson, test } from './fixtures.ts'

// The notification centre (issue 20): an owner's request reaches the sitter's /notifications and the bell
// in the navigation (the header on desktops, the bottom bar on phones) counts it, live with JavaScript and
// on the next page without; opening it marks it read and opens the booking; 'Mark all as read' reads them all.

/** Opens a signed-in page; with JavaScript, waits until its socket has the badge counts (so a push can reach it). */
async function openLive(page: Page, path: string, visit: (path: string) => Promise<unknown>, jsEnabled: boolean) {
  const counted = new Promise<void>((resolve) =>
    page.once('websocket', (socket) => socket.on('framereceived', (frame) => String(frame.payload).includes('"unreadNotifications"') && resolve())),
  )
  await visit(path)
  if (jsEnabled) await counted
}

/** A write from a signed-in page's context: cookie-authenticated writes must name our origin. */
const postAs = (page: Page, path: string, data: object) => page.request.post(path, { data, headers: { origin: test.info().project.use.baseURL ?? '' } })

const bell = (page: Page) => mainNavigation(page).getByRole('link', { name: /^Notifications/ })

test('@desktop a request appears in the sitter’s centre, the bell counts it, and opening it marks it read', async ({ page, browser, db, visit, jsEnabled }) => {
  const sitter = await registerSitter(page, db, 'Sven Sitter')
  const owner = await secondPerson(browser, db, { prefix: 'bell', name: 'Olive Owner' })
  const dogId = await insertDog(db, owner.user.id, { name: 'Pepper' })
  await openLive(page, '/profile', visit, jsEnabled)
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  const box = await bell(page).boundingBox()
  expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44)

  const date = zurichDate(3)
  const requested = await postAs(owner.page, '/api/bookings', { dogId, sitterId: sitter.id, date, startTime: '10:00', endTime: '11:00' })
  expect(requested.status(), await requested.text()).toBe(201)
  const { id: bookingId } = (await requested.json()) as { id: string }

  // With JavaScript the open page's bell rises by itself; without, the next page shows it.
  if (!jsEnabled) await page.reload()
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread')

  await bell(page).click()
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible()
  const entry = page.getByRole('list', { name: 'Notifications' }).getByRole('button', { name: /Olive Owner requested a walk for Pepper on .*, 10:00/ })
  await expect(entry).toBeVisible()
  await expect(page.getByRole('main').getByText('1 unread', { exact: true })).toBeVisible()

  await entry.click()
  await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}$`))
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  const rows = await db.selectFrom('notifications').select('readAt').where('userId', '=', sitter.id).execute()
  expect(rows).toHaveLength(1)
  expect(rows[0]?.readAt).not.toBeNull()
  await owner.close()
})

test('@desktop Mark all as read reads every notification and empties the bell', async ({ page, browser, db, visit }) => {
  const sitter = await registerSitter(page, db, 'Sven Sitter')
  const owner = await secondPerson(browser, db, { prefix: 'bell', name: 'Olive Owner' })
  const dogId = await insertDog(db, owner.user.id, { name: 'Pepper' })
  for (const days of [3, 4]) {
    const requested = await postAs(owner.page, '/api/bookings', { dogId, sitterId: sitter.id, date: zurichDate(days), startTime: '10:00', endTime: '11:00' })
    expect(requested.status(), await requested.text()).toBe(201)
  }

  await visit('/notifications')
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(2)
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread')
  await page.getByRole('button', { name: 'Mark all as read' }).click()

  await expect(page.getByText('You are all caught up.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0)
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  const unread = await db.selectFrom('notifications').select('id').where('userId', '=', sitter.id).where('readAt', 'is', null).execute()
  expect(unread).toEqual([])
  await owner.close()
})

test('@desktop a new account sees an empty centre that says what will appear there', async ({ page, db, visit }) => {
  await registerSitter(page, db, 'Sven Sitter')
  await visit('/notifications')
  await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible()
  await expect(page.getByText('You are all caught up.')).toBeVisible()
})

test('@desktop with JavaScript, an open centre shows a new request at the top by itself, keeping the pages shown', async ({ page, browser, db, visit, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript the next page load shows it')
  const sitter = await registerSitter(page, db, 'Sven Sitter')
  const owner = await secondPerson(browser, db, { prefix: 'bell', name: 'Olive Owner' })
  const dogId = await insertDog(db, owner.user.id, { name: 'Pepper' })
  // 21 older notifications: a page of 20 and one more behind 'Show more'.
  await db
    .insertInto('notifications')
    .values(
      Array.from({ length: 21 }, (_, index) => ({
        id: crypto.randomUUID(),
        userId: sitter.id,
        eventId: crypto.randomUUID(),
        kind: 'reviews',
        type: 'review.written',
        text: `Older notification ${index + 1}`,
        href: '/bookings',
        conversationId: null,
        occurredAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
        readAt: new Date(Date.UTC(2026, 0, 2 + index)).toISOString(),
        emailKey: null,
      })),
    )
    .execute()

  await openLive(page, '/notifications', visit, jsEnabled)
  const entries = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem')
  await expect(entries).toHaveCount(20)
  await page.getByRole('link', { name: 'Show more' }).click()
  await expect(entries).toHaveCount(21)
  await expect(entries.last()).toContainText('Older notification 1')

  const requested = await postAs(owner.page, '/api/bookings', { dogId, sitterId: sitter.id, date: zurichDate(3), startTime: '10:00', endTime: '11:00' })
  expect(requested.status(), await requested.text()).toBe(201)

  await expect(entries).toHaveCount(22)
  await expect(entries.first()).toContainText(/Olive Owner requested a walk for Pepper on .*, 10:00/)
  await expect(entries.last()).toContainText('Older notification 1')
  await expect(page.getByRole('main').getByText('1 unread', { exact: true })).toBeVisible()
  await owner.close()
})

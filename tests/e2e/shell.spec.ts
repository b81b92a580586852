import { expect, loginAs, test } from './fixtures.ts'

test('the bottom navigation leads to the main screens', async ({ page }) => {
  await page.goto('/support')

  const navigation = page.getByRole('navigation', { name: 'Main navigation' })
  await expect(navigation).toBeVisible()
  await expect(navigation.getByRole('link', { name: 'Map', exact: true })).toHaveAttribute('href', '/map')
  await expect(navigation.getByRole('link', { name: 'Bookings', exact: true })).toBeVisible()
  await expect(navigation.getByRole('link', { name: 'Messages', exact: true })).toHaveAttribute('href', '/messages')
  await expect(navigation.getByRole('link', { name: 'Profile', exact: true })).toHaveAttribute('href', '/profile')
})

test('the document declares its language, viewport, theme colour, manifest and icon', async ({ page }) => {
  await page.goto('/support')

  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /width=device-width/)
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /\S/)
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', /\S/)
  await expect(page.locator('link[rel~="icon"]').first()).toHaveAttribute('href', /\S/)
})

test('the manifest and the icon the document links to exist', async ({ page }) => {
  await page.goto('/support')

  for (const selector of ['link[rel="manifest"]', 'link[rel~="icon"]']) {
    const href = await page.locator(selector).first().getAttribute('href')
    expect(href, `${selector} has an href`).toBeTruthy()
    const response = await page.request.get(new URL(href!, page.url()).href)
    expect(response.status(), `GET ${href}`).toBe(200)
  }
})

test('the Messages entry shows the signed-in user’s real unread count, and Bookings fits the role', async ({ page, db }) => {
  await loginAs(page, 'owner')
  const owner = await db.selectFrom('users').select('id').where('email', '=', 'owner@pawpal.test').executeTakeFirstOrThrow()
  const { count } = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('recipientId', '=', owner.id)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow()
  expect(Number(count), 'the demo owner has unread messages').toBeGreaterThan(0)

  await page.goto('/profile')
  const navigation = page.getByRole('navigation', { name: 'Main navigation' })
  await expect(navigation.getByLabel(`${count} unread`)).toHaveText(String(count))
  await expect(navigation.getByRole('link', { name: /Bookings/ })).toHaveAttribute('href', '/bookings')
  await expect(navigation.getByRole('link', { name: /Profile/ })).toHaveAttribute('aria-current', 'page')
})

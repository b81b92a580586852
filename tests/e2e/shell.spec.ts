import { expect, test } from './fixtures.ts'

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

import { expect, test } from './fixtures.ts'

test('an unknown address answers 404 and offers the way home', { tag: '@desktop' }, async ({ page }) => {
  const response = await page.goto('/no-such-page')

  expect(response?.status()).toBe(404)
  await expect(page.getByText('404').first()).toBeVisible()
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
})

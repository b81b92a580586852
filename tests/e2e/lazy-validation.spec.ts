import { expect, registerUser, test } from './fixtures.ts'

// A form's validators (zod, about 30 KB gzip) load when someone first uses a form, not with the page
// (app/ui/lazy-validation.ts, DESIGN.md section 8); a field left before they arrive is checked on arrival.

const validatorScript = /\/assets\/validators-[^/]+\.js$/

test('the validators load at the first use of a form, and a field left before they came is checked when they do', async ({ page, visit, db, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript the server validates')
  await registerUser(page, db, { prefix: 'lazy-validation' })
  const asked: string[] = []
  let letThrough = () => {}
  const held = new Promise<void>((resolve) => (letThrough = resolve))
  await page.route(validatorScript, async (route) => {
    asked.push(route.request().url())
    await held
    await route.continue()
  })
  await visit('/profile/edit')
  await page.waitForLoadState('networkidle')
  expect(asked, 'no validator before anyone uses the form').toEqual([])

  const phone = page.getByLabel('Phone', { exact: true })
  await phone.fill('call me maybe')
  await page.getByLabel('Bio', { exact: true }).focus()
  await expect.poll(() => asked.length, 'the validators asked for once the form is used').toBeGreaterThan(0)
  await expect(phone).not.toHaveAccessibleDescription('Please enter a valid phone number')

  letThrough()
  await expect(phone).toHaveAccessibleDescription('Please enter a valid phone number')
  await expect(page.getByLabel('Bio', { exact: true })).toBeFocused()
})

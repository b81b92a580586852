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

test("an error toast stays when the validators come after it: their check of a field left earlier is not the user's edit", async ({
  page,
  visit,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, 'without JavaScript the server validates')
  let letThrough = () => {}
  const held = new Promise<void>((resolve) => (letThrough = resolve))
  let asked = false
  await page.route(validatorScript, async (route) => {
    asked = true
    await held
    await route.continue()
  })
  await visit('/login')
  const email = page.getByLabel('Email', { exact: true })
  await email.fill('not-an-email')
  await page.getByLabel('Password', { exact: true }).fill('pawpal-demo')
  await expect.poll(() => asked).toBe(true)

  // The connection drops: without the validators the form is sent, and the send fails.
  await page.context().setOffline(true)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  const toast = page.getByRole('alert').filter({ hasText: 'Network error' })
  await expect(toast).toBeVisible()

  await page.context().setOffline(false)
  letThrough()
  await expect(email).toHaveAccessibleDescription('Please enter a valid email')
  await expect(toast).toBeVisible()
})

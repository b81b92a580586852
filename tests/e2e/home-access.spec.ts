import { expect, registerUser, test } from './fixtures.ts'

// The home-access vault (issue 32 part 3, decision 070): an owner keeps codes on /home-access, sealed at rest.

test('an owner saves a door code and a Wi-Fi password; the page shows them again, the database holds them sealed @desktop', async ({ page, visit, db }) => {
  const user = await registerUser(page, db, { prefix: 'vault' })
  const doorCode = `door-${crypto.randomUUID().slice(0, 8)}`
  await visit('/home-access')
  await expect(page.getByRole('heading', { name: 'Home access', level: 1 })).toBeVisible()
  await expect(page.getByText('No sitter has seen your home access yet.')).toBeVisible()

  await page.getByLabel('Door code').fill(doorCode)
  await page.getByLabel('Wi-Fi password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Save home access' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Home access saved' })).toBeVisible()

  await visit('/home-access')
  await expect(page.getByLabel('Door code')).toHaveValue(doorCode)
  await expect(page.getByLabel('Wi-Fi password')).toHaveValue('correct horse battery')
  await expect(page.getByLabel('Lockbox code')).toHaveValue('')
  const row = await db.selectFrom('homeAccess').select('sealed').where('ownerId', '=', user.id).executeTakeFirstOrThrow()
  expect(row.sealed).not.toContain(doorCode)
  expect(row.sealed).not.toContain('correct horse')
})

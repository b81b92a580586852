import { sql } from 'kysely'
import { demoUsers, expect, holdRequests, loginAs, pngFile, registerUser, test, type TestDatabase } from './fixtures.ts'

// /profile and the photo on /profile/edit (spec sections 2 and 6; section 5, Photos).

test('an owner has a My Dogs tab with their dogs, and no My Services', async ({ page, visit }) => {
  await loginAs(page, 'owner')
  await visit('/profile')

  const tabs = page.getByRole('navigation', { name: 'Profile sections' })
  await expect(tabs.getByRole('link', { name: 'Profile', exact: true })).toBeVisible()
  await expect(tabs.getByRole('link', { name: 'My Services' })).toHaveCount(0)
  await tabs.getByRole('link', { name: 'My Dogs' }).click()

  await expect(page).toHaveURL(/\/profile\?tab=dogs$/)
  await expect(page.getByRole('listitem').filter({ hasText: 'Rex' })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'Luna' })).toBeVisible()
})

test('a sitter has a My Services tab and no My Dogs', async ({ page, visit }) => {
  const sitter = await loginAs(page, 'sitter')
  await visit('/profile')

  await expect(page.getByRole('heading', { level: 1, name: sitter.name })).toBeVisible()
  const tabs = page.getByRole('navigation', { name: 'Profile sections' })
  await expect(tabs.getByRole('link', { name: 'My Services' })).toBeVisible()
  await expect(tabs.getByRole('link', { name: 'My Dogs' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Experience & Services' })).toBeVisible()
})

test('an uploaded profile photo becomes the avatar on the profile', async ({ page, visit, db }) => {
  const user = await registerUser(page, db, { prefix: 'photo', name: 'Pia Photo' })
  await visit('/profile/edit')

  await page.getByLabel('Choose photo').setInputFiles(await pngFile('me.png', { r: 30, g: 120, b: 200 }))
  await page.getByRole('button', { name: 'Upload photo' }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Photo uploaded' })).toBeVisible()
  await expect(page).toHaveURL(/\/profile\/edit$/)
  const { profilePhoto } = await db.selectFrom('users').select('profilePhoto').where('id', '=', user.id).executeTakeFirstOrThrow()
  expect(profilePhoto).toMatch(/^\/uploads\//)

  await visit('/profile')
  const avatar = page.locator('header').filter({ hasText: 'Pia Photo' }).locator('img')
  await expect(avatar).toBeVisible()
  await expect(avatar).toHaveAttribute('src', new RegExp(`^${profilePhoto}-\\d+\\.webp$`))
  const served = await page.request.get((await avatar.getAttribute('src')) ?? '')
  expect(served.status()).toBe(200)
  expect(served.headers()['content-type']).toBe('image/webp')
})

test('with JavaScript, a slow profile load says "Loading profile..."', async ({ page, jsEnabled, visit }) => {
  test.skip(!jsEnabled, 'without JavaScript the browser shows its own page loading')
  await loginAs(page, 'owner')
  await visit('/support')
  // A slow network: the data arrives only when the test lets it.
  const release = await holdRequests(page, '**/profile.data*')

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Profile/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Loading profile...' })).toBeVisible()
  release()
  await expect(page.getByRole('heading', { name: demoUsers.owner.name })).toBeVisible()
  await expect(page.getByText('Loading profile...')).toHaveCount(0)
})

/**
 * Makes every read of one user's sitter profile fail in the server, as a broken database would: a
 * generated column that raises an error for that row only (other users' reads are untouched). Returns
 * the repair.
 */
async function breakProfileReadsOf(db: TestDatabase, userId: string) {
  const now = new Date().toISOString()
  await db.updateTable('users').set({ role: 'sitter' }).where('id', '=', userId).execute()
  await db.insertInto('sitterProfiles').values({ userId, experience: '1-3', createdAt: now, updatedAt: now }).execute()
  const column = sql.id(`broken_${userId.replaceAll('-', '')}`)
  await sql`alter table sitterProfiles add column ${column} as (case when userId = ${sql.lit(userId)} then json_extract('{', '$') end)`.execute(db)
  return () => sql`alter table sitterProfiles drop column ${column}`.execute(db)
}

for (const path of ['/profile', '/profile/edit']) {
  test(`a failed load of ${path} says 'Error Loading Profile', and Retry loads it again`, async ({ page, visit, db, jsEnabled }) => {
    const user = await registerUser(page, db, { prefix: 'profile-error', name: 'Rita Retry' })
    const repair = await breakProfileReadsOf(db, user.id)
    try {
      if (jsEnabled) {
        // A navigation inside the app, whose data request fails: the Profile tab, or the notice of a
        // sitter without a location on /dogs/available.
        if (path === '/profile') {
          await visit('/support')
          await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Profile/ }).click()
        } else {
          await visit('/dogs/available')
          await page.getByRole('link', { name: 'Set your location in your profile' }).click()
        }
        await expect(page).toHaveURL(new RegExp(`${path}$`))
      } else {
        const response = await visit(path)
        expect(response?.status()).toBe(500)
      }
      await expect(page.getByRole('heading', { name: 'Error Loading Profile' })).toBeVisible()
      await expect(page.getByText("We couldn't load your profile information. Please try again later.")).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()
    } finally {
      await repair()
    }

    await page.getByRole('link', { name: 'Retry' }).click()

    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByRole('heading', { name: 'Error Loading Profile' })).toHaveCount(0)
    if (path === '/profile') await expect(page.getByRole('heading', { level: 1, name: 'Rita Retry' })).toBeVisible()
    else await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Rita Retry')
  })
}

test('with JavaScript, the way from /profile to Edit Profile brings its form with the page: the scripts of the form, its photo section and the notification settings come beside the page’s data', async ({
  page,
  visit,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, 'without JavaScript every page comes whole from the server')
  await loginAs(page, 'owner')
  await visit('/profile')
  const asked: string[] = []
  page.on('request', (request) => asked.push(new URL(request.url()).pathname))
  const letDataThrough = await holdRequests(page, '**/profile/edit.data*')
  await page.getByRole('link', { name: 'Edit Profile' }).click()

  // While the page's data is held back, the scripts of its form, photo section and notification settings are asked for.
  await expect.poll(() => asked.filter((path) => /\/assets\/(profile-form|profile-photo-sections|notification-settings-form)-[^/]+\.js$/.test(path)).length).toBe(3)
  letDataThrough()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Profile Photo' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible()
})

test('with JavaScript, what is typed into Edit Profile before the form’s script has come is kept, checked once it comes and saved', async ({
  page,
  db,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, 'the form’s script loads after the page’s only with JavaScript')
  const user = await registerUser(page, db, { prefix: 'early-form', name: 'Erin Early' })
  const letThrough = await holdRequests(page, /\/assets\/profile-form-[^/]+\.js$/)
  await page.goto('/profile/edit') // not `visit`: it waits for the form to be live
  const name = page.getByLabel('Full Name')
  const bio = page.getByLabel('Bio')
  await bio.fill('Typed before the form’s script came.')
  await name.fill('')

  letThrough()
  // Once the script has come and the form is live (React marks what it hydrated), it checks the emptied field and keeps the rest.
  await expect.poll(() => name.evaluate((input) => Object.keys(input).some((key) => key.startsWith('__reactFiber$')))).toBe(true)
  await name.focus()
  await bio.focus()
  await expect(name).toHaveAccessibleDescription('Name is required')
  await expect(bio).toHaveValue('Typed before the form’s script came.')
  await name.fill('Erin Later')
  await page.getByRole('button', { name: 'Save Changes' }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Profile updated' })).toBeVisible()
  const saved = await db.selectFrom('users').select(['name', 'bio']).where('id', '=', user.id).executeTakeFirstOrThrow()
  expect(saved).toEqual({ name: 'Erin Later', bio: 'Typed before the form’s script came.' })
})

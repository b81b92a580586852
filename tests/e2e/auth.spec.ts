import type { Page } from '@playwright/test'
import { demoUsers, expect, registerUser, test, uniqueEmail } from './fixtures.ts'

// Sign-in, registration and sessions (spec sections 2, 4, 5, 8; DESIGN.md ruling 9).

function authForm(page: Page) {
  return page.locator('form').filter({ has: page.getByLabel('Password', { exact: true }) })
}

/** Turns off the browser's own `required`/`minLength` checks, so the app's validation is what answers. */
async function skipBrowserValidation(page: Page) {
  await authForm(page).evaluate((element: HTMLFormElement) => {
    element.noValidate = true
  })
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
}

/** Fills the sign-up form and sends it. */
async function register(page: Page, name: string, email: string, password: string) {
  await page.getByLabel('Full Name', { exact: true }).fill(name)
  await fillLogin(page, email, password)
  await page.getByRole('button', { name: 'Create Account' }).click()
}

test.describe('registration', () => {
  test('a new account lands on the role choice', async ({ page, visit, db }) => {
    const email = uniqueEmail('New.Member')
    await visit('/register')

    await register(page, 'Nora Newcomer', email.toUpperCase(), 'walkies-123')

    await expect(page).toHaveURL(/\/onboarding$/)
    await expect(page.getByRole('heading', { name: 'How would you like to join us?' })).toBeVisible()
    // The address is stored in lower case (unique regardless of case), with a password hash, as an owner.
    const user = await db
      .selectFrom('users')
      .leftJoin('passwords', 'passwords.userId', 'users.id')
      .select(['users.name', 'users.role', 'passwords.hash'])
      .where('users.email', '=', email.toLowerCase())
      .executeTakeFirst()
    expect(user).toMatchObject({ name: 'Nora Newcomer', role: 'owner' })
    expect(user?.hash).toBeTruthy()
    expect(user?.hash).not.toContain('walkies-123')
  })

  test('an empty form names every missing field', async ({ page, visit }) => {
    await visit('/register')
    await skipBrowserValidation(page)

    await page.getByRole('button', { name: 'Create Account' }).click()

    await expect(page.getByText('Name is required', { exact: true })).toBeVisible()
    await expect(page.getByText('Email is required', { exact: true })).toBeVisible()
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible()
    await expect(page).toHaveURL(/\/register$/)
  })

  test('a short password is refused', async ({ page, visit, db }) => {
    const email = uniqueEmail('short')
    await visit('/register')
    await skipBrowserValidation(page)

    await register(page, 'Sid Short', email, 'abc')

    await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible()
    await expect(page).toHaveURL(/\/register$/)
    expect(await db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([])
  })

  test('a common password is refused on its field, and the name and e-mail stay', async ({ page, visit, db }) => {
    const email = uniqueEmail('common')
    await visit('/register')

    await register(page, 'Cora Common', email, 'password')

    await expect(page.getByText('This password is too common. Please choose another.', { exact: true })).toBeVisible()
    await expect(page).toHaveURL(/\/register$/)
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Cora Common')
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
    expect(await db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([])
  })
})

test.describe('login', () => {
  test('a wrong password is answered with the spec message', async ({ page, visit }) => {
    await visit('/login')

    await fillLogin(page, demoUsers.owner.email, 'not-the-password')
    await page.getByRole('button', { name: 'Login', exact: true }).click()

    const toast = page.getByRole('alert').filter({ hasText: 'Authentication failed' })
    await expect(toast).toBeVisible()
    await expect(toast).toContainText('Invalid email or password. Please try again.')
    await expect(page).toHaveURL(/\/login$/)
    // Still signed out.
    await page.goto('/profile')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/)
  })

  test('with JavaScript, a lost connection says so instead of failing the page', async ({ page, visit, jsEnabled }) => {
    test.skip(!jsEnabled, 'without JavaScript the browser shows its own offline page')
    await visit('/login')
    await fillLogin(page, demoUsers.owner.email, demoUsers.owner.password)
    await page.context().setOffline(true)
    await page.getByRole('button', { name: 'Login', exact: true }).click()

    const toast = page.getByRole('alert').filter({ hasText: 'Network error' })
    await expect(toast).toContainText('Please check your internet connection and try again.')
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    await page.context().setOffline(false)
  })

  test('a successful login goes to the map and starts a session', async ({ page, visit }) => {
    await visit('/login')

    await fillLogin(page, demoUsers.owner.email, demoUsers.owner.password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()

    await expect(page).toHaveURL(/\/map$/)
    await visit('/profile')
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByRole('heading', { level: 1, name: demoUsers.owner.name })).toBeVisible()
  })

  test('a protected page sends a signed-out visitor to login and back after signing in', async ({ page, visit }) => {
    await visit('/profile')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/)

    await fillLogin(page, demoUsers.sitter.email, demoUsers.sitter.password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()

    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByRole('heading', { level: 1, name: demoUsers.sitter.name })).toBeVisible()
  })
})

test.describe('sessions', () => {
  test('logout ends the session, and Back then shows nothing of the account', async ({ page, visit, db }) => {
    const user = await registerUser(page, db, { prefix: 'logout', name: 'Lou Logout' })
    await visit('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Lou Logout' })).toBeVisible()

    await page.getByRole('button', { name: 'Logout' }).click()

    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('status').filter({ hasText: 'Logged out successfully' })).toBeVisible()
    const sessions = await db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute()
    expect(sessions).toEqual([])
    // On a shared phone the next person presses Back: the browser kept no copy of the profile (decision 115), so
    // it asks again and is sent to sign in. Without JavaScript it showed the stored page, name and all.
    await page.goBack()
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/)
    await expect(page.getByText('Lou Logout')).toHaveCount(0)
    await page.goto('/profile')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/)
  })

  test('an expired session counts as signed out and says so', async ({ page, visit, db }) => {
    const user = await registerUser(page, db, { prefix: 'expired', name: 'Eve Expired' })
    await visit('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Eve Expired' })).toBeVisible()

    await db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
      .where('userId', '=', user.id)
      .execute()
    await visit('/profile')

    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/)
    await expect(page.getByRole('alert').filter({ hasText: 'Session Expired' })).toBeVisible()
  })
})

import type { Page } from '@playwright/test'
import { fakeUserFor } from '../fakes/google.ts'
import { expect, test, uniqueEmail } from './fixtures.ts'

// 'Sign in with Google' against the fake Google on loopback (DESIGN.md ruling 10, tests/fakes/google.ts).

/**
 * Plays the part of Google's account chooser: the sign-in gets a `login_hint`, which the app passes on
 * to Google and which makes the fake sign in that e-mail's Google user. (The fake's shared 'next user'
 * setting would race with the other worker; a hint belongs to this page alone.)
 */
async function chooseGoogleAccount(page: Page, email: string) {
  const startsSignInWithoutHint = (url: URL) => url.pathname === '/api/auth/google' && !url.searchParams.has('login_hint')
  await page.route(startsSignInWithoutHint, async (route) => {
    const url = new URL(route.request().url())
    url.searchParams.set('login_hint', email)
    await route.fulfill({ status: 302, headers: { location: url.toString() } })
  })
}

async function signInWithGoogle(page: Page, visit: (path: string) => Promise<unknown>) {
  await visit('/login')
  await page.getByRole('link', { name: 'Sign in with Google' }).click()
}

test('a new Google user is created and sent to onboarding', async ({ page, visit, db }) => {
  const email = uniqueEmail('gina.google')
  const googleUser = fakeUserFor(email)
  await chooseGoogleAccount(page, email)

  await signInWithGoogle(page, visit)

  await expect(page).toHaveURL(/\/onboarding$/)
  await expect(page.getByRole('heading', { name: 'How would you like to join us?' })).toBeVisible()
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'role', 'emailVerified'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  expect(user).toMatchObject({ name: googleUser.name, role: 'owner', emailVerified: 1 })
  const accounts = await db
    .selectFrom('oauthAccounts')
    .select(['provider', 'providerAccountId', 'scope', 'accessTokenEncrypted', 'refreshTokenEncrypted'])
    .where('userId', '=', user.id)
    .execute()
  expect(accounts).toHaveLength(1)
  expect(accounts[0]).toMatchObject({ provider: 'google', providerAccountId: googleUser.sub })
  expect(accounts[0]?.scope).toContain('https://www.googleapis.com/auth/calendar.events')
  // Google's tokens are stored encrypted, never as issued.
  expect(accounts[0]?.accessTokenEncrypted).toBeTruthy()
  expect(accounts[0]?.accessTokenEncrypted).not.toContain('ya29.')
  expect(accounts[0]?.refreshTokenEncrypted).not.toContain('1//')
})

test('a returning Google user goes to the map as the same account', async ({ page, visit, db }) => {
  const email = uniqueEmail('gil.google')
  const googleUser = fakeUserFor(email)
  await chooseGoogleAccount(page, email)
  await signInWithGoogle(page, visit)
  await expect(page).toHaveURL(/\/onboarding$/)
  const { id } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()

  // Signed out (as in a fresh browser), the same Google user signs in again.
  await page.context().clearCookies()
  await signInWithGoogle(page, visit)

  await expect(page).toHaveURL(/\/map$/)
  const users = await db.selectFrom('users').select('id').where('email', '=', email).execute()
  expect(users).toEqual([{ id }])
  const linked = await db.selectFrom('oauthAccounts').select('userId').where('providerAccountId', '=', googleUser.sub).execute()
  expect(linked).toEqual([{ userId: id }])
  await visit('/profile')
  await expect(page.getByRole('heading', { level: 1, name: googleUser.name })).toBeVisible()
})

import type { Page } from '@playwright/test'
import { expect, keptDocument, loginAs, mainNavigation, markDocument, test } from './fixtures.ts'

// The shell around every screen: the header navigation from 768 px, the bottom tab bar below it
// (spec: narrow layout breakpoint 768 px), the document head, and one set of content widths.

const isWide = (page: Page) => (page.viewportSize()?.width ?? 0) >= 768

/** The main navigation in the header (desktop) and in the bottom tab bar (phone), visible or not. */
function navigations(page: Page) {
  const all = page.getByRole('navigation', { name: 'Main navigation', includeHidden: true })
  const header = page.getByRole('banner', { includeHidden: true }).getByRole('navigation', { name: 'Main navigation', includeHidden: true })
  return { header, bottomBar: all.and(page.locator('nav:not(header nav)')) }
}

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

test('@desktop the Messages entry shows the signed-in user’s real unread count, and Bookings fits the role', async ({ page, db }) => {
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
  await expect(navigation.getByText(`${count} unread`)).toBeVisible()
  await expect(navigation.getByRole('link', { name: /Bookings/ })).toHaveAttribute('href', '/bookings')
  await expect(navigation.getByRole('link', { name: /Profile/ })).toHaveAttribute('aria-current', 'page')
})

test('@desktop a wide screen navigates with the header, a phone with the bottom tab bar', async ({ page, visit }) => {
  await loginAs(page, 'owner')
  await visit('/profile')
  const { header, bottomBar } = navigations(page)

  if (isWide(page)) {
    await expect(header).toBeVisible()
    await expect(bottomBar).toBeHidden()
    // The bell shows its count alone (its name is 'Notifications, 3 unread').
    await expect(header.getByRole('link')).toHaveText(['Map', 'Sitters', /^Bookings/, /^Messages/, 'Profile', /^(\d+\+?)?$/])
    await expect(header.getByRole('link', { name: 'Sitters' })).toHaveAttribute('href', '/sitters')
    await expect(header.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page')
    await expect(header.getByRole('link', { name: 'Map' })).not.toHaveAttribute('aria-current', /.*/)
  } else {
    await expect(bottomBar).toBeVisible()
    await expect(header).toBeHidden()
    await expect(bottomBar.getByRole('link')).toHaveText(['Map', /^Bookings/, /^Messages/, 'Profile', /^(\d+\+?)?$/])
  }
  await expect(page.getByRole('banner', { includeHidden: true }).getByRole('link', { name: 'Pawpal', includeHidden: true })).toHaveAttribute('href', '/')
})

test('@desktop the main navigation opens its screens, with JavaScript without loading the page again', async ({ page, visit, jsEnabled }) => {
  await loginAs(page, 'owner')
  await visit('/profile')

  if (jsEnabled) await markDocument(page)
  await mainNavigation(page).getByRole('link', { name: /^Messages/ }).click()
  await expect(page).toHaveURL(/\/messages$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()
  await expect(mainNavigation(page).getByRole('link', { name: /^Messages/ })).toHaveAttribute('aria-current', 'page')
  expect(await keptDocument(page)).toBe(jsEnabled)

  if (!isWide(page)) return
  // The header's brand leads home the same way.
  await page.getByRole('banner').getByRole('link', { name: 'Pawpal' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(await keptDocument(page)).toBe(jsEnabled)
})

test('@desktop a visitor’s header offers Sign in and Sign up instead of their own pages', async ({ page, visit }) => {
  test.skip(!isWide(page), 'phones have no header: the bottom tab bar is the same for everyone')
  await visit('/support')
  const { header } = navigations(page)

  await expect(header.getByRole('link')).toHaveText(['Map', 'Sitters', 'Sign in', 'Sign up'])
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
  await expect(header.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register')
})

test('@desktop sign-in and onboarding show the brand without the navigation', async ({ page, visit }) => {
  await visit('/login')
  const { header, bottomBar } = navigations(page)

  await expect(header).toHaveCount(0)
  await expect(bottomBar).toHaveCount(0)
  if (isWide(page)) await expect(page.getByRole('banner').getByRole('link', { name: 'Pawpal' })).toBeVisible()
})

/** The width of a page's content column (its main landmark without the side padding). */
async function columnWidth(page: Page, path: string, visit: (path: string) => Promise<unknown>) {
  await visit(path)
  return page.getByRole('main').evaluate((main) => {
    const style = getComputedStyle(main)
    return main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
  })
}

test('@desktop screens share a few content widths: narrow for sign-in and steps, regular for content', async ({ page, visit, db }) => {
  test.skip(!isWide(page), 'on a phone every column is the screen')
  const narrow = [await columnWidth(page, '/login', visit), await columnWidth(page, '/forgot-password', visit)]
  await loginAs(page, 'owner')
  const owner = await db.selectFrom('users').select('id').where('email', '=', 'owner@pawpal.test').executeTakeFirstOrThrow()
  const dog = await db.selectFrom('dogs').select('id').where('ownerId', '=', owner.id).executeTakeFirstOrThrow()
  narrow.push(await columnWidth(page, '/onboarding', visit))
  const regular = []
  for (const path of ['/profile', '/profile/edit', '/dogs/add', `/dogs/${dog.id}`, `/dogs/${dog.id}/edit`, '/support', '/terms']) {
    regular.push(await columnWidth(page, path, visit))
  }

  expect(new Set(narrow).size, `narrow columns: ${narrow.join(', ')}`).toBe(1)
  expect(new Set(regular).size, `regular columns: ${regular.join(', ')}`).toBe(1)
  expect(narrow[0]).toBeLessThan(regular[0]!)
})

test('@desktop a dog’s photo never takes more than most of the screen', async ({ page, visit, db }) => {
  await loginAs(page, 'owner')
  const owner = await db.selectFrom('users').select('id').where('email', '=', 'owner@pawpal.test').executeTakeFirstOrThrow()
  const withPhoto = await db
    .selectFrom('dogs')
    .innerJoin('dogImages', 'dogImages.dogId', 'dogs.id')
    .select('dogs.id')
    .where('dogs.ownerId', '=', owner.id)
    .executeTakeFirstOrThrow()
  await visit(`/dogs/${withPhoto.id}`)

  const photo = page.getByRole('region', { name: /^Photos of / }).getByRole('img').first()
  await expect(photo).toBeVisible()
  const { height } = (await photo.boundingBox())!
  const viewport = page.viewportSize()!
  expect(height).toBeLessThanOrEqual(Math.min(448, viewport.height * 0.6) + 0.5)
  expect(height).toBeGreaterThan(200)
})

import type { Page } from '@playwright/test'
import { sql } from 'kysely'
import { expect, type TestDatabase, test } from './fixtures.ts'

// Discovery (issue 9): the /sitters list with its search and Load More, and a sitter's profile with its
// seeded reviews and rating, with JavaScript on and off, at a phone and (tagged @desktop) desktop width.
// What the pages should show is computed from the server's database, which other tests add to.

/** The list's items: links to /sitters/{id}. */
const sitterItems = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('link')

async function listedIds(page: Page) {
  const hrefs = await sitterItems(page).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  return hrefs.map((href) => href.split('/').at(-1))
}

/** Listed sitters in the order they joined (the list's order without a search). */
async function listingOrder(db: TestDatabase) {
  const rows = await db.selectFrom('sitterListings').select('sitterId').orderBy('key').execute()
  return rows.map((row) => row.sitterId)
}

/**
 * 'Showing n of N', N the listed sitters: other tests register sitters meanwhile, so N lies between the count read
 * before the page and the count read after it.
 */
async function expectShowing(page: Page, db: TestDatabase, shown: number, countBefore: number) {
  const text = await page.getByText(new RegExp(`^Showing ${shown} of \\d+$`)).textContent()
  const total = Number(/ of (\d+)$/.exec(text ?? '')?.[1])
  expect(total).toBeGreaterThanOrEqual(countBefore)
  expect(total).toBeLessThanOrEqual((await listingOrder(db)).length)
}

test('a search for a seeded district narrows the list to the sitters there @desktop', async ({ page, visit, jsEnabled, db }) => {
  // Everyone listed whose district, name or bio says Wiedikon (the search's fields), computed here.
  const expected = await db
    .selectFrom('sitterListings')
    .innerJoin('users', 'users.id', 'sitterListings.sitterId')
    .select('users.id')
    .where((eb) => eb.or([eb('users.publicLocation', 'like', '%Wiedikon%'), eb('users.name', 'like', '%Wiedikon%'), eb('users.bio', 'like', '%Wiedikon%')]))
    .execute()
  const everyone = await listingOrder(db)
  expect(expected.length).toBeGreaterThan(0)
  expect(expected.length).toBeLessThan(Math.min(10, everyone.length))

  await visit('/sitters')
  await expect(sitterItems(page)).toHaveCount(10)
  const search = page.getByRole('searchbox', { name: 'Search sitters by name, area or service' })
  if (jsEnabled) {
    // The list follows the typing (500 ms after the last key); the box keeps what is typed meanwhile.
    await search.fill('Wied')
    await expect(page).toHaveURL(/\/sitters\?search=Wied$/)
    await expect(search).toBeFocused()
    await page.keyboard.type('ikon')
  } else {
    await search.fill('Wiedikon')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
  }

  await expect(page).toHaveURL(/\/sitters\?search=Wiedikon(&|$)/)
  await expect(sitterItems(page)).toHaveCount(expected.length)
  expect((await listedIds(page)).sort()).toEqual(expected.map((row) => row.id).sort())
  await expect(page.getByRole('heading', { name: `${expected.length} dog sitters` })).toBeVisible()
  await expect(search).toHaveValue('Wiedikon')

  await search.fill('zzzz nobody')
  if (!jsEnabled) await search.press('Enter')
  await expect(page.getByRole('heading', { name: 'No dog sitters found' })).toBeVisible()
})

test('the service filter narrows the list to the sitters who offer it', async ({ page, visit, jsEnabled, db }) => {
  const groomers = await db
    .selectFrom('sitterListings')
    .innerJoin('sitterServices', 'sitterServices.sitterId', 'sitterListings.sitterId')
    .select('sitterListings.sitterId')
    .where('sitterServices.service', '=', 'grooming')
    .orderBy('sitterListings.key')
    .execute()
  expect(groomers.length).toBeGreaterThan(0)

  await visit('/sitters')
  await page.locator('summary').filter({ hasText: 'Filters' }).click()
  await page.getByRole('combobox', { name: 'Service' }).selectOption('Grooming')
  // With JavaScript a choice applies at once; without it, the form is sent.
  if (!jsEnabled) await page.getByRole('button', { name: 'Apply filters' }).click()

  await expect(page).toHaveURL(/[?&]service=grooming(&|$)/)
  await expect(page.getByRole('heading', { name: `${groomers.length} dog sitter` })).toBeVisible()
  expect(await listedIds(page)).toEqual(groomers.slice(0, 10).map((row) => row.sitterId))
  await expect(page.locator('summary').filter({ hasText: 'Filters' })).toContainText('1 active')
})

test('Load More brings page 2 below page 1, and the address keeps it @desktop', async ({ page, visit, jsEnabled, db }) => {
  const order = await listingOrder(db)
  expect(order.length).toBeGreaterThan(20)

  await visit('/sitters')
  await expect(sitterItems(page)).toHaveCount(10)
  expect(await listedIds(page)).toEqual(order.slice(0, 10))
  await expectShowing(page, db, 10, order.length)

  await page.getByRole('link', { name: 'Load More' }).click()

  await expect(sitterItems(page)).toHaveCount(20)
  expect(await listedIds(page)).toEqual(order.slice(0, 20))
  await expectShowing(page, db, 20, order.length)
  await expect(page).toHaveURL(/\/sitters\?page=2(#sitter-11)?$/)
  if (jsEnabled) await expect(sitterItems(page).nth(10)).toBeFocused()
  else await expect(sitterItems(page).nth(10)).toBeInViewport()

  // A reload of that address shows the same twenty.
  await visit(page.url())
  expect(await listedIds(page)).toEqual(order.slice(0, 20))
})

test('a sitter profile shows its seeded rating and reviews; the Reviews tab works as a link @desktop', async ({ page, visit, db }) => {
  const sam = await db.selectFrom('users').select(['id', 'name']).where('email', '=', 'sitter@pawpal.test').executeTakeFirstOrThrow()
  const reviews = await db
    .selectFrom('reviews')
    .innerJoin('users as owners', 'owners.id', 'reviews.ownerId')
    .select(['reviews.rating', 'reviews.comment', 'reviews.reply'])
    .where('reviews.sitterId', '=', sam.id)
    .where('owners.accountStatus', '=', 'active')
    // Double-blind: only published reviews count and show; none an admin hid.
    .where('reviews.publishedAt', 'is not', null)
    .where('reviews.hiddenAt', 'is', null)
    .orderBy('reviews.createdAt', 'desc')
    .execute()
  expect(reviews.length).toBeGreaterThan(0)
  const rating = (Math.round((reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length) * 10) / 10).toFixed(1)
  const count = `${reviews.length} ${reviews.length === 1 ? 'review' : 'reviews'}`

  await visit('/sitters')
  await sitterItems(page).filter({ hasText: sam.name }).click()

  await expect(page).toHaveURL(new RegExp(`/sitters/${sam.id}$`))
  const header = page.getByRole('main').locator('header')
  await expect(header.getByRole('heading', { level: 1, name: sam.name })).toBeVisible()
  await expect(header).toContainText(`${rating}(${count})`)
  await expect(header).toContainText('Verified')
  await expect(page.getByRole('heading', { name: 'Book with Sam' })).toBeVisible()
  await expect(page.getByRole('table')).toContainText('Morning')

  await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Reviews' }).click()

  await expect(page).toHaveURL(new RegExp(`/sitters/${sam.id}\\?tab=reviews#profile-tabs$`))
  await expect(page.getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page')
  const shown = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('img', { name: /out of 5 stars/ }) })
  await expect(shown).toHaveCount(Math.min(10, reviews.length))
  for (const [index, review] of reviews.slice(0, 10).entries()) {
    await expect(shown.nth(index)).toContainText(review.comment)
    await expect(shown.nth(index).getByRole('img', { name: `${review.rating} out of 5 stars` })).toBeVisible()
    if (review.reply) await expect(shown.nth(index)).toContainText(review.reply)
  }
})

test('a profile without reviews says so; an unknown sitter is a 404', async ({ page, visit, db }) => {
  const { rows } = await sql<{ id: string; name: string }>`
    select u.id, u.name from sitterListings l join users u on u.id = l.sitterId
    where not exists (select 1 from reviews r where r.sitterId = u.id) order by l.key limit 1`.execute(db)
  const newcomer = rows[0]
  expect(newcomer).toBeDefined()

  await visit(`/sitters/${newcomer!.id}?tab=reviews`)
  await expect(page.getByRole('main').locator('header')).toContainText('New sitter')
  await expect(page.getByRole('heading', { name: 'No reviews yet' })).toBeVisible()

  const response = await visit('/sitters/not-a-sitter')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Sitter not found')).toBeVisible()
  await page.getByRole('link', { name: 'Browse sitters' }).click()
  await expect(page).toHaveURL(/\/sitters$/)
})

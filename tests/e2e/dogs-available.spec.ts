import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, keptDocument, loginAs, markDocument, registerUser, test } from './fixtures.ts'

// Dogs available for sitting, as the demo sitter (located in Zurich) sees them: /dogs/available with its
// search and filter sheet, and /dogs/available/{id} (spec section 2, 'Available dogs' and 'Available dog
// detail'; section 5, 'Available dogs filters'; DESIGN.md ruling 14: filters are query parameters).

/** The cards of the list: links to /dogs/available/{id}, each headed by the dog's name. */
function dogCards(page: Page) {
  return page.getByRole('main').getByRole('link').filter({ has: page.getByRole('heading', { level: 2 }) })
}

/** Every card's link and text, in list order. */
async function readCards(page: Page) {
  return dogCards(page).evaluateAll((links) =>
    links.map((link) => ({ href: link.getAttribute('href') ?? '', text: link.textContent ?? '' })),
  )
}

const dogIdOf = (href: string) => href.split('/').at(-1) ?? ''

test('a search by breed text, in any letter case, keeps only the cards of that breed', async ({ page, visit }) => {
  await loginAs(page, 'sitter')
  await visit('/dogs/available')
  await expect(dogCards(page).first()).toBeVisible()
  const all = await readCards(page)
  const frenchBulldogs = all.filter(({ text }) => text.includes('French Bulldog')).map(({ href }) => href)
  // The demo data has French Bulldogs nearby, and other breeds beside them.
  expect(frenchBulldogs.length).toBeGreaterThan(0)
  expect(frenchBulldogs.length).toBeLessThan(all.length)

  await page.getByRole('searchbox', { name: 'Search by name or breed' }).fill('fRENCH bulldog')
  await page.getByRole('button', { name: 'Search', exact: true }).click()

  await expect(page).toHaveURL(/[?&]q=fRENCH(\+|%20)bulldog(&|$)/)
  await expect(dogCards(page).filter({ hasNotText: 'French Bulldog' })).toHaveCount(0)
  await expect(dogCards(page)).toHaveCount(frenchBulldogs.length)
  expect((await readCards(page)).map(({ href }) => href)).toEqual(frenchBulldogs)
  await expect(page.getByRole('searchbox', { name: 'Search by name or breed' })).toHaveValue('fRENCH bulldog')
})

test('the size filter keeps only dogs of that size, and its URL can be shared', async ({ page, visit, db }) => {
  await loginAs(page, 'sitter')
  await visit('/dogs/available')
  await expect(dogCards(page).first()).toBeVisible()
  const all = await readCards(page)
  const small = all.filter(({ text }) => /· Small/.test(text)).map(({ href }) => href)
  expect(small.length).toBeGreaterThan(0)
  expect(small.length).toBeLessThan(all.length)

  await page.locator('summary').filter({ hasText: 'Filters' }).click()
  await page.getByRole('checkbox', { name: 'Small', exact: true }).check()
  await page.getByRole('button', { name: 'Apply filters' }).click()

  await expect(page).toHaveURL(/[?&]size=small(&|$)/)
  await expect(dogCards(page).filter({ hasNotText: /· Small/ })).toHaveCount(0)
  await expect(dogCards(page)).toHaveCount(small.length)
  const filtered = (await readCards(page)).map(({ href }) => href)
  expect(filtered).toEqual(small)
  const sizes = await db.selectFrom('dogs').select('size').where('id', 'in', filtered.map(dogIdOf)).execute()
  expect(sizes.map(({ size }) => size)).toEqual(filtered.map(() => 'small'))

  // The link alone brings back the same list, with the filter shown as set.
  const shared = page.url()
  await page.context().clearCookies()
  await loginAs(page, 'sitter')
  await visit(shared)
  await expect(dogCards(page)).toHaveCount(small.length)
  expect((await readCards(page)).map(({ href }) => href)).toEqual(small)
  await expect(page.locator('summary').filter({ hasText: 'Filters' })).toContainText('1 active')
  // With a filter set, the filters stay open, showing it.
  await expect(page.getByRole('checkbox', { name: 'Small', exact: true })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Small', exact: true })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Large', exact: true })).not.toBeChecked()
})

test('a search without a match says no dogs are available; with a filter set it suggests changing the filters', async ({ page, visit }) => {
  await loginAs(page, 'sitter')
  await visit('/dogs/available')
  await expect(dogCards(page).first()).toBeVisible()
  await expect(page.getByText('No dogs found')).toHaveCount(0)

  // A search alone is not a filter (nor is the default 5-mile distance).
  await page.getByRole('searchbox', { name: 'Search by name or breed' }).fill('Zebra Hound Nobody Owns')
  await page.getByRole('button', { name: 'Search', exact: true }).click()

  await expect(page.getByRole('heading', { name: 'No dogs found' })).toBeVisible()
  await expect(page.getByText('There are no dogs available for sitting at the moment')).toBeVisible()
  await expect(page.getByText('Try adjusting your filters to see more results')).toHaveCount(0)
  await expect(dogCards(page)).toHaveCount(0)

  await page.locator('summary').filter({ hasText: 'Filters' }).click()
  await page.getByRole('checkbox', { name: 'Small', exact: true }).check()
  await page.getByRole('button', { name: 'Apply filters' }).click()

  await expect(page).toHaveURL(/[?&]size=small(&|$)/)
  await expect(page.getByRole('heading', { name: 'No dogs found' })).toBeVisible()
  await expect(page.getByText('Try adjusting your filters to see more results')).toBeVisible()
  await expect(page.getByText('There are no dogs available for sitting at the moment')).toHaveCount(0)
})

test('a card opens the dog with Book a Walk, Contact Owner and its personality, with JavaScript without loading the page again', async ({
  page,
  visit,
  db,
  jsEnabled,
}) => {
  await loginAs(page, 'sitter')
  await visit('/dogs/available')
  // The second card: its link carries no mark of its own for React Router, the first card's shows it the route.
  const card = dogCards(page).nth(1)
  await expect(card).toBeVisible()
  const dogId = dogIdOf((await card.getAttribute('href')) ?? '')
  const dog = await db.selectFrom('dogs').select(['name', 'breed', 'ownerId']).where('id', '=', dogId).executeTakeFirstOrThrow()
  const traits = await db.selectFrom('dogTraits').select('trait').where('dogId', '=', dogId).execute()
  expect(traits.length).toBeGreaterThan(0)

  if (jsEnabled) await markDocument(page)
  await card.click()

  await expect(page).toHaveURL(new RegExp(`/dogs/available/${dogId}$`))
  await expect(page.getByRole('heading', { level: 1, name: dog.name })).toBeVisible()
  if (jsEnabled) expect(await keptDocument(page)).toBe(true)
  await expect(page.getByText(dog.breed, { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Book a Walk' })).toHaveAttribute('href', `/bookings/new?dogId=${dogId}`)
  await expect(page.getByRole('link', { name: 'Contact Owner' })).toHaveAttribute('href', `/messages/${dog.ownerId}`)

  await page.getByRole('navigation', { name: 'Dog sections' }).getByRole('link', { name: 'Personality' }).click()

  await expect(page).toHaveURL(/\?tab=personality$/)
  const tab = page.getByRole('region', { name: 'Personality' })
  await expect(tab.getByRole('heading', { name: 'Personality' })).toBeVisible()
  // Each trait is a tag with its emoji (the activities below are tags without one).
  for (const { trait } of traits) {
    await expect(tab.getByRole('listitem').filter({ hasText: new RegExp(`^\\S+\\s+${trait}$`) })).toBeVisible()
  }
  await expect(tab.getByText('No personality traits specified')).toHaveCount(0)
})

test("a listed dog without traits says 'No personality traits specified'", async ({ page, visit, db }) => {
  // A fresh owner lists a dog with no traits (inserted directly: the form is dogs.spec.ts's business).
  const owner = await registerUser(page, db, { prefix: 'traitless' })
  const dogId = randomUUID()
  const now = new Date().toISOString()
  await db
    .insertInto('dogs')
    .values({
      id: dogId,
      ownerId: owner.id,
      name: 'Quiet',
      breed: 'Greyhound',
      age: '5 years',
      ageMonths: 60,
      weightKg: null,
      height: null,
      bio: null,
      size: 'large',
      listedForSitting: 1,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  await page.context().clearCookies()
  await loginAs(page, 'sitter')

  await visit(`/dogs/available/${dogId}?tab=personality`)

  await expect(page.getByRole('heading', { level: 1, name: 'Quiet' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Personality' }).getByText('No personality traits specified')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Contact Owner' })).toHaveAttribute('href', `/messages/${owner.id}`)
})

test('@desktop a sitter reaches the dogs listed for sitting from the navigation: the bottom bar on a phone, the header on a wide screen', async ({ page, visit }) => {
  await loginAs(page, 'sitter')
  await visit('/bookings-sitter')
  const wide = (page.viewportSize()?.width ?? 0) >= 768
  const navigation = page.getByRole('navigation', { name: wide ? 'Main navigation' : 'Main navigation, tab bar', exact: true })

  await navigation.getByRole('link', { name: 'Dogs', exact: true }).click()

  await expect(page).toHaveURL(/\/dogs\/available$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dogs available for sitting' })).toBeVisible()
  await expect(dogCards(page).first()).toBeVisible()
  await expect(navigation.getByRole('link', { name: 'Dogs', exact: true })).toHaveAttribute('aria-current', 'page')
})

test('an owner who is not a sitter sees their own dogs listed for sitting, each leading to its own page (ruling 18)', async ({ page, visit, db, jsEnabled }) => {
  await loginAs(page, 'owner')
  const listed = await db
    .selectFrom('dogs')
    .innerJoin('users', 'users.id', 'dogs.ownerId')
    .select(['dogs.id', 'dogs.name'])
    .where('users.email', '=', 'owner@pawpal.test')
    .where('dogs.listedForSitting', '=', 1)
    .where('dogs.archivedAt', 'is', null)
    .orderBy('dogs.createdAt')
    .orderBy('dogs.id')
    .execute()
  expect(listed.length).toBeGreaterThan(0)

  await visit('/dogs/available')

  await expect(page).toHaveURL(/\/dogs\/available$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Your dogs listed for sitting' })).toBeVisible()
  await expect(dogCards(page).getByRole('heading', { level: 2 })).toHaveText(listed.map((dog) => dog.name))
  expect((await readCards(page)).map(({ href }) => href)).toEqual(listed.map((dog) => `/dogs/${dog.id}`))
  await expect(page.getByRole('navigation', { name: 'Main navigation, tab bar' }).getByRole('link', { name: 'Dogs', exact: true })).toHaveCount(0)

  const last = listed.at(-1)!
  if (jsEnabled) await markDocument(page)
  await dogCards(page).last().click()
  await expect(page).toHaveURL(new RegExp(`/dogs/${last.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: last.name })).toBeVisible()
  if (jsEnabled) expect(await keptDocument(page)).toBe(true)
})

test('@desktop the cards sit side by side on a wide screen and stack on a phone', async ({ page, visit }) => {
  await loginAs(page, 'sitter')
  await visit('/dogs/available')
  const cards = dogCards(page)
  await expect(cards.nth(2)).toBeVisible()
  const tops = await Promise.all([0, 1, 2].map(async (index) => (await cards.nth(index).boundingBox())?.y ?? Number.NaN))
  const wide = (page.viewportSize()?.width ?? 0) >= 1024
  if (wide) {
    // Three columns: the first three cards share a row.
    expect(tops[1]).toBe(tops[0])
    expect(tops[2]).toBe(tops[0])
  } else {
    // One column: each card below the one before.
    expect(tops[1]).toBeGreaterThan(tops[0] ?? Number.NaN)
    expect(tops[2]).toBeGreaterThan(tops[1] ?? Number.NaN)
  }
})

import type { Page } from '@playwright/test'
import { zurichDate } from './booking-helpers.ts'
import { expect, loginAs, registerUser, test } from './fixtures.ts'

// Every link, button and form control on the busiest screens is at least 44 x 44 px on a phone
// (WCAG 2.5.5; the phone projects run at 390 x 844). A checkbox or radio button is measured by the
// label that contains it, because that label is what takes the tap; a visually hidden control (a
// styled checkbox or file picker) by its label as well.

const minimumPx = 44

/**
 * Links inside running text, which may stay the height of their line (WCAG 2.5.5 excepts them): the
 * map's credit line ('Leaflet', 'OpenStreetMap') is small print over the map that the tile licence
 * requires; making its links 44 px tall would cover a strip of the map itself.
 */
const inlineLinksInRunningText = ['.leaflet-control-attribution a', '.map-credit a']
/** The skip link is a 1 px box until it has focus; consistency.spec.ts measures it focused (44 px). */
const shownOnFocusOnly = ['a[href="#main-content"]']

type Measured = { target: string; width: number; height: number }

async function tooSmallTargets(page: Page): Promise<Measured[]> {
  return page.evaluate(
    ({ minimumPx, exempt }) => {
      // Closed disclosures hide controls a user can open: measure them open.
      for (const details of document.querySelectorAll('details')) details.open = true
      const controls = document.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="tab"]',
      )
      const small: Measured[] = []
      for (const control of controls) {
        if (exempt.some((selector) => control.matches(selector))) continue
        if (!control.checkVisibility({ visibilityProperty: true })) continue
        const own = control.getBoundingClientRect()
        const input = control instanceof HTMLInputElement ? control : null
        const label = input?.labels?.[0]
        const visuallyHidden = own.width <= 1 || own.height <= 1
        const toggledByLabel = label?.contains(control) && (input?.type === 'checkbox' || input?.type === 'radio')
        const target = label && (visuallyHidden || toggledByLabel) ? label : control
        const { width, height } = target.getBoundingClientRect()
        if (width >= minimumPx - 0.5 && height >= minimumPx - 0.5) continue
        const name = control.getAttribute('aria-label') ?? (target.innerText.trim() || control.getAttribute('name') || '?')
        small.push({
          target: `${control.tagName.toLowerCase()}${input ? `[${input.type}]` : ''} "${name.slice(0, 40)}"`,
          width: Math.round(width),
          height: Math.round(height),
        })
      }
      return small
    },
    { minimumPx, exempt: [...inlineLinksInRunningText, ...shownOnFocusOnly] },
  )
}

/** With JavaScript, a location picker's map shows after hydration; opened, it is Leaflet's: measure both. */
async function waitForMap(page: Page, jsEnabled: boolean) {
  const map = page.getByRole('group', { name: /^Map of your location/ })
  if (!jsEnabled || (await map.count()) === 0) return
  const open = map.getByRole('button', { name: /the pin on the map$/ })
  await expect(open).toBeVisible()
  expect(await tooSmallTargets(page), 'before the map is opened').toEqual([])
  await open.click()
  await expect(page.locator('.leaflet-control-zoom-in')).toBeVisible()
}

test('the login and register screens have no target smaller than 44 px', async ({ page, visit }) => {
  for (const path of ['/login', '/register']) {
    await visit(path)
    expect(await tooSmallTargets(page), path).toEqual([])
  }
})

test('edit profile as a sitter has no target smaller than 44 px', async ({ page, visit, jsEnabled }) => {
  await loginAs(page, 'sitter')
  await visit('/profile/edit')
  await expect(page.getByRole('heading', { name: 'Weekly Availability' })).toBeVisible()
  await waitForMap(page, jsEnabled)

  expect(await tooSmallTargets(page)).toEqual([])

  // A day chosen in the blocked-days calendar brings its Block button.
  await visit(`/profile/edit?date=${zurichDate(3)}`)
  await expect(page.getByRole('button', { name: /^(Block|Open) / })).toBeVisible()
  await waitForMap(page, jsEnabled)
  expect(await tooSmallTargets(page), 'with a day chosen').toEqual([])
})

test('edit profile as an owner has no target smaller than 44 px', async ({ page, visit, jsEnabled }) => {
  await loginAs(page, 'owner')
  await visit('/profile/edit')
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible()
  await waitForMap(page, jsEnabled)

  expect(await tooSmallTargets(page)).toEqual([])
})

test('add a dog has no target smaller than 44 px', async ({ page, visit }) => {
  await loginAs(page, 'owner')
  await visit('/dogs/add')
  await expect(page.getByRole('heading', { name: 'Personality' })).toBeVisible()

  expect(await tooSmallTargets(page)).toEqual([])
})

test('the sitters list and a sitter profile have no target smaller than 44 px', async ({ page, visit, db }) => {
  const sam = await db.selectFrom('users').select('id').where('email', '=', 'sitter@pawpal.test').executeTakeFirstOrThrow()
  for (const path of ['/sitters', `/sitters/${sam.id}`, `/sitters/${sam.id}?tab=services`, `/sitters/${sam.id}?tab=reviews`]) {
    await visit(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await tooSmallTargets(page), path).toEqual([])
  }
})

test('the map with a sitter’s quick view open has no target smaller than 44 px', async ({ page, visit, jsEnabled }) => {
  await loginAs(page, 'owner')
  await visit('/map')
  const list = page.getByRole('region', { name: 'All Sitters' })
  await expect(list.getByRole('link').first()).toBeVisible()
  if (jsEnabled) {
    await expect(page.locator('.pawpal-marker').first()).toBeVisible()
    expect(await tooSmallTargets(page), 'the map and its list').toEqual([])
    await list.getByRole('link').first().click()
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Contact' })).toBeVisible()
  }

  expect(await tooSmallTargets(page)).toEqual([])
})

test('the messages list and a thread with its options open have no target smaller than 44 px', async ({ page, visit, db }) => {
  const me = await registerUser(page, db, { prefix: 'taps' })
  const sitter = await db.selectFrom('users').select('id').where('email', '=', 'sitter@pawpal.test').executeTakeFirstOrThrow()
  const [userAId, userBId] = [me.id, sitter.id].sort() as [string, string]
  const conversationId = crypto.randomUUID()
  const at = new Date().toISOString()
  await db.insertInto('conversations').values({ id: conversationId, userAId, userBId, createdAt: at, lastMessageAt: at }).execute()
  await db
    .insertInto('messages')
    .values({ id: crypto.randomUUID(), conversationId, senderId: sitter.id, recipientId: me.id, content: 'Hi! See https://pawpal.example/walks', createdAt: at })
    .execute()

  await visit('/messages')
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeVisible()
  expect(await tooSmallTargets(page), '/messages').toEqual([])

  await visit(`/messages/${sitter.id}`)
  await expect(page.getByRole('list', { name: 'Messages' })).toBeVisible()
  // The link inside a message is running text (WCAG 2.5.5 excepts it).
  const small = await tooSmallTargets(page)
  expect(small.filter((target) => !target.target.startsWith('a "https://')), `/messages/${sitter.id}`).toEqual([])
})

test('the booking screens have no target smaller than 44 px', async ({ page, visit, db }) => {
  const idOf = async (email: string) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
  const ownerId = await idOf('owner@pawpal.test')
  const sitterId = await idOf('sitter@pawpal.test')
  // The demo owner's completed, unreviewed booking with the demo sitter carries the review form.
  const reviewable = await db
    .selectFrom('bookings')
    .select('id')
    .where('ownerId', '=', ownerId)
    .where('sitterId', '=', sitterId)
    .where('status', '=', 'completed')
    .where('id', 'not in', db.selectFrom('reviews').select('bookingId'))
    .executeTakeFirstOrThrow()
  const pending = await db.selectFrom('bookings').select('id').where('sitterId', '=', sitterId).where('status', '=', 'pending').executeTakeFirstOrThrow()
  const listedDog = await db.selectFrom('dogs').select('id').where('listedForSitting', '=', 1).where('ownerId', '!=', sitterId).executeTakeFirstOrThrow()

  await loginAs(page, 'owner')
  const week = (await db.selectFrom('bookings').select('date').where('id', '=', pending.id).executeTakeFirstOrThrow()).date
  const ownDog = await db.selectFrom('dogs').select('id').where('ownerId', '=', ownerId).executeTakeFirstOrThrow()
  const wizardSteps = [
    `/sitters/${sitterId}/book/quick/1`,
    `/sitters/${sitterId}/book/quick/2?date=${week}`,
    `/sitters/${sitterId}/book/chat/2?date=${week}&slot=morning`,
    `/sitters/${sitterId}/book/chat/3?date=${week}&slot=morning&dogId=${ownDog.id}`,
  ]
  for (const path of ['/bookings', '/bookings/choose-sitter', `/bookings/${reviewable.id}`, `/sitters/${sitterId}/book`, `/sitters/${sitterId}/book?periods=several`, ...wizardSteps]) {
    await visit(path)
    expect(await tooSmallTargets(page), path).toEqual([])
  }
  await page.context().clearCookies()
  await loginAs(page, 'sitter')
  for (const path of ['/bookings-sitter', `/bookings-sitter?booking=${pending.id}&move=accepted`, `/bookings/${pending.id}`, `/bookings/new?dogId=${listedDog.id}`]) {
    await visit(path)
    expect(await tooSmallTargets(page), path).toEqual([])
  }
})

test('the profile with its calendar link and the terms and privacy pages have no target smaller than 44 px', async ({ page, visit }) => {
  await loginAs(page, 'sitter')
  for (const path of ['/profile', '/terms', '/privacy']) {
    await visit(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await tooSmallTargets(page), path).toEqual([])
  }
  await visit('/profile')
  await expect(page.getByLabel('Your calendar link')).toBeVisible()
})

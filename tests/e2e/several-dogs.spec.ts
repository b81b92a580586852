import type { Page } from '@playwright/test'
import { chooseWalk, insertDog, pickDate, registerOwnerWithDog, registerSitter, showFreeTimes, signInAs, signOut, zurichDate } from './booking-helpers.ts'
import { expect, test, type TestDatabase } from './fixtures.ts'

// Several dogs in one booking (issue 33 part 3, DESIGN.md ruling 28): a sitter who accepts multiple dogs sets an
// extra-dog rate on /profile/edit; an owner ticks every dog for one request and sees the price for all of them
// (the base rate plus the extra-dog rate for each further dog) before sending; both sides then see every dog.

const sitterRates = { walkingCents: 2400, extraDogCents: 1000 }
/** A 60-minute walk for two dogs: the hour's rate plus one further dog's. */
const twoDogHour = `$${(sitterRates.walkingCents + sitterRates.extraDogCents) / 100}.00`
const oneDogHour = `$${sitterRates.walkingCents / 100}.00`

const priceRow = (page: Page) => page.locator('[aria-live="polite"]').filter({ hasText: 'Price' })
const durationCard = (page: Page, minutes: 30 | 60) => page.locator('label').filter({ hasText: `${minutes} minutes` })
const dogBox = (page: Page, name: string) => page.getByRole('group', { name: 'Dogs' }).getByRole('checkbox', { name: new RegExp(`^${name}\\b`) })
const dogsPart = (page: Page) => page.locator('section').filter({ has: page.getByRole('heading', { name: 'Your dogs', exact: true }) })
const card = (page: Page, dogNames: string) => page.getByRole('article').filter({ has: page.getByRole('link', { name: dogNames, exact: true }) })

/** Owner Olive with Rex and then Luna (a minute later, so the request page lists Rex first); leaves the page signed in as her. */
async function ownerOfRexAndLuna(page: Page, db: TestDatabase) {
  const { owner, dogId: rex } = await registerOwnerWithDog(page, db, { name: 'Rex' })
  const luna = await insertDog(db, owner.id, { name: 'Luna' })
  await db.updateTable('dogs').set({ createdAt: new Date(Date.now() + 60_000).toISOString() }).where('id', '=', luna).execute()
  return { owner, rex, luna }
}

/** Walker Sam, accepting several dogs at $10 an hour for each further dog, set straight in the database. */
async function walkerTakingSeveralDogs(page: Page, db: TestDatabase) {
  const sitter = await registerSitter(page, db, 'Sam Walker', sitterRates.walkingCents)
  await db.updateTable('sitterProfiles').set({ acceptsMultipleDogs: 1 }).where('userId', '=', sitter.id).execute()
  await db.updateTable('sitterServices').set({ extraDogRateCents: sitterRates.extraDogCents }).where('sitterId', '=', sitter.id).execute()
  return sitter
}

test('a sitter sets an extra-dog rate; an owner books a walk for two dogs at that price; both see both dogs', async ({ page, visit, db, jsEnabled }) => {
  test.slow() // two people, each registering and signing in
  const sitter = await registerSitter(page, db, 'Sam Walker', sitterRates.walkingCents)
  await visit('/profile/edit')
  await page.getByRole('checkbox', { name: 'I accept multiple dogs at once' }).check()
  await page.getByRole('spinbutton', { name: 'Walking rate for each further dog in dollars per hour' }).fill(String(sitterRates.extraDogCents / 100))
  await page.getByRole('button', { name: 'Save Changes' }).click()

  await expect(page.getByText('Profile updated')).toBeVisible()
  const profile = await db.selectFrom('sitterProfiles').select('acceptsMultipleDogs').where('userId', '=', sitter.id).executeTakeFirstOrThrow()
  expect(profile.acceptsMultipleDogs).toBe(1)
  const walking = await db.selectFrom('sitterServices').select(['hourlyRateCents', 'extraDogRateCents']).where('sitterId', '=', sitter.id).where('service', '=', 'walking').executeTakeFirstOrThrow()
  expect(walking).toEqual({ hourlyRateCents: sitterRates.walkingCents, extraDogRateCents: sitterRates.extraDogCents })

  const { owner, rex, luna } = await ownerOfRexAndLuna(page, db)
  const date = zurichDate(3)
  await visit(`/sitters/${sitter.id}/book`)
  await expect(dogsPart(page)).toContainText('Sam takes several dogs at once: choose every dog for this booking.')
  await dogBox(page, 'Rex').check()
  await dogBox(page, 'Luna').check()
  await pickDate(page, date)
  await showFreeTimes(page, jsEnabled)
  await chooseWalk(page, '08:00', 60)
  await expect(durationCard(page, 60)).toContainText(twoDogHour)
  if (jsEnabled) {
    await expect(priceRow(page)).toContainText(twoDogHour)
    await expect(priceRow(page)).toContainText('$24/hour + $10/hour for each further dog')
    // The prices follow the boxes: Rex alone walks at the base rate.
    await dogBox(page, 'Luna').uncheck()
    await expect(durationCard(page, 60)).toContainText(oneDogHour)
    await expect(priceRow(page)).toContainText(oneDogHour)
    await dogBox(page, 'Luna').check()
    await expect(durationCard(page, 60)).toContainText(twoDogHour)
    await expect(priceRow(page)).toContainText(twoDogHour)
  }
  await page.getByRole('button', { name: 'Request Booking' }).click()

  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/)
  await expect(page.getByText('Booking requested')).toBeVisible()
  await expect(page.locator('dt:text-is("Dogs") + dd').getByRole('listitem')).toHaveText(['Rex (Beagle)', 'Luna (Beagle)'])
  await expect(page.locator('dt:text-is("Price") + dd')).toContainText(twoDogHour)
  await expect(page.locator('dt:text-is("Price") + dd')).toContainText('$24/hour + $10/hour for each further dog')
  const bookingId = page.url().split('/').at(-1) ?? ''
  const stored = await db.selectFrom('bookings').select(['dogId', 'ownerId', 'sitterId', 'status', 'priceCents', 'hourlyRateCents', 'extraDogRateCents']).where('id', '=', bookingId).executeTakeFirstOrThrow()
  expect(stored).toEqual({
    dogId: rex,
    ownerId: owner.id,
    sitterId: sitter.id,
    status: 'pending',
    priceCents: sitterRates.walkingCents + sitterRates.extraDogCents,
    hourlyRateCents: sitterRates.walkingCents,
    extraDogRateCents: sitterRates.extraDogCents,
  })
  const bookingDogs = await db.selectFrom('bookingDogs').select(['dogId', 'position']).where('bookingId', '=', bookingId).orderBy('position').execute()
  expect(bookingDogs).toEqual([
    { dogId: rex, position: 1 },
    { dogId: luna, position: 2 },
  ])
  await visit('/bookings?tab=pending')
  await expect(card(page, 'Rex and Luna')).toContainText('2 dogs')

  await signOut(page)
  await signInAs(page, sitter)
  await visit('/bookings-sitter')
  await expect(page.getByRole('link', { name: 'Pending', exact: true })).toHaveAttribute('aria-current', 'page')
  await card(page, 'Rex and Luna').getByRole('link', { name: 'Rex and Luna', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}$`))
  await expect(page.getByRole('heading', { name: 'Walking Rex and Luna' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'About Rex' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'About Luna' })).toBeVisible()
})

test('a request with no dog ticked is refused with “Please choose a dog” and keeps the notes', async ({ page, visit, db, jsEnabled }) => {
  const sitter = await walkerTakingSeveralDogs(page, db)
  const { owner } = await ownerOfRexAndLuna(page, db)
  await visit(`/sitters/${sitter.id}/book`)
  await expect(dogBox(page, 'Rex')).not.toBeChecked()
  await expect(dogBox(page, 'Luna')).not.toBeChecked()
  await pickDate(page, zurichDate(3))
  await showFreeTimes(page, jsEnabled)
  await chooseWalk(page, '08:00', 60)
  const notes = 'Rex pulls, Luna waits.'
  await page.getByLabel('Notes for Sam (optional)').fill(notes)
  await page.getByRole('button', { name: 'Request Booking' }).click()

  await expect(dogsPart(page).getByText('Please choose a dog')).toBeVisible()
  await expect(page.getByLabel('Notes for Sam (optional)')).toHaveValue(notes)
  await expect(dogBox(page, 'Rex')).not.toBeChecked()
  const requests = await db.selectFrom('bookings').select('id').where('ownerId', '=', owner.id).execute()
  expect(requests).toEqual([])
})

test('@desktop the sitter’s services list the rate for each further dog', async ({ page, visit, db }) => {
  const sitter = await walkerTakingSeveralDogs(page, db)
  await ownerOfRexAndLuna(page, db)
  await visit(`/sitters/${sitter.id}?tab=services`)
  const walking = page.getByRole('listitem').filter({ hasText: 'Walking' })
  await expect(walking).toContainText('$24/hour')
  await expect(walking).toContainText('+ $10/hour for each further dog')
})

import type { Locator, Page } from '@playwright/test'
import { expect, pngFile, registerUser, test, type TestDatabase } from './fixtures.ts'

// The owner's dogs: /dogs/add, /dogs/{id} and /dogs/{id}/edit (spec section 2, 'Dog forms' and 'Dog
// detail'; section 5, Photos and 'Profile and dog'; issue 4). Every test that creates or changes a dog
// does it as a freshly registered owner: the demo owner's dogs are only read.

const red = { r: 210, g: 40, b: 40 }
const blue = { r: 40, g: 70, b: 210 }
const green = { r: 40, g: 170, b: 70 }

type NewDog = {
  name: string
  breed?: string
  age?: string
  weight?: string
  photos?: Awaited<ReturnType<typeof pngFile>>[]
  traits?: string[]
}

/** Fills in /dogs/add and submits it; returns the new dog's id once its detail page is open. */
async function addDog(page: Page, visit: (path: string) => Promise<unknown>, dog: NewDog) {
  await visit('/dogs/add')
  await expect(page.getByRole('heading', { level: 1, name: 'Add a Dog' })).toBeVisible()
  if (dog.photos?.length) await page.getByLabel('Add photos').setInputFiles(dog.photos)
  await page.getByLabel('Name', { exact: true }).fill(dog.name)
  await page.getByLabel('Breed', { exact: true }).fill(dog.breed ?? 'Whippet')
  await page.getByLabel('Age', { exact: true }).fill(dog.age ?? '3 years')
  if (dog.weight) await page.getByLabel('Weight (kg)', { exact: true }).fill(dog.weight)
  for (const trait of dog.traits ?? []) await page.getByRole('checkbox', { name: trait, exact: true }).check()
  await page.getByRole('button', { name: 'Add Dog' }).click()

  await expect(page).toHaveURL(/\/dogs\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: dog.name })).toBeVisible()
  return new URL(page.url()).pathname.split('/').at(-1) ?? ''
}

async function savedImagePaths(db: TestDatabase, dogId: string) {
  const rows = await db.selectFrom('dogImages').select('path').where('dogId', '=', dogId).orderBy('position').execute()
  return rows.map(({ path }) => path)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The carousel shows photo `number` (1-based) of `paths`: its alt text, its file and the current dot. */
async function expectCarouselShowing(carousel: Locator, name: string, number: number, paths: string[]) {
  const photo = carousel.getByRole('img')
  await expect(photo).toHaveAttribute('alt', `${name}, photo ${number} of ${paths.length}`)
  await expect(photo).toHaveAttribute('src', new RegExp(`^${escapeRegExp(paths[number - 1] ?? '')}-\\d+\\.webp$`))
  await expect(carousel.getByRole('link', { name: `Show photo ${number}` })).toHaveAttribute('aria-current', 'true')
  for (const other of paths.keys()) {
    if (other + 1 !== number) {
      await expect(carousel.getByRole('link', { name: `Show photo ${other + 1}` })).not.toHaveAttribute('aria-current', 'true')
    }
  }
}

test('an owner adds a dog with two photos, and its carousel shows both and wraps at both ends', async ({ page, visit, db, jsEnabled }) => {
  const owner = await registerUser(page, db, { prefix: 'dog-photos' })

  const dogId = await addDog(page, visit, { name: 'Biscuit', photos: [await pngFile('first.png', red), await pngFile('second.png', blue)] })

  await expect(page.getByRole('status').filter({ hasText: 'Dog added' })).toBeVisible()
  const dog = await db.selectFrom('dogs').select(['id', 'name', 'breed', 'ageMonths']).where('ownerId', '=', owner.id).execute()
  expect(dog).toEqual([{ id: dogId, name: 'Biscuit', breed: 'Whippet', ageMonths: 36 }])
  const paths = await savedImagePaths(db, dogId)
  expect(paths).toHaveLength(2)

  const carousel = page.getByRole('region', { name: 'Photos of Biscuit' })
  await expect(carousel.getByRole('link', { name: /^Show photo \d$/ })).toHaveCount(2)
  await expectCarouselShowing(carousel, 'Biscuit', 1, paths)
  const served = await page.request.get((await carousel.getByRole('img').getAttribute('src')) ?? '')
  expect(served.status()).toBe(200)
  expect(served.headers()['content-type']).toBe('image/webp')

  // Previous from the first photo wraps to the last.
  await carousel.getByRole('link', { name: 'Previous photo' }).click()
  await expectCarouselShowing(carousel, 'Biscuit', 2, paths)
  // Without JavaScript the control is a link the server answers with that photo.
  if (!jsEnabled) await expect(page).toHaveURL(new RegExp(`/dogs/${dogId}\\?photo=2$`))

  // Next from the last photo wraps to the first.
  await carousel.getByRole('link', { name: 'Next photo' }).click()
  await expectCarouselShowing(carousel, 'Biscuit', 1, paths)
  if (!jsEnabled) await expect(page).toHaveURL(new RegExp(`/dogs/${dogId}\\?photo=1$`))

  // A dot picks its photo directly.
  await carousel.getByRole('link', { name: 'Show photo 2' }).click()
  await expectCarouselShowing(carousel, 'Biscuit', 2, paths)
})

test('a third photo reaches the limit, and deleting one offers adding again', async ({ page, visit, db }) => {
  await registerUser(page, db, { prefix: 'dog-limit' })
  const dogId = await addDog(page, visit, { name: 'Pepper', photos: [await pngFile('one.png', red), await pngFile('two.png', blue)] })

  await visit(`/dogs/${dogId}/edit`)
  await expect(page.getByRole('heading', { level: 1, name: "Edit Pepper's Profile" })).toBeVisible()
  await expect(page.getByText('2 of 3 photos')).toBeVisible()
  await page.getByLabel('Add photos').setInputFiles(await pngFile('three.png', green))
  await page.getByRole('button', { name: 'Save changes' }).click()

  await expect(page).toHaveURL(new RegExp(`/dogs/${dogId}$`))
  await expect(page.getByRole('status').filter({ hasText: 'Dog updated' })).toBeVisible()
  const three = await savedImagePaths(db, dogId)
  expect(three).toHaveLength(3)
  await expect(page.getByRole('region', { name: 'Photos of Pepper' }).getByRole('link', { name: /^Show photo \d$/ })).toHaveCount(3)

  await visit(`/dogs/${dogId}/edit`)
  const picker = page.getByLabel('Limit Reached')
  await expect(picker).toBeDisabled()
  await expect(page.getByText('Add photos', { exact: true })).toHaveCount(0)
  await expect(page.getByText('3 of 3 photos')).toBeVisible()
  await expect(page.getByRole('img', { name: /^Pepper, photo \d$/ })).toHaveCount(3)

  await page.getByRole('button', { name: 'Delete photo 1' }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Image deleted' })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/dogs/${dogId}/edit$`))
  expect(await savedImagePaths(db, dogId)).toEqual(three.slice(1))
  await expect(page.getByLabel('Add photos')).toBeEnabled()
  await expect(page.getByText('Limit Reached')).toHaveCount(0)
  await expect(page.getByText('2 of 3 photos')).toBeVisible()
  await expect(page.getByRole('img', { name: /^Pepper, photo \d$/ })).toHaveCount(2)
})

test('an empty add-dog form names the required fields and creates nothing', async ({ page, visit, db, jsEnabled }) => {
  const owner = await registerUser(page, db, { prefix: 'dog-empty' })
  await visit('/dogs/add')
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add Dog' }) })
  // The browser's own check comes first; switch it off so the app's validation is what answers
  // (the server's without JavaScript, the page's with it).
  for (const label of ['Name', 'Breed', 'Age']) await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('required')
  await form.evaluate((element: HTMLFormElement) => {
    element.noValidate = true
  })

  const answer = jsEnabled ? undefined : page.waitForResponse((response) => response.request().method() === 'POST')
  await form.getByRole('button', { name: 'Add Dog' }).click()

  if (answer) expect((await answer).status()).toBe(400)
  await expect(page.getByText('Name is required', { exact: true })).toBeVisible()
  await expect(page.getByText('Breed is required', { exact: true })).toBeVisible()
  await expect(page.getByText('Age is required', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\/dogs\/add$/)
  expect(await db.selectFrom('dogs').select('id').where('ownerId', '=', owner.id).execute()).toEqual([])
})

test("another owner's dog is not found, and a save to it changes nothing", async ({ page, visit, db }) => {
  const rex = await db
    .selectFrom('dogs')
    .innerJoin('users', 'users.id', 'dogs.ownerId')
    .selectAll('dogs')
    .where('users.email', '=', 'owner@pawpal.test')
    .where('dogs.name', '=', 'Rex')
    .executeTakeFirstOrThrow()
  const rexImages = await savedImagePaths(db, rex.id)
  await registerUser(page, db, { prefix: 'dog-intruder' })

  for (const path of [`/dogs/${rex.id}/edit`, `/dogs/${rex.id}`]) {
    const response = await visit(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Dog not found' })).toBeVisible()
    await expect(page.getByText("The dog you're looking for doesn't exist or has been removed.")).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go Back' })).toBeVisible()
    await expect(page.getByText('Rex', { exact: true })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0)
  }

  // The form's own POST, sent straight to the server, is refused the same way.
  const answer = await page.request.post(`/dogs/${rex.id}/edit`, {
    multipart: { intent: 'save', name: 'Stolen', breed: 'Poodle', age: '1 year' },
    headers: { origin: new URL(page.url()).origin },
  })
  expect(answer.status()).toBe(404)
  expect(await db.selectFrom('dogs').selectAll().where('id', '=', rex.id).executeTakeFirst()).toEqual(rex)
  expect(await savedImagePaths(db, rex.id)).toEqual(rexImages)
})

test("the detail shows personality tags with their emoji and 'Not specified' for a missing height", async ({ page, visit, db }) => {
  await registerUser(page, db, { prefix: 'dog-traits' })
  const dogId = await addDog(page, visit, {
    name: 'Mochi',
    breed: 'Shiba Inu',
    age: '2 years',
    weight: '9',
    traits: ['Friendly', 'Playful', 'Social'],
  })
  const traits = await db.selectFrom('dogTraits').select('trait').where('dogId', '=', dogId).execute()
  expect(traits.map(({ trait }) => trait).sort()).toEqual(['Friendly', 'Playful', 'Social'])

  const personality = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Personality' }) })
  // The spec's emoji for the traits it names, a paw for any other ('Social').
  await expect(personality.getByRole('listitem')).toHaveText([/^😊\s*Friendly$/, /^🎾\s*Playful$/, /^🐾\s*Social$/])

  const details = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Details' }) })
  const detail = (label: string) =>
    details
      .locator('div')
      .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
      .getByRole('definition')
  await expect(detail('Height')).toHaveText('Not specified')
  await expect(detail('Weight')).toHaveText('9 kg')
  await expect(detail('Breed')).toHaveText('Shiba Inu')
  await expect(detail('Age')).toHaveText('2 years')
})

test("a sitter who adds a first dog is told the account is now 'Owner & Sitter'", async ({ page, visit, db }) => {
  const user = await registerUser(page, db, { prefix: 'sitter-dog', name: 'Sam Both' })
  const now = new Date().toISOString()
  await db.updateTable('users').set({ role: 'sitter' }).where('id', '=', user.id).execute()
  await db.insertInto('sitterProfiles').values({ userId: user.id, experience: '3-5', createdAt: now, updatedAt: now }).execute()
  await visit('/dogs/add')
  await page.getByLabel('Name', { exact: true }).fill('Juno')
  await page.getByLabel('Breed', { exact: true }).fill('Vizsla')
  await page.getByLabel('Age', { exact: true }).fill('4 years')
  await page.getByRole('button', { name: 'Add Dog' }).click()

  await expect(page).toHaveURL(/\/dogs\/[0-9a-f-]{36}\?became=both$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Juno' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Dog added' })).toContainText('Your account is now Owner & Sitter.')
  const notice = page.getByRole('region', { name: 'Your account is now ‘Owner & Sitter’' })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('both tabs, My Dogs and My Services')
  await expect(notice).toContainText('both booking pages')
  const { role } = await db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow()
  expect(role).toBe('both')

  // What it means: the profile has both tabs.
  await notice.getByRole('link', { name: 'See My Dogs on your profile' }).click()
  const tabs = page.getByRole('navigation', { name: 'Profile sections' })
  await expect(tabs.getByRole('link', { name: 'My Dogs' })).toBeVisible()
  await expect(tabs.getByRole('link', { name: 'My Services' })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'Juno' })).toBeVisible()
})

test("an owner's next dog brings no such notice", async ({ page, visit, db }) => {
  await registerUser(page, db, { prefix: 'owner-dog' })

  await addDog(page, visit, { name: 'Plain' })

  await expect(page.getByRole('status').filter({ hasText: 'Dog added' })).toBeVisible()
  await expect(page.getByText('Owner & Sitter')).toHaveCount(0)
})

test('the back button on a dog goes one step back with JavaScript, and is a link to My Dogs without', async ({ page, visit, db, jsEnabled }) => {
  await registerUser(page, db, { prefix: 'dog-back' })
  const dogId = await addDog(page, visit, { name: 'Scout' })
  await visit(`/dogs/${dogId}/edit`)
  await page.getByRole('link', { name: 'Cancel', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/dogs/${dogId}$`))

  const back = page.getByRole('link', { name: 'Back', exact: true })
  await expect(back).toHaveAttribute('href', '/profile?tab=dogs')
  await back.click()

  if (jsEnabled) {
    // One step back: the edit page the user came from, not the link's fallback.
    await expect(page).toHaveURL(new RegExp(`/dogs/${dogId}/edit$`))
    // Opened directly there is no step back in the app: the link leads to My Dogs.
    await visit(`/dogs/${dogId}`)
    await page.getByRole('link', { name: 'Back', exact: true }).click()
  }
  await expect(page).toHaveURL(/\/profile\?tab=dogs$/)
})

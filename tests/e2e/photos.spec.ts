import type { Browser, Locator, Page } from '@playwright/test'
import { test as base, expect, holdRequests, onDisk, pngFile, type RegisteredUser, registerUser, signInAs, type TestDatabase } from './fixtures.ts'
import { baseUrlVariable } from './global-setup.ts'

// The photo picker and the journeys that used to lose photos without a word (issue 8): too many photos on
// /dogs/add, a dog form sent with a missing name, a photo over 5 MB, Save Changes on /profile/edit with a
// photo chosen, and a file that is not a picture on the first onboarding step. Each journey ends by
// checking what was saved: the rows, and the files the server answers with. The dog and profile journeys
// share one owner and one member per worker (the server allows 50 registrations an hour from one address).

async function registerForWorker(browser: Browser, db: TestDatabase, prefix: string) {
  const context = await browser.newContext({ baseURL: process.env[baseUrlVariable] })
  try {
    return await registerUser(await context.newPage(), db, { prefix, name: 'Pat Photos' })
  } finally {
    await context.close()
  }
}

const test = base.extend<object, { owner: RegisteredUser; member: RegisteredUser }>({
  owner: [async ({ browser, db }, provide) => provide(await registerForWorker(browser, db, 'photos-owner')), { scope: 'worker' }],
  member: [async ({ browser, db }, provide) => provide(await registerForWorker(browser, db, 'photos-member')), { scope: 'worker' }],
})

/** A colour per file name: photos of different names are different pictures (a picture is named by its bytes, decision 077). */
function colourOf(name: string) {
  let hash = 0
  for (const character of name) hash = (hash * 31 + character.charCodeAt(0)) >>> 0
  return { r: hash & 255, g: (hash >>> 8) & 255, b: (hash >>> 16) & 255 }
}
const photos = (...names: string[]) => Promise.all(names.map((name) => pngFile(name, colourOf(name))))
const textFile = (name: string, mimeType = 'text/plain') => ({ name, mimeType, buffer: Buffer.from('Dear sitter, this is not a photo.') })
/** A phone's 'High efficiency' photo as far as anyone can tell without decoding HEVC: its ftyp box, then data. */
const heicFile = {
  name: 'IMG_0042.HEIC',
  mimeType: 'image/heic',
  buffer: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(4), Buffer.from('mif1heic'), Buffer.alloc(1024, 7)]),
}
const photoLimit = 'Maximum of 3 photos reached - delete a photo to add new ones'

/** The photos not saved yet: files chosen in the browser, or photos the server kept from a failed submit. */
const unsavedPhotos = (page: Page) => page.getByRole('img', { name: /not saved yet$/ })

async function expectServed(page: Page, basePath: string) {
  const answer = await page.request.get(`${basePath}-320.webp`)
  expect(answer.status(), `${basePath} is served`).toBe(200)
  expect(answer.headers()['content-type']).toBe('image/webp')
}

const dogsNamed = (db: TestDatabase, ownerId: string, name: string) =>
  db.selectFrom('dogs').select('id').where('ownerId', '=', ownerId).where('name', '=', name).execute()

/** The photos of the owner's one dog of that name, in their order. */
async function imagePathsOfDog(db: TestDatabase, ownerId: string, name: string) {
  const dogs = await dogsNamed(db, ownerId, name)
  expect(dogs, `one dog named ${name}`).toHaveLength(1)
  const rows = await db.selectFrom('dogImages').select('path').where('dogId', '=', dogs[0]?.id ?? '').orderBy('position').execute()
  return rows.map((row) => row.path)
}

const profilePhotoOf = async (db: TestDatabase, userId: string) =>
  (await db.selectFrom('users').select('profilePhoto').where('id', '=', userId).executeTakeFirstOrThrow()).profilePhoto

/** Lets the app's own validation answer instead of the browser's `required` check. */
async function skipBrowserValidation(form: Locator) {
  await form.evaluate((element: HTMLFormElement) => {
    element.noValidate = true
  })
}

test('four photos on /dogs/add: three are kept, the fourth is named, and Add Dog saves the three', async ({ page, visit, db, jsEnabled, owner }) => {
  await signInAs(page, owner)
  await visit('/dogs/add')

  await page.getByLabel('Add photos').setInputFiles(await photos('one.png', 'two.png', 'three.png', 'four.png'))
  await page.getByLabel('Name', { exact: true }).fill('Quattro')
  await page.getByLabel('Breed', { exact: true }).fill('Beagle')
  await page.getByLabel('Age', { exact: true }).fill('4 years')
  if (!jsEnabled) {
    // Without JavaScript the server is the first to see the files: it keeps three and says what happened.
    await page.getByRole('button', { name: 'Add Dog' }).click()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Quattro')
  }

  await expect(page.getByText(`${photoLimit}. Not added: four.png`).last()).toBeVisible()
  await expect(unsavedPhotos(page)).toHaveCount(3)
  await expect(page.getByText('3 of 3 photos')).toBeVisible()
  await expect(page.getByLabel('Limit Reached')).toBeDisabled()
  // Phone tap targets: the control and each remove button.
  const removeButtons = page.getByRole('button', { name: /^Remove / })
  await expect(removeButtons).toHaveCount(3)
  for (const target of [page.getByLabel('Limit Reached'), ...(await removeButtons.all())]) {
    const box = await target.boundingBox()
    expect(box?.width).toBeGreaterThanOrEqual(44)
    expect(box?.height).toBeGreaterThanOrEqual(44)
  }
  expect(await dogsNamed(db, owner.id, 'Quattro')).toEqual([])

  await page.getByRole('button', { name: 'Add Dog' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Quattro' })).toBeVisible()
  const paths = await imagePathsOfDog(db, owner.id, 'Quattro')
  expect(paths).toHaveLength(3)
  for (const path of paths) await expectServed(page, path)
  await expect(page.getByRole('region', { name: 'Photos of Quattro' }).getByRole('link', { name: /^Show photo \d$/ })).toHaveCount(3)
})

test('with JavaScript, a chosen photo can be removed before saving, and the count follows', async ({ page, visit, db, jsEnabled, owner }) => {
  test.skip(!jsEnabled, 'previews of chosen files need JavaScript')
  await signInAs(page, owner)
  await visit('/dogs/add')

  await page.getByLabel('Add photos').setInputFiles(await photos('keep.png', 'drop.png'))
  await expect(page.getByText('2 of 3 photos')).toBeVisible()
  const remove = page.getByRole('button', { name: 'Remove drop.png' })
  const box = await remove.boundingBox()
  expect(box?.width).toBeGreaterThanOrEqual(44)
  expect(box?.height).toBeGreaterThanOrEqual(44)
  await remove.click()
  await expect(page.getByText('1 of 3 photos')).toBeVisible()
  await expect(page.getByRole('img', { name: 'keep.png, not saved yet' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'drop.png, not saved yet' })).toHaveCount(0)
  // The input itself now holds only what the previews show.
  expect(await page.locator('#dog-images').evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((file) => file.name))).toEqual([
    'keep.png',
  ])

  await page.getByLabel('Name', { exact: true }).fill('Solo')
  await page.getByLabel('Breed', { exact: true }).fill('Beagle')
  await page.getByLabel('Age', { exact: true }).fill('1 year')
  await page.getByRole('button', { name: 'Add Dog' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Solo' })).toBeVisible()
  const paths = await imagePathsOfDog(db, owner.id, 'Solo')
  expect(paths).toHaveLength(1)
  await expectServed(page, paths[0] ?? '')
})

test('a dog form sent without a name keeps its two photos, and with the name filled in they are saved', async ({ page, visit, db, jsEnabled, owner }) => {
  await signInAs(page, owner)
  await visit('/dogs/add')
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add Dog' }) })
  await skipBrowserValidation(form)

  await page.getByLabel('Add photos').setInputFiles(await photos('a.png', 'b.png'))
  await page.getByLabel('Breed', { exact: true }).fill('Whippet')
  await page.getByLabel('Age', { exact: true }).fill('2 years')
  const answer = jsEnabled ? undefined : page.waitForResponse((response) => response.request().method() === 'POST')
  await page.getByRole('button', { name: 'Add Dog' }).click()

  if (answer) expect((await answer).status()).toBe(400)
  // Under the field and in the summary at the top, which links to it.
  await expect(page.getByRole('link', { name: 'Name: Name is required' })).toBeVisible()
  await expect(page.getByText('Name is required')).toHaveCount(2)
  await expect(unsavedPhotos(page)).toHaveCount(2)
  await expect(page.getByLabel('Breed', { exact: true })).toHaveValue('Whippet')
  if (!jsEnabled) await expect(page.getByText('New photos are saved when you save the form.')).toBeVisible()

  await skipBrowserValidation(form)
  await page.getByLabel('Name', { exact: true }).fill('Twice')
  await page.getByRole('button', { name: 'Add Dog' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Twice' })).toBeVisible()
  const paths = await imagePathsOfDog(db, owner.id, 'Twice')
  expect(paths).toHaveLength(2)
  for (const path of paths) await expectServed(page, path)
  // The kept photos were attached, not left behind as pending uploads.
  expect(await db.selectFrom('pendingUploads').select('id').where('path', 'in', paths).execute()).toEqual([])
})

test('a photo over 5 MB is refused by name, the text stays, and the dog is saved with the other photo', async ({ page, visit, db, jsEnabled, owner }) => {
  await signInAs(page, owner)
  await visit('/dogs/add')

  await page.getByLabel('Add photos').setInputFiles(await onDisk([{ name: 'big.jpg', buffer: Buffer.alloc(6 * 1024 * 1024) }, ...(await photos('small.png'))]))
  await page.getByLabel('Name', { exact: true }).fill('Hefty')
  await page.getByLabel('Breed', { exact: true }).fill('Newfoundland')
  await page.getByLabel('Age', { exact: true }).fill('5 years')
  await page.getByLabel('Bio', { exact: true }).fill('Big dog, big heart.')
  if (!jsEnabled) await page.getByRole('button', { name: 'Add Dog' }).click()

  await expect(page.getByText('Image size should be less than 5MB. Not added: big.jpg').last()).toBeVisible()
  await expect(unsavedPhotos(page)).toHaveCount(1)
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Hefty')
  await expect(page.getByLabel('Breed', { exact: true })).toHaveValue('Newfoundland')
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue('5 years')
  await expect(page.getByLabel('Bio', { exact: true })).toHaveValue('Big dog, big heart.')

  await page.getByRole('button', { name: 'Add Dog' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Hefty' })).toBeVisible()
  const paths = await imagePathsOfDog(db, owner.id, 'Hefty')
  expect(paths).toHaveLength(1)
  await expectServed(page, paths[0] ?? '')
})

/** The profile photo control reads 'Choose photo', or 'Change photo' once the member has one. */
const profilePhotoPicker = (page: Page) => page.getByLabel(/^(Choose|Change) photo$/)

test('on /profile/edit, a photo chosen and Save Changes changes the avatar', async ({ page, visit, db, member }) => {
  await signInAs(page, member)
  const before = await profilePhotoOf(db, member.id)
  await visit('/profile/edit')

  await profilePhotoPicker(page).setInputFiles(await pngFile('me.png', { r: 30, g: 120, b: 200 }))
  await page.getByLabel('Full Name').fill('Ava Changed')
  await page.getByRole('button', { name: 'Save Changes' }).click()

  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated' })).toBeVisible()
  const { name, profilePhoto } = await db.selectFrom('users').select(['name', 'profilePhoto']).where('id', '=', member.id).executeTakeFirstOrThrow()
  expect(name).toBe('Ava Changed')
  expect(profilePhoto).toMatch(new RegExp(`^/uploads/avatars/${member.id}/`))
  expect(profilePhoto).not.toBe(before)
  const avatar = page.locator('header').filter({ hasText: 'Ava Changed' }).locator('img')
  await expect(avatar).toHaveAttribute('src', new RegExp(`^${profilePhoto}-\\d+\\.webp$`))
  await expectServed(page, profilePhoto ?? '')
})

test('with JavaScript, after Save Changes the chosen photo stays shown until the profile has come', async ({ page, visit, member, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript the browser shows the new page when it comes')
  await signInAs(page, member)
  await visit('/profile/edit')
  await profilePhotoPicker(page).setInputFiles(await pngFile('kept-in-view.png', { r: 90, g: 30, b: 160 }))

  const letProfileThrough = await holdRequests(page, '**/profile.data*')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Loading profile...' })).toHaveCount(1)
  await expect(page.getByRole('img', { name: 'kept-in-view.png, not saved yet' })).toBeVisible()

  letProfileThrough()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated' })).toBeVisible()
})

test('on /profile/edit, a blank name keeps the chosen photo, and Save Changes after fixing it saves both', async ({ page, visit, db, jsEnabled, member }) => {
  await signInAs(page, member)
  const before = await profilePhotoOf(db, member.id)
  await visit('/profile/edit')
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save Changes' }) })
  await skipBrowserValidation(form)

  await profilePhotoPicker(page).setInputFiles(await pngFile('kim.png', { r: 150, g: 60, b: 160 }))
  await page.getByLabel('Full Name').fill('')
  await page.getByRole('button', { name: 'Save Changes' }).click()

  await expect(page.getByRole('link', { name: 'Full Name: Name is required' })).toBeVisible()
  await expect(page.getByText('Name is required')).toHaveCount(2)
  await expect(unsavedPhotos(page)).toHaveCount(1)
  if (!jsEnabled) await expect(page.getByRole('img', { name: 'New photo 1, not saved yet' })).toBeVisible()
  expect(await profilePhotoOf(db, member.id)).toBe(before)

  await skipBrowserValidation(form)
  await page.getByLabel('Full Name').fill('Kim Kept')
  await page.getByRole('button', { name: 'Save Changes' }).click()

  await expect(page).toHaveURL(/\/profile$/)
  const profilePhoto = await profilePhotoOf(db, member.id)
  expect(profilePhoto).toMatch(/^\/uploads\/avatars\//)
  expect(profilePhoto).not.toBe(before)
  await expect(page.locator('header').filter({ hasText: 'Kim Kept' }).locator('img')).toHaveAttribute(
    'src',
    new RegExp(`^${profilePhoto}-\\d+\\.webp$`),
  )
  await expectServed(page, profilePhoto ?? '')
})

test("on /profile/edit, 'Upload photo' with no photo chosen says so, and with one it saves it alone", async ({ page, visit, db, member }) => {
  await signInAs(page, member)
  const before = await profilePhotoOf(db, member.id)
  await visit('/profile/edit')

  const upload = page.getByRole('button', { name: 'Upload photo' })
  await upload.click()
  // Beside the button (and, after a server answer without JavaScript, in the summary too).
  await expect(page.getByText('Please choose a photo to upload').first()).toBeVisible()
  await expect(page).toHaveURL(/\/profile\/edit$/)
  expect(await profilePhotoOf(db, member.id)).toBe(before)

  await profilePhotoPicker(page).setInputFiles(await pngFile('uma.png', { r: 240, g: 120, b: 40 }))
  await upload.click()

  await expect(page.getByRole('status').filter({ hasText: 'Photo uploaded' })).toBeVisible()
  const profilePhoto = await profilePhotoOf(db, member.id)
  expect(profilePhoto).toMatch(/^\/uploads\/avatars\//)
  expect(profilePhoto).not.toBe(before)
  await expect(page.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', new RegExp(`^${profilePhoto}-320\\.webp$`))
  await expect(page.getByText('Please choose a photo to upload')).toHaveCount(0)
})

test('owner step 1: a file that is not a picture is refused and the step still continues without it', async ({ page, visit, db, jsEnabled }) => {
  const user = await registerUser(page, db, { prefix: 'step-one', name: 'Stella Step' })
  await visit('/onboarding/owner/1')
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeVisible()
  const picker = page.getByLabel('Choose profile photo')

  // A text file: with JavaScript it is refused as soon as it is chosen, without it by the server.
  await picker.setInputFiles(textFile('notes.txt'))
  await page.getByLabel('Your name').fill('Stella Renamed')
  if (!jsEnabled) await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Please upload an image file. Not added: notes.txt').first()).toBeVisible()
  await expect(page).toHaveURL(/\/onboarding\/owner\/1$/)
  await expect(page.getByLabel('Your name')).toHaveValue('Stella Renamed')

  // A file that claims to be a PNG: only the server can tell (with JavaScript a chosen photo is sent at
  // once); the step keeps the name and lets the owner on.
  await picker.setInputFiles(textFile('fake.png', 'image/png'))
  if (!jsEnabled) await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Please upload an image file. Not added: fake.png').first()).toBeVisible()
  await expect(page).toHaveURL(/\/onboarding\/owner\/1$/)

  // A HEIC photo, which cannot be read (decision 117): said as such, by the picker with JavaScript, else the server.
  await picker.setInputFiles(heicFile)
  if (!jsEnabled) await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('HEIC photos cannot be read: please choose a JPEG or PNG. Not added: IMG_0042.HEIC').first()).toBeVisible()
  await expect(page).toHaveURL(/\/onboarding\/owner\/1$/)

  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page).toHaveURL(/\/onboarding\/owner\/2$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Add your dog' })).toBeVisible()
  const draft = await db.selectFrom('onboardingDrafts').select('data').where('userId', '=', user.id).executeTakeFirstOrThrow()
  expect(JSON.parse(draft.data)).toMatchObject({ ownerName: 'Stella Renamed' })
  expect((await db.selectFrom('users').select('profilePhoto').where('id', '=', user.id).executeTakeFirstOrThrow()).profilePhoto).toBeNull()
})

test('with JavaScript, a photo refused while the page reloads after the last answer is still named once it has reloaded', async ({ page, visit, db, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript a photo goes with the form, and the page is the answer')
  await registerUser(page, db, { prefix: 'step-one-reload' })
  await visit('/onboarding/owner/1')
  const picker = page.getByLabel('Choose profile photo')
  const reloading = page.getByRole('status').filter({ hasText: 'Loading...' })

  // The server's answer to the first photo comes at once; the page's data after it waits until the second is chosen.
  const { promise: secondChosen, resolve: letReloadThrough } = Promise.withResolvers<void>()
  await page.route(/\/onboarding\/owner\/1\.data/, async (route) => {
    if (route.request().method() === 'GET') await secondChosen
    await route.continue()
  })
  await picker.setInputFiles(textFile('fake.png', 'image/png'))
  await expect(page.getByText('Please upload an image file. Not added: fake.png').first()).toBeVisible()
  await expect(reloading).toHaveCount(1)

  await picker.setInputFiles(heicFile)
  const heicRefused = page.getByText('HEIC photos cannot be read: please choose a JPEG or PNG. Not added: IMG_0042.HEIC')
  await expect(heicRefused).toBeVisible()
  letReloadThrough()
  await expect(reloading).toHaveCount(0)
  await expect(heicRefused).toBeVisible()
  await expect(picker).toHaveAccessibleDescription(/HEIC photos cannot be read/)
})

test('owner step 2: four photos leave three in the draft and name the fourth; the dog is made with three', async ({ page, visit, db, jsEnabled }) => {
  const user = await registerUser(page, db, { prefix: 'step-two' })
  await visit('/onboarding/owner/2')

  await page.getByLabel('Add dog photos').setInputFiles(await photos('1.png', '2.png', '3.png', '4.png'))
  await page.getByLabel("Dog's name", { exact: true }).fill('Trio')
  await page.getByLabel('Breed', { exact: true }).fill('Pug')
  await page.getByLabel('Age', { exact: true }).fill('3 years')
  // With JavaScript the picker takes three at once and says so; without it the server does, after Continue.
  if (!jsEnabled) await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText(`${photoLimit}. Not added: 4.png`).first()).toBeVisible()
  await expect(page.getByText('3 of 3 photos')).toBeVisible()
  if (!jsEnabled) await expect(page.getByRole('img', { name: /^Dog photo \d$/ })).toHaveCount(3)
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page).toHaveURL(/\/onboarding\/owner\/3$/)
  await page.getByRole('checkbox', { name: 'Calm' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('checkbox', { name: 'Walking' }).check()
  await page.getByRole('button', { name: 'Complete' }).click()

  await expect(page).toHaveURL(/\/$/)
  const paths = await imagePathsOfDog(db, user.id, 'Trio')
  expect(paths).toHaveLength(3)
  for (const path of paths) await expectServed(page, path)
})

test('on dog edit, deleting a saved photo keeps the new photo and the text not saved yet; Save changes saves both', async ({ page, visit, db, owner }) => {
  await signInAs(page, owner)
  await visit('/dogs/add')
  await page.getByLabel('Add photos').setInputFiles(await photos('first.png', 'second.png'))
  await page.getByLabel('Name', { exact: true }).fill('Duo')
  await page.getByLabel('Breed', { exact: true }).fill('Boxer')
  await page.getByLabel('Age', { exact: true }).fill('2 years')
  await page.getByRole('button', { name: 'Add Dog' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Duo' })).toBeVisible()
  const [first, second] = await imagePathsOfDog(db, owner.id, 'Duo')

  await visit(`${new URL(page.url()).pathname}/edit`)
  await page.getByLabel('Bio', { exact: true }).fill('Typed before deleting a photo.')
  await page.getByLabel('Add photos').setInputFiles(await photos('third.png'))
  await page.getByRole('button', { name: 'Delete photo 1' }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Image deleted' })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Duo, photo \d$/ })).toHaveCount(1)
  await expect(unsavedPhotos(page)).toHaveCount(1)
  await expect(page.getByLabel('Bio', { exact: true })).toHaveValue('Typed before deleting a photo.')
  expect(await imagePathsOfDog(db, owner.id, 'Duo')).toEqual([second])

  await page.getByRole('button', { name: 'Save changes' }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Dog updated' })).toBeVisible()
  const paths = await imagePathsOfDog(db, owner.id, 'Duo')
  expect(paths).toHaveLength(2)
  expect(paths[0]).toBe(second)
  expect(paths).not.toContain(first)
  for (const path of paths) await expectServed(page, path)
  const { bio } = await db.selectFrom('dogs').select('bio').where('ownerId', '=', owner.id).where('name', '=', 'Duo').executeTakeFirstOrThrow()
  expect(bio).toBe('Typed before deleting a photo.')
})

test('with JavaScript, a photo chosen before the picker’s script has come shows once it comes, stays through the form’s checks and is saved', async ({
  page,
  db,
  jsEnabled,
  owner,
}) => {
  test.skip(!jsEnabled, 'the picker’s script loads after the page’s only with JavaScript')
  await signInAs(page, owner)
  const letThrough = await holdRequests(page, /\/assets\/photo-picker-[^/]+\.js$/)
  await page.goto('/dogs/add') // not `visit`: it waits for the picker to be live
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber$')))
  await page.getByLabel('Add photos').setInputFiles(await photos('early.png'))
  // A field checked and found empty: the form renders again around the picker, which has no script yet.
  const name = page.getByLabel('Name', { exact: true })
  await name.fill('R')
  await name.fill('')
  await page.getByLabel('Breed', { exact: true }).focus()
  await expect(name).toHaveAccessibleDescription('Name is required')

  letThrough()
  await expect(page.getByText('1 of 3 photos')).toBeVisible()
  await expect(page.getByRole('img', { name: 'early.png, not saved yet' })).toBeVisible()
  await name.fill('Early')
  await page.getByLabel('Breed', { exact: true }).fill('Pug')
  await page.getByLabel('Age', { exact: true }).fill('3 years')
  await page.getByRole('button', { name: 'Add Dog' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Early' })).toBeVisible()
  expect(await imagePathsOfDog(db, owner.id, 'Early')).toHaveLength(1)
})

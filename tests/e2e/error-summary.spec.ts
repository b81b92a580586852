import { createHash, randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, holdRequests, loginAs, registerUser, test, type TestDatabase, uniqueEmail } from './fixtures.ts'

// A refused form (issue 8): the field errors, and a summary at the top of the form ('Please fix N
// problems') whose links lead to the fields. It takes the focus after a failed submit (with JavaScript
// by script, without by autofocus). The spec's failure toasts are for real failures only, never for a
// validation error.

function errorSummary(page: Page) {
  return page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /^Please fix \d+ problems?$/ }) })
}

/** Turns off the browser's own `required` checks, so the app's validation is what answers. */
async function skipBrowserValidation(page: Page, submitLabel: string) {
  await page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: submitLabel }) })
    .evaluate((form: HTMLFormElement) => {
      form.noValidate = true
    })
}

/**
 * Uses up the e-mail's reset requests (3 an hour, docs/security.md, Controls in brief). Every test asks from the
 * same address, which may ask for 10 an hour (tests/integration/rate-limits.test.ts): that allowance is given back first.
 */
async function useUpResetRequests(page: Page, db: TestDatabase, email: string) {
  await db.deleteFrom('rateLimitHits').where('key', 'like', 'password-reset:ip:%').execute()
  for (let sent = 0; sent < 3; sent++) {
    const response = await page.request.post('/forgot-password', { form: { email }, headers: { origin: new URL(page.url()).origin } })
    expect(response.ok()).toBe(true)
  }
}

/** The summary of a refusal that names no field. */
function refusalSummary(page: Page) {
  return page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) })
}

/** Clicks a submit button; without JavaScript also waits for the server's answer and returns its status. */
async function submit(page: Page, jsEnabled: boolean, label: string) {
  const answer = jsEnabled ? null : page.waitForResponse((response) => response.request().method() === 'POST')
  await page.getByRole('button', { name: label }).click()
  return answer ? (await answer).status() : null
}

test('/profile/edit: bad fields are summed up at the top with links to them, and there is no failure toast', async ({ page, visit, db, jsEnabled }) => {
  const user = await registerUser(page, db, { prefix: 'summary-profile', name: 'Sue Summary' })
  await visit('/profile/edit')
  await skipBrowserValidation(page, 'Save Changes')

  await page.getByLabel('Full Name', { exact: true }).fill('')
  await page.getByLabel('Phone', { exact: true }).fill('call me maybe')
  // With JavaScript the validator loads on the first focus and checks the field left before it came: its message
  // moves Save Changes down, and a tap at that moment would miss. A person sees it beside the field first.
  if (jsEnabled) await expect(page.getByLabel('Full Name', { exact: true })).toHaveAccessibleDescription('Name is required')
  const status = await submit(page, jsEnabled, 'Save Changes')

  if (!jsEnabled) expect(status).toBe(400)
  const summary = errorSummary(page)
  await expect(summary.getByRole('heading')).toHaveText('Please fix 2 problems')
  await expect(summary).toBeFocused()
  await expect(summary).toBeInViewport()
  await expect(summary.getByRole('link')).toHaveText(['Full Name: Name is required', 'Phone: Please enter a valid phone number'])
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveAccessibleDescription('Name is required')
  await expect(page.getByLabel('Phone', { exact: true })).toHaveAccessibleDescription('Please enter a valid phone number')
  await expect(page.getByText('Update failed')).toHaveCount(0)

  // A link leads to its field, ready to type in.
  await summary.getByRole('link', { name: 'Phone: Please enter a valid phone number' }).click()
  const phone = page.getByLabel('Phone', { exact: true })
  await expect(phone).toBeFocused()
  await expect(phone).toBeInViewport()

  // A second failed submit brings the focus back to the summary.
  await submit(page, jsEnabled, 'Save Changes')
  await expect(errorSummary(page)).toBeFocused()

  const row = await db.selectFrom('users').select(['name', 'phoneNumber']).where('id', '=', user.id).executeTakeFirstOrThrow()
  expect(row).toEqual({ name: 'Sue Summary', phoneNumber: null })
})

test('/dogs/add: bad fields are summed up at the top with links to them, and there is no failure toast', async ({ page, visit, db, jsEnabled }) => {
  const owner = await registerUser(page, db, { prefix: 'summary-dog' })
  await visit('/dogs/add')
  await skipBrowserValidation(page, 'Add Dog')

  await page.getByLabel('Breed', { exact: true }).fill('Whippet')
  await page.getByLabel('Weight (kg)', { exact: true }).fill('120')
  const status = await submit(page, jsEnabled, 'Add Dog')

  if (!jsEnabled) expect(status).toBe(400)
  const summary = errorSummary(page)
  await expect(summary.getByRole('heading')).toHaveText('Please fix 3 problems')
  await expect(summary).toBeFocused()
  await expect(summary).toBeInViewport()
  await expect(summary.getByRole('link')).toHaveText([
    'Name: Name is required',
    'Age: Age is required',
    'Weight (kg): Weight must be between 0 and 100 kg',
  ])
  await expect(page.getByLabel('Age', { exact: true })).toHaveAccessibleDescription('Age is required')
  await expect(page.getByText('Error adding dog')).toHaveCount(0)
  await expect(page.getByLabel('Breed', { exact: true })).toHaveValue('Whippet') // what was entered stays

  await summary.getByRole('link', { name: 'Age: Age is required' }).click()
  const age = page.getByLabel('Age', { exact: true })
  await expect(age).toBeFocused()
  await expect(age).toBeInViewport()

  expect(await db.selectFrom('dogs').select('id').where('ownerId', '=', owner.id).execute()).toEqual([])
})

test('/dogs/add: validators that come while the form is on its way leave the focus on the summary of the answer', async ({ page, visit, db, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript the server validates and the summary has autofocus')
  await registerUser(page, db, { prefix: 'summary-late' })
  const letValidatorsThrough = await holdRequests(page, /\/assets\/validators-[^/]+\.js$/)
  await visit('/dogs/add')
  await skipBrowserValidation(page, 'Add Dog')
  const weight = page.getByLabel('Weight (kg)', { exact: true })
  await weight.fill('120')
  await page.getByLabel('Breed', { exact: true }).fill('Whippet')

  // The form goes to the server (no validators yet); they come, and check the fields left, before its answer.
  await page.route('**/dogs/add.data', async (route) => {
    letValidatorsThrough()
    await expect(weight).toHaveAccessibleDescription('Weight must be between 0 and 100 kg')
    await route.continue()
  })
  await page.getByRole('button', { name: 'Add Dog' }).click()

  const summary = errorSummary(page)
  await expect(summary.getByRole('heading')).toHaveText('Please fix 3 problems')
  await expect(summary).toBeFocused()
  // Once React Router has loaded the page's data again, the summary still has it.
  await page.waitForLoadState('networkidle')
  await expect(summary).toBeFocused()
})

test('/dogs/add: a link to a group of checkboxes leads to the group (with JavaScript, to its first checkbox)', async ({ page, visit, db, jsEnabled }) => {
  await registerUser(page, db, { prefix: 'summary-chips' })
  await visit('/dogs/add')
  await skipBrowserValidation(page, 'Add Dog')
  // An unknown trait can only come from a crafted form; the validation names the group.
  await page.getByRole('group', { name: 'Personality traits' }).evaluate((group) => {
    group.append(Object.assign(document.createElement('input'), { type: 'hidden', name: 'personality', value: 'Grumpy' }))
  })
  await page.getByLabel('Name', { exact: true }).fill('Rex')
  await page.getByLabel('Breed', { exact: true }).fill('Labrador')
  await page.getByLabel('Age', { exact: true }).fill('2 years')
  await submit(page, jsEnabled, 'Add Dog')

  const link = errorSummary(page).getByRole('link', { name: /^Personality traits: Unknown personality trait: Grumpy/ })
  await expect(link).toBeVisible()
  await link.click()
  const group = page.getByRole('group', { name: 'Personality traits' })
  await expect(group).toBeInViewport()
  // With JavaScript the link also puts the focus on the group's first checkbox.
  if (jsEnabled) await expect(group.getByRole('checkbox').first()).toBeFocused()
})

test('with JavaScript, errors found while typing stay at their field, and the summary closes once all are fixed', async ({ page, visit, db, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript only a submit validates')
  await registerUser(page, db, { prefix: 'summary-typing' })
  await visit('/profile/edit')

  // Blur validation: a message at the field, no summary, the focus left where the user put it.
  await page.getByLabel('Phone', { exact: true }).fill('call me maybe')
  await page.getByLabel('Bio', { exact: true }).focus()
  await expect(page.getByLabel('Phone', { exact: true })).toHaveAccessibleDescription('Please enter a valid phone number')
  await expect(errorSummary(page)).toHaveCount(0)
  await expect(page.getByLabel('Bio', { exact: true })).toBeFocused()

  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(errorSummary(page)).toBeFocused()

  await page.getByLabel('Phone', { exact: true }).fill('+41 79 555 12 34')
  await expect(errorSummary(page)).toHaveCount(0)
})

test('/login: an empty form is summed up with links to Email and Password', async ({ page, visit, jsEnabled }) => {
  await visit('/login')
  await skipBrowserValidation(page, 'Login')

  await submit(page, jsEnabled, 'Login')

  const summary = errorSummary(page)
  await expect(summary.getByRole('link')).toHaveText(['Email: Email is required', 'Password: Password is required'])
  await expect(summary).toBeFocused()
  await summary.getByRole('link', { name: 'Password: Password is required' }).click()
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused()
  await expect(page.getByText('Authentication failed')).toHaveCount(0)
})

test('/support: a bad e-mail is summed up with a link to it', async ({ page, visit, jsEnabled }) => {
  await loginAs(page, 'owner')
  await visit('/support')
  await skipBrowserValidation(page, 'Send message')

  await page.getByLabel('Email', { exact: true }).fill('not-an-address')
  await page.getByLabel('Subject', { exact: true }).fill('Walks')
  await page.getByLabel('Message', { exact: true }).fill('Hello there')
  if (jsEnabled) await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('Please enter a valid email')
  await submit(page, jsEnabled, 'Send message')

  const summary = errorSummary(page)
  await expect(summary.getByRole('link')).toHaveText(['Email: Please enter a valid email'])
  await expect(summary).toBeFocused()
})

test('/support: a mouse press on Send message while the empty Message has the focus is not lost to the field\'s message moving the button @desktop', async ({ page, visit, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript no field is checked on leaving it')
  await visit('/support')
  await skipBrowserValidation(page, 'Send message')
  const email = page.getByLabel('Email', { exact: true })
  const message = page.getByLabel('Message', { exact: true })
  // The validator arrives and checks a field on leaving it: the e-mail's message shows it has.
  await email.fill('not-an-address')
  await page.getByLabel('Subject', { exact: true }).fill('Walks')
  await expect(email).toHaveAccessibleDescription('Please enter a valid email')
  await email.fill('olivia@example.com')
  await expect(email).not.toHaveAccessibleDescription('Please enter a valid email')
  await message.focus()

  // Pressed near its top edge: a message shown under the empty field before the release would move the button
  // down and out from under the pointer.
  const button = page.getByRole('button', { name: 'Send message' })
  await button.evaluate((element) => element.scrollIntoView({ block: 'center' })) // clear of the phone's bottom bar
  const box = await button.boundingBox()
  if (!box) throw new Error('Send message is not shown')
  await page.mouse.move(box.x + box.width / 2, box.y + 4)
  await page.mouse.down()
  await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))))
  await page.mouse.up()

  const summary = errorSummary(page)
  await expect(summary.getByRole('link')).toHaveText(['Message: Message is required'])
  await expect(summary).toBeFocused()
})

test('/dogs/{id}/edit: a bad field is summed up, and there is no failure toast', async ({ page, visit, db, jsEnabled }) => {
  const owner = await registerUser(page, db, { prefix: 'summary-edit' })
  await visit('/dogs/add')
  await page.getByLabel('Name', { exact: true }).fill('Rex')
  await page.getByLabel('Breed', { exact: true }).fill('Labrador')
  await page.getByLabel('Age', { exact: true }).fill('2 years')
  await page.getByRole('button', { name: 'Add Dog' }).click()
  await expect(page).toHaveURL(/\/dogs\/[0-9a-f-]{36}$/)
  await visit(`${new URL(page.url()).pathname}/edit`)

  await page.getByLabel('Age', { exact: true }).fill('quite old')
  await submit(page, jsEnabled, 'Save changes')

  const summary = errorSummary(page)
  await expect(summary.getByRole('link')).toHaveText(['Age: Please enter an age like "2 years" or "6 months"'])
  await expect(summary).toBeFocused()
  await expect(page.getByText('Error updating dog')).toHaveCount(0)
  const dog = await db.selectFrom('dogs').select('age').where('ownerId', '=', owner.id).executeTakeFirstOrThrow()
  expect(dog.age).toBe('2 years')
})

test('/forgot-password: a bad e-mail is summed up with a link to it', async ({ page, visit, jsEnabled }) => {
  await visit('/forgot-password')
  await skipBrowserValidation(page, 'Send reset link')

  await page.getByLabel('Email', { exact: true }).fill('nobody-at-example')
  await submit(page, jsEnabled, 'Send reset link')

  const summary = errorSummary(page)
  await expect(summary.getByRole('link')).toHaveText(['Email: Please enter a valid email'])
  await expect(summary).toBeFocused()
})

test('/reset-password: passwords that do not match are summed up with a link to the confirmation', async ({ page, visit, db, jsEnabled }) => {
  const user = await registerUser(page, db, { prefix: 'summary-reset' })
  await page.context().clearCookies()
  const token = randomBytes(24).toString('base64url')
  const now = Date.now()
  await db
    .insertInto('passwordResetTokens')
    .values({
      tokenHash: createHash('sha256').update(token).digest('base64url'),
      userId: user.id,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 60 * 60 * 1000).toISOString(),
      usedAt: null,
    })
    .execute()
  await visit(`/reset-password?token=${token}`)
  await skipBrowserValidation(page, 'Set new password')

  await page.getByLabel('New password', { exact: true }).fill('brand-new-secret')
  await page.getByLabel('Confirm password', { exact: true }).fill('brand-new-secrte')
  await submit(page, jsEnabled, 'Set new password')

  const summary = errorSummary(page)
  await expect(summary.getByRole('link')).toHaveText(['Confirm password: Passwords do not match'])
  await expect(summary).toBeFocused()
  await summary.getByRole('link').click()
  await expect(page.getByLabel('Confirm password', { exact: true })).toBeFocused()
})

test('/forgot-password: a refusal with no field to fix (too many requests) says there is a problem', async ({ page, visit, db, jsEnabled }) => {
  const email = uniqueEmail('summary-limit')
  await visit('/forgot-password')
  await useUpResetRequests(page, db, email)

  await page.getByLabel('Email', { exact: true }).fill(email)
  const status = await submit(page, jsEnabled, 'Send reset link')

  if (!jsEnabled) expect(status).toBe(429)
  const summary = refusalSummary(page)
  await expect(summary).toContainText('Too many password reset requests. Please try again later.')
  await expect(summary.getByRole('link')).toHaveCount(0)
  await expect(summary).toBeFocused()
})

test('/forgot-password: validators that come after the server’s refusal leave its summary in place', async ({ page, visit, db, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript there are no validators to come')
  const email = uniqueEmail('summary-late-limit')
  const letValidatorsThrough = await holdRequests(page, /\/assets\/validators-[^/]+\.js$/)
  await visit('/forgot-password')
  await useUpResetRequests(page, db, email)
  // The e-mail is typed and left for the button before the validators have come: it goes to the server unchecked.
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  const summary = refusalSummary(page)
  await expect(summary).toContainText('Too many password reset requests. Please try again later.')
  await expect(summary).toBeFocused()

  // The server checked the e-mail with the rest: the validators coming now have nothing left to check.
  const validatorsCame = page.waitForResponse(/\/assets\/validators-[^/]+\.js$/)
  letValidatorsThrough()
  await validatorsCame
  await page.waitForLoadState('networkidle')
  await expect(summary).toContainText('Too many password reset requests. Please try again later.')
  await expect(summary).toBeFocused()
})

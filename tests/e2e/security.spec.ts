import type { APIResponse, Response } from '@playwright/test'
import { expect, loginAs, onDisk, registerUser, test } from './fixtures.ts'

/** The nonce of the script-src directive, e.g. `script-src 'nonce-abc' 'strict-dynamic'` -> `abc`. */
function scriptNonce(policy: string) {
  const scriptSrc = policy
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src '))
  return scriptSrc?.match(/'nonce-([^']+)'/)?.[1]
}

function policyOf(response: Response | APIResponse) {
  return response.headers()['content-security-policy'] ?? ''
}

test('signed-in pages carry a content security policy with a nonce that every script tag uses', async ({ page, jsEnabled }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await loginAs(page, 'owner')

  const response = await page.goto('/support')

  expect(response?.status()).toBe(200)
  const policy = policyOf(response!)
  expect(policy).toMatch(/(^|;)\s*frame-ancestors 'none'\s*(;|$)/)
  expect(policy).toMatch(/(^|;)\s*connect-src 'self'\s*(;|$)/)
  const nonce = scriptNonce(policy)
  expect(nonce, `a 'nonce-...' in script-src of: ${policy}`).toMatch(/^[A-Za-z0-9+/_=-]{16,}$/)

  const html = await response!.text()
  const scriptTags = html.match(/<script\b[^>]*>/gi) ?? []
  expect(scriptTags.length).toBeGreaterThan(0)
  for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`)

  if (jsEnabled) {
    await page.waitForLoadState('load')
    expect(violations, 'the browser reported no blocked script or style').toEqual([])
  }
})

test('a shared public page runs its scripts under the hash-based policy and hydrates', async ({ page, jsEnabled, visit }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  const response = await visit('/login')
  const policy = policyOf(response!)
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/)
  expect(policy).not.toContain('nonce-')
  if (jsEnabled) {
    // Hydrated: a client-side navigation to the sign-up form works without a full page load.
    await page.getByRole('link', { name: 'Sign up' }).click()
    await expect(page.getByRole('heading', { name: 'Join Our Community' })).toBeVisible()
    expect(violations, 'the browser reported no blocked script').toEqual([])
  }
})

test('pages are sent with protective headers', async ({ request }) => {
  const response = await request.get('/support')

  expect(response.status()).toBe(200)
  const headers = response.headers()
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toMatch(/\S/)
  expect(headers['referrer-policy']).not.toMatch(/unsafe-url|no-referrer-when-downgrade/)
  expect(headers).not.toHaveProperty('x-powered-by')
})

test('every response of a page that is not shared gets a fresh nonce', async ({ request }) => {
  const first = scriptNonce(policyOf(await request.get('/reset-password?token=x')))
  const second = scriptNonce(policyOf(await request.get('/reset-password?token=x')))

  expect(first).toBeTruthy()
  expect(second).toBeTruthy()
  expect(second).not.toBe(first)
})

test('with JavaScript, a form validates on blur without any CSP violation', async ({ page, jsEnabled, visit }) => {
  test.skip(!jsEnabled, 'validation on blur is the JavaScript enhancement; without it the server validates on submit')
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
  // The form's validator is a separate chunk, loaded at the first focus in the form (decision 082).
  await visit('/login')
  const validatorLoaded = page.waitForResponse((response) => /\/assets\/validators-[^/]+\.js$/.test(response.url()))
  await page.getByLabel('Email').focus()
  await validatorLoaded

  await page.getByLabel('Password').focus()
  await expect(page.getByText('Email is required')).toBeVisible()
  await page.getByLabel('Email').fill('not-an-email')
  await expect(page.getByText('Please enter a valid email')).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
})

test('without JavaScript, a 6 MB photo gets the spec message on the page and nothing is saved', async ({ page, visit, db, jsEnabled }) => {
  test.skip(jsEnabled, 'with JavaScript the photo picker refuses the file before anything is sent')
  await registerUser(page, db, { prefix: 'big-photo' })
  await visit('/dogs/add')
  await page.getByLabel('Add photos').setInputFiles(await onDisk([{ name: 'huge.png', buffer: Buffer.alloc(6 * 1024 * 1024, 7) }]))
  await page.getByLabel('Name', { exact: true }).fill('Bigfoot')
  await page.getByLabel('Breed', { exact: true }).fill('Newfoundland')
  await page.getByLabel('Age', { exact: true }).fill('4 years')
  await page.getByRole('button', { name: 'Add Dog' }).click()

  await expect(page.locator('#dog-images-error')).toHaveText('Image size should be less than 5MB. Not added: huge.png')
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Bigfoot')
  expect(await db.selectFrom('dogs').select('id').where('name', '=', 'Bigfoot').executeTakeFirst()).toBeUndefined()
})

test('a form posted from another site gets the 403 page', async ({ page, db }) => {
  await registerUser(page, db, { prefix: 'cross-site' })
  const response = await page.request.post('/dogs/add', {
    multipart: { intent: 'save', name: 'Forged', breed: 'Pug', age: '2 years' },
    headers: { origin: 'https://evil.example' },
  })
  expect(response.status()).toBe(403)
  expect(await response.text()).toContain('Request refused')
  expect(await db.selectFrom('dogs').select('id').where('name', '=', 'Forged').executeTakeFirst()).toBeUndefined()
})

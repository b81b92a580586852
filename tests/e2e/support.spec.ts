import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

function contactForm(page: Page) {
  return page.locator('form').filter({ has: page.getByRole('button', { name: 'Send message' }) })
}

async function sendSupportMessage(page: Page, values: { email: string; subject: string; message: string }) {
  const form = contactForm(page)
  await form.getByLabel('Email', { exact: true }).fill(values.email)
  await form.getByLabel('Subject', { exact: true }).fill(values.subject)
  await form.getByLabel('Message', { exact: true }).fill(values.message)
  const answer = page.waitForResponse((response) => response.request().method() === 'POST')
  await form.getByRole('button', { name: 'Send message' }).click()
  return answer
}

function uniqueValues() {
  return {
    email: 'walker-fan@example.com',
    subject: `Question about walks ${crypto.randomUUID()}`,
    message: 'Can a sitter walk two dogs at once?',
  }
}

test('the support page has a contact form', async ({ page }) => {
  await page.goto('/support')

  const form = contactForm(page)
  await expect(form.getByLabel('Email', { exact: true })).toBeVisible()
  await expect(form.getByLabel('Subject', { exact: true })).toBeVisible()
  await expect(form.getByLabel('Message', { exact: true })).toBeVisible()
  await expect(form.getByRole('button', { name: 'Send message' })).toBeVisible()
})

test('an empty contact form is refused with a message', async ({ page, visit, jsEnabled, db }) => {
  await visit('/support')
  const form = contactForm(page)
  // The browser's own `required` check would stop an empty form before it is sent; switch it off
  // so the app's validation is what answers (the server's without JavaScript, the page's with it).
  await form.evaluate((element: HTMLFormElement) => {
    element.noValidate = true
  })

  const answer = jsEnabled ? undefined : page.waitForResponse((response) => response.request().method() === 'POST')
  await form.getByRole('button', { name: 'Send message' }).click()

  if (answer) expect((await answer).status()).toBe(400)
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible()
  const stored = await db.selectFrom('supportRequests').select('id').where('email', '=', '').execute()
  expect(stored).toEqual([])
})

test('a sent message is stored and confirmed by a toast after the redirect', async ({ page, visit, jsEnabled, db }) => {
  await visit('/support')
  const values = uniqueValues()

  const answer = await sendSupportMessage(page, values)

  if (jsEnabled) {
    // With JavaScript the router sends the form as a data request and follows the redirect itself.
    expect(new URL(answer.url()).pathname).toBe('/support.data')
  } else {
    // Without JavaScript the form is a plain POST answered by a redirect back to the page.
    expect([302, 303]).toContain(answer.status())
    expect(new URL(answer.headers()['location'] ?? '', page.url()).pathname).toBe('/support')
  }
  await expect(page).toHaveURL(/\/support$/)
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible()
  const stored = await db
    .selectFrom('supportRequests')
    .select(['email', 'subject', 'message'])
    .where('subject', '=', values.subject)
    .execute()
  expect(stored).toEqual([values])
})

test('the confirmation toast is shown only once', async ({ page, visit }) => {
  await visit('/support')
  await sendSupportMessage(page, uniqueValues())
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible()

  await page.reload()

  await expect(contactForm(page)).toBeVisible()
  await expect(page.getByText('Message sent')).toHaveCount(0)
})

import { describe, expect, test, vi } from 'vitest'
import { appRequest, origin, postForm, registerAccount } from './app.ts'

// A local run (LOCAL_RUN=true, decision 073) sends no e-mail and prints none: each is kept in the outbox table
// and listed on /local/outbox, to anyone who reaches the server, newest first, its links to this site clickable.
// Without the switch the page is 404 to everyone (tests/integration/access-table.test.ts).
process.env.LOCAL_RUN = 'true'
const { db } = await import('#app/lib/db.server.ts')
const { deliverDueEmails, queueEmail } = await import('#app/lib/email-outbox.server.ts')

/** The outbox page as a visitor without any credential sees it. */
async function outboxPage() {
  const response = await appRequest('/local/outbox')
  expect(response.status).toBe(200)
  return response.text()
}

/** Every line printed with console.info while `work` runs. */
async function printedDuring(work: () => Promise<unknown>) {
  const log = vi.spyOn(console, 'info').mockImplementation(() => {})
  try {
    await work()
    return log.mock.calls.map((call) => call.map(String).join(' '))
  } finally {
    log.mockRestore()
  }
}

describe('a local run keeps its e-mails for /local/outbox', () => {
  test('a password reset e-mail is not printed; the page lists it, to whom and its working link', async () => {
    const account = await registerAccount()

    const printed = await printedDuring(() => postForm('/forgot-password', { email: account.email }))

    expect(printed.filter((line) => line.includes(account.email))).toEqual([])
    const page = await outboxPage()
    expect(page).toContain('Reset your Pawpal password')
    expect(page).toContain(account.email)
    const link = new RegExp(`<a href="(${origin}/reset-password\\?token=[\\w-]+)"`).exec(page)?.[1]
    const token = new URL(link!).searchParams.get('token')!
    const reset = await postForm('/reset-password', { token, password: 'brand-new-secret', confirmPassword: 'brand-new-secret' })
    expect(reset.headers.get('location')).toBe('/login')
  })

  test('a queued e-mail is marked sent without printing, listed newest first with its time; only our own links are links', async () => {
    const now = Date.now()
    const older = { key: `local-outbox-test:${now}:older`, to: 'older@example.com', subject: 'The older one', text: 'First.' }
    const newer = {
      key: `local-outbox-test:${now}:newer`,
      to: 'newer@example.com',
      subject: 'The newer one',
      text: `Hi,\n\nYour booking:\n${origin}/bookings/b-1\n\nNot ours:\nhttps://elsewhere.example/page`,
    }
    await queueEmail(db, older, now - 60_000)
    await queueEmail(db, newer, now)

    const printed = await printedDuring(() => deliverDueEmails(now))

    expect(printed).toEqual([])
    const rows = await db.selectFrom('emailOutbox').select(['key', 'sentAt']).where('key', 'in', [older.key, newer.key]).execute()
    expect(rows.filter((row) => row.sentAt === null)).toEqual([])
    const page = await outboxPage()
    expect(page.indexOf('The newer one')).toBeLessThan(page.indexOf('The older one'))
    expect(page).toContain(`<time dateTime="${new Date(now).toISOString()}">`)
    expect(page).toContain(`<a href="${origin}/bookings/b-1"`)
    expect(page).toContain('https://elsewhere.example/page')
    expect(page).not.toContain('href="https://elsewhere.example')
  })
})

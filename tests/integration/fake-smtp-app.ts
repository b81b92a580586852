import { afterAll, beforeAll } from 'vitest'
import { startFakeSmtp } from '#tests/fakes/smtp.ts'
import { startTestApp } from './app.ts'

/**
 * For a test file whose app sends e-mail: starts the local fake mail server and points SMTP_URL at it
 * before the app's modules first load (env.server.ts reads it once), then migrates and starts the app
 * before the file's tests and stops the fake after them. Call it at the top of the file, before anything
 * imports the app's modules.
 */
export async function startAppWithFakeSmtp() {
  const smtp = await startFakeSmtp()
  process.env.SMTP_URL = smtp.url
  const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
  beforeAll(async () => {
    await migrateToLatest()
    await startTestApp()
  })
  afterAll(async () => {
    await smtp.close()
  })
  return { smtp, db }
}

import { afterAll, beforeAll } from 'vitest'
import { startFakeGoogle } from '#tests/fakes/google.ts'
import { startTestApp } from './app.ts'

/**
 * For a test file whose app talks to Google: starts the local fake Google and points the environment at
 * it before the app's modules first load (env.server.ts reads it once), then migrates and starts the app
 * before the file's tests and stops the fake after them. Call it at the top of the file, before anything
 * imports the app's modules.
 */
export async function startAppWithFakeGoogle() {
  const google = await startFakeGoogle()
  Object.assign(process.env, google.environment())
  const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
  beforeAll(async () => {
    await migrateToLatest()
    await startTestApp()
  })
  afterAll(async () => {
    await google.close()
  })
  return { google, db }
}

import { deleteExpiredSessions } from '#app/features/accounts/session.server.ts'
import { demoLogins, isDatabaseEmpty, seedDemoData } from '#db/seed.ts'
import { db, migrateToLatest } from './db.server.ts'
import { env } from './env.server.ts'
import { closeAllSockets } from '#app/features/messages/socket.server.ts'

export { handleSocketUpgrade } from '#app/features/messages/socket.server.ts'

/** Runs before the server accepts requests: schema, demo data, housekeeping. */
export async function startApp() {
  await migrateToLatest(db)
  let seeded = false
  if (env.SEED_DEMO && (await isDatabaseEmpty(db))) {
    await seedDemoData(db, { uploadDir: env.UPLOAD_DIR })
    seeded = true
  }
  await deleteExpiredSessions()
  return { seeded, demoLogins: env.SEED_DEMO ? demoLogins : [] }
}

export async function stopApp() {
  closeAllSockets()
  await db.destroy()
}

import { rmSync } from 'node:fs'
import { sql } from 'kysely'
import { env } from '#app/lib/env.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { demoLogins, seedDemoData } from './seed.ts'

// `npm run db:reset`: deletes the database (on PostgreSQL everything in its public schema) and the stored
// images (UPLOAD_DIR, or every file of S3_BUCKET), recreates the schema and, unless SEED_DEMO=false, the demo
// data. The development session secret is kept.

const { database } = env
if (database.engine === 'sqlite') {
  for (const file of [database.file, `${database.file}-wal`, `${database.file}-shm`]) rmSync(file, { force: true })
}
for (const key of await storage.list('')) await storage.delete(key)

// db.server.ts opens the database file when it is imported, so it is imported only once the old file is gone.
const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
try {
  if (database.engine === 'postgres') {
    await sql`drop schema public cascade`.execute(db)
    await sql`create schema public`.execute(db)
  }
  await migrateToLatest(db)
  console.info(`Created an empty database at ${database.engine === 'sqlite' ? database.file : 'the PostgreSQL of DATABASE_URL'}`)
  if (env.SEED_DEMO) {
    const started = performance.now()
    const counts = await seedDemoData(db, { storage })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.info(`Demo data created in ${seconds} s:`)
    for (const [what, count] of Object.entries(counts)) console.info(`  ${what}: ${count}`)
    for (const login of demoLogins) console.info(`  demo ${login.role}: ${login.email} / ${login.password}`)
  }
} finally {
  await db.destroy()
}

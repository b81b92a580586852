import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { attachKeptGalleryPhotos, listGalleryPhotos } from '#app/features/sitters/gallery.server.ts'
import { db, engine, migrateToLatest } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'
import { insertSitter, insertUser } from './fixtures.ts'

// Another connection writing to the app's SQLite file (the admin CLI, an e2e test's `db` fixture) makes the
// app's transactions wait for it, as its single statements do, instead of failing with SQLITE_BUSY
// (decision 065): a transaction that read before its first write could not wait (SQLite never waits to
// turn a reader into the writer), and Save Changes answered 500 with 'Error Loading Profile'.

beforeAll(async () => {
  await migrateToLatest()
})

afterAll(async () => {
  await db.destroy()
})

/** Another connection takes the write lock at once and keeps it for `holdMs`. */
async function holdWriteLock(holdMs: number) {
  if (env.database.engine !== 'sqlite') throw new Error('SQLite only')
  const holder = new Worker(new URL('./write-lock-holder.ts', import.meta.url), { workerData: { file: env.database.file, holdMs } })
  const [first] = (await once(holder, 'message')) as [string]
  expect(first).toBe('locked')
  return { released: once(holder, 'message').then(() => holder.terminate()) }
}

describe.runIf(engine === 'sqlite')('another connection writing to the SQLite file', () => {
  test("a transaction that reads before it writes waits for the other connection's write", async () => {
    const owner = await insertUser()
    const other = await holdWriteLock(300)

    const renamed = db.transaction().execute(async (trx) => {
      const { name } = await trx.selectFrom('users').select('name').where('id', '=', owner.id).executeTakeFirstOrThrow()
      await trx.updateTable('users').set({ name: `${name} Renamed` }).where('id', '=', owner.id).execute()
    })

    await expect(renamed).resolves.toBeUndefined()
    await other.released
    expect(await db.selectFrom('users').select('name').where('id', '=', owner.id).executeTakeFirstOrThrow()).toEqual({ name: 'Olivia Owner Renamed' })
  })

  test("a sitter's kept gallery photos are saved while another connection writes", async () => {
    const sitter = await insertSitter()
    const createdAt = new Date().toISOString()
    const kept = ['park', 'lake'].map((name) => ({ id: crypto.randomUUID(), userId: sitter.id, kind: 'gallery' as const, path: `/uploads/gallery/${sitter.id}/${name}`, createdAt }))
    await db.insertInto('pendingUploads').values(kept).execute()
    const other = await holdWriteLock(300)

    const attached = attachKeptGalleryPhotos(sitter.id, kept.map(({ id }) => id))

    await expect(attached).resolves.toBe(true)
    await other.released
    expect(await listGalleryPhotos(sitter.id)).toEqual(kept.map(({ path }) => path))
  })
})

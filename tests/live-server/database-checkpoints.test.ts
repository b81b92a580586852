import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Sqlite from 'better-sqlite3'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type LiveServer, registerAccount, startLiveServer } from './live-server.ts'

// Decision 034: the real server process copies SQLite's write-ahead log into the database file from a
// worker thread, every quarter of a second, instead of inside the commit that takes the log past 1,000
// pages (which held the event loop, and every open socket with it).
let server: LiveServer

beforeAll(async () => {
  server = await startLiveServer('database-checkpoints')
})

afterAll(() => server.dispose())

/** The message contents the database file holds on its own, without its log: what checkpoints copied there. */
function contentsInDatabaseFile() {
  const directory = mkdtempSync(path.join(tmpdir(), 'pawpal-checkpoint-'))
  try {
    const copy = path.join(directory, 'copy.db')
    copyFileSync(server.databaseFile, copy)
    const sqlite = new Sqlite(copy)
    try {
      return sqlite.prepare('select content from messages').pluck().all() as string[]
    } finally {
      sqlite.close()
    }
  } catch {
    return [] // copied halfway through a checkpoint: look again
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}

test('a stored message reaches the database file itself while the log is far from 1,000 pages', async () => {
  const [anna, ben] = [await registerAccount(server), await registerAccount(server)]
  const content = `Is Saturday still good? ${crypto.randomUUID()}`
  const response = await fetch(`${server.url}/api/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${anna.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ recipientId: ben.userId, content }),
  })
  expect(response.status).toBe(201)
  await expect.poll(contentsInDatabaseFile, { timeout: 10_000, interval: 100 }).toContain(content)
})

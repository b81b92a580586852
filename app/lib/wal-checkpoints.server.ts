import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import { sql } from 'kysely'
import type { CheckpointWorkerData } from './wal-checkpoint.worker.ts'
import { db } from './db.server.ts'
import { env } from './env.server.ts'

// Decision 034: SQLite copies its write-ahead log into the database file (a checkpoint), fsyncs included,
// inside the commit that takes the log past 1,000 pages. During a chat storm that held the event loop, and
// every socket with it, three times a second: 10 ms on an idle disk, up to seconds on a busy one. A worker
// thread with its own connection checkpoints instead; the app's connection keeps a backstop.

const checkpointIntervalMs = 250
/** SQLite's default: the app's connection checkpoints itself at this many pages of log. */
const inlineCheckpointPages = 1000
/**
 * While the worker runs, the app's connection checkpoints only when the log passes this many pages (about
 * 40 MB): when the worker cannot keep up (a disk slower than the writes), a stall once in a while instead of
 * a log that grows without end.
 */
const backstopCheckpointPages = 10_000

let worker: Worker | null = null

/** Starts checkpoints in a worker thread; if it cannot start or fails later, the app checkpoints itself as before. */
export async function startWalCheckpoints() {
  const { database } = env
  // PostgreSQL checkpoints on its own, in its own processes.
  if (worker || database.engine !== 'sqlite' || database.file === ':memory:') return
  const data: CheckpointWorkerData = { file: database.file, intervalMs: checkpointIntervalMs }
  const started = new Worker(new URL(import.meta.resolve('#app/lib/wal-checkpoint.worker.ts')), { workerData: data })
  started.on('error', (error: Error) => console.error(`WAL checkpoints failed, the app's connection checkpoints itself: ${error.message}`))
  started.once('exit', () => {
    if (worker !== started) return
    worker = null
    void setInlineCheckpointPages(inlineCheckpointPages).catch(() => {})
  })
  try {
    await once(started, 'online')
  } catch {
    return // logged by the error listener; the exit listener left SQLite's default in place
  }
  started.unref() // only once online: an unref'd thread starting up would not keep start-up waiting
  worker = started
  await setInlineCheckpointPages(backstopCheckpointPages)
}

export async function stopWalCheckpoints() {
  const running = worker
  worker = null
  if (!running) return
  // Unref'd, the thread would not keep the process alive until it exits: with nothing else left (a script,
  // a bench), the wait below would never end.
  running.ref()
  running.postMessage('stop')
  await once(running, 'exit')
}

async function setInlineCheckpointPages(pages: number) {
  await sql`pragma wal_autocheckpoint = ${sql.lit(pages)}`.execute(db)
}

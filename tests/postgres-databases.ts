import pg from 'pg'

// Test databases on a PostgreSQL server (tests/postgres-server.ts starts or finds it).

/** The URL of `database` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, database: string) {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/** Runs `work` with a client connected to the server's own database. */
export async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** A fresh database copied from the migrated `template`; returns its URL. */
export async function createTestDatabase(serverUrl: string, template: string) {
  const name = `${template.replace(/_template$/, '')}_${crypto.randomUUID().replaceAll('-', '')}`
  await onServer(serverUrl, (client) => client.query(`create database "${name}" template "${template}"`))
  return databaseUrl(serverUrl, name)
}

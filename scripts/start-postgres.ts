// `npm run start:postgres`: Pawpal as it runs at scale (DESIGN.md ruling 22, docs/deploy.md), on one machine:
// an embedded PostgreSQL from node_modules keeping its data in data/postgres, and two instances of the
// server on two ports (PORT and PORT + 1, default 3000 and 3001) sharing it, the demo data created on the
// first start. A message sent on one port arrives live in a browser on the other. Ctrl+C stops all three.
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { startEmbeddedPostgres } from '#db/embedded-postgres.ts'

const firstPort = Number(process.env.PORT ?? 3000)
const postgres = await startEmbeddedPostgres(path.resolve('data/postgres'), { durable: true })
const databaseUrl = `${postgres.url}/postgres`
console.info(`PostgreSQL is running at ${databaseUrl} (data in data/postgres)`)

const instances: ChildProcess[] = []

/** One `node server.ts` on `port`; resolves once it answers /healthz. */
async function startInstance(port: number) {
  const child = spawn(process.execPath, ['server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, UPLOAD_DIR: process.env.UPLOAD_DIR ?? 'data/uploads' },
  })
  instances.push(child)
  child.once('exit', (code, signal) => {
    if (!stopping) void stop(`The instance on port ${port} exited (${signal ?? `exit code ${code}`})`, 1)
  })
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The instance on port ${port} did not start`)
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.ok, () => false)
    if (healthy) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

let stopping = false
async function stop(reason: string, exitCode = 0) {
  if (stopping) return
  stopping = true
  console.info(`${reason}: stopping the instances, then PostgreSQL`)
  const running = instances.filter((child) => child.exitCode === null && child.signalCode === null)
  await Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'))))
  await postgres.stop()
  process.exit(exitCode)
}
process.on('SIGINT', () => void stop('SIGINT received'))
process.on('SIGTERM', () => void stop('SIGTERM received'))

try {
  // The first migrates and seeds the demo data; the second then finds both done.
  await startInstance(firstPort)
  await startInstance(firstPort + 1)
  console.info(`Two instances share one PostgreSQL: http://localhost:${firstPort} and http://localhost:${firstPort + 1}`)
} catch (error) {
  await stop(error instanceof Error ? error.message : String(error), 1)
}

// `npm run start:postgres`: Pawpal as it runs at scale (DESIGN.md ruling 22, docs/deploy.md), on one machine:
// an embedded PostgreSQL from node_modules keeping its data in data/postgres, two instances of the server
// sharing it on PORT + 1 and PORT + 2, and haproxy from the system with deploy/haproxy.cfg in front of them
// on PORT (default 3000), the demo data created on the first start. Requests take turns between the
// instances; a message sent through one arrives live in a browser on the other. Each is a local run in
// production mode (scripts/local-run.ts): their e-mails are on /local/outbox. Ctrl+C stops them all.
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { startEmbeddedPostgres } from '#db/embedded-postgres.ts'
import { findHaproxy, installHaproxy, type RunningHaproxy, startHaproxy } from '../deploy/start-haproxy.ts'
import { localRunSettings } from './local-run.ts'

if (!findHaproxy()) {
  console.error(`npm run start:postgres puts haproxy in front of the instances, and it is not installed: ${installHaproxy}`)
  process.exit(1)
}

const proxyPort = Number(process.env.PORT ?? 3000)
const instancePorts = [proxyPort + 1, proxyPort + 2] as const
// The instances believe forwarded headers only from the address haproxy connects from. Linux answers on all
// of 127/8, so that is an address of its own; elsewhere (macOS) only 127.0.0.1 is there.
const proxySource = process.platform === 'linux' ? '127.0.0.2' : '127.0.0.1'
const postgres = await startEmbeddedPostgres(path.resolve('data/postgres'), { durable: true })
const databaseUrl = `${postgres.url}/postgres`
console.info(`PostgreSQL is running at ${databaseUrl} (data in data/postgres)`)

const instances: ChildProcess[] = []
let proxy: RunningHaproxy | undefined

/** One `node server.ts` on `port`; resolves once it answers /readyz (its database and storage answer). */
async function startInstance(port: number) {
  const child = spawn(process.execPath, ['server.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...localRunSettings(process.env),
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      UPLOAD_DIR: process.env.UPLOAD_DIR ?? 'data/uploads',
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${proxyPort}`,
      TRUST_PROXY: proxySource,
    },
  })
  instances.push(child)
  child.once('exit', (code, signal) => {
    if (!stopping) void stop(`The instance on port ${port} exited (${signal ?? `exit code ${code}`})`, 1)
  })
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The instance on port ${port} did not start`)
    const healthy = await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.ok, () => false)
    if (healthy) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

let stopping = false
async function stop(reason: string, exitCode = 0) {
  if (stopping) return
  stopping = true
  console.info(`${reason}: stopping haproxy, the instances, then PostgreSQL`)
  await proxy?.stop()
  const running = instances.filter((child) => child.exitCode === null && child.signalCode === null)
  await Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'))))
  await postgres.stop()
  process.exit(exitCode)
}
process.on('SIGINT', () => void stop('SIGINT received'))
process.on('SIGTERM', () => void stop('SIGTERM received'))

try {
  // The first migrates and seeds the demo data; the second then finds both done.
  for (const port of instancePorts) await startInstance(port)
  proxy = await startHaproxy({ host: '0.0.0.0', port: proxyPort, source: proxySource, instances: [`127.0.0.1:${instancePorts[0]}`, `127.0.0.1:${instancePorts[1]}`] })
  console.info(`Pawpal is running at http://localhost:${proxyPort}: haproxy, taking turns between the instances on ports ${instancePorts.join(' and ')}`)
} catch (error) {
  await stop(error instanceof Error ? error.message : String(error), 1)
}

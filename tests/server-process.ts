// The production server (server.ts) as its own process on a free port with a fresh database, for the
// e2e run and for integration tests that need the real HTTP and WebSocket stack (proxies, early
// answers, socket limits) and must see whether the process survived.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import webpush from 'web-push'

const startupLimitMs = 60_000
const exitWithParent = path.resolve(import.meta.dirname, 'exit-with-parent.ts')
const shutdownLimitMs = 15_000

export type ServerProcess = {
  /** e.g. http://127.0.0.1:41234 */
  url: string
  port: number
  /** The server's process id (the benches read its memory and CPU time). */
  pid: number
  databaseFile: string
  /** Everything the process printed so far. */
  log: () => string
  /** True while the process has not exited. */
  isRunning: () => boolean
  /** SIGTERM, then waits for the exit (SIGKILL after a grace period); keeps the directory. */
  stop: () => Promise<{ code: number | null; describe: string }>
  /** Stops the process and removes its directory. */
  dispose: () => Promise<void>
}

/**
 * Starts `node server.ts` in production mode with its own database and upload folder under `directory`.
 * `environment` adds to or overrides the defaults (PUBLIC_URL defaults to the server's own URL).
 */
export async function startServerProcess({
  root,
  directory,
  environment = {},
}: {
  root: string
  directory: string
  environment?: Record<string, string>
}): Promise<ServerProcess> {
  rmSync(directory, { recursive: true, force: true })
  mkdirSync(directory, { recursive: true })
  const databaseFile = path.join(directory, 'app.db')
  const logFile = path.join(directory, 'server.log')
  const port = await findFreePort()
  const url = `http://127.0.0.1:${port}`
  const logFd = openSync(logFile, 'a')
  const vapid = webpush.generateVAPIDKeys()
  const child = spawn(process.execPath, ['--import', exitWithParent, 'server.ts'], {
    cwd: root,
    stdio: ['pipe', logFd, logFd],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: `file:${databaseFile}`,
      UPLOAD_DIR: path.join(directory, 'uploads'),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUBLIC_URL: url,
      SEED_DEMO: 'false',
      ...environment,
    },
  })
  closeSync(logFd)
  // The runner exiting normally kills the server at once; a runner ended any other way (Ctrl-C, SIGTERM,
  // SIGKILL, a crash) closes the server's stdin, and the server stops (tests/exit-with-parent.ts).
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  const log = () => readFileSync(logFile, 'utf8').trimEnd() || '(no output)'
  const stop = async () => {
    process.off('exit', killOnExit)
    return stopProcess(child)
  }

  try {
    await waitUntilReady(child, url)
  } catch (error) {
    process.off('exit', killOnExit)
    child.kill('SIGKILL')
    const message = `${(error as Error).message}\n--- server output ---\n${log()}\n---`
    rmSync(directory, { recursive: true, force: true })
    throw new Error(message, { cause: error })
  }

  return {
    url,
    port,
    pid: child.pid ?? 0,
    databaseFile,
    log,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    stop,
    async dispose() {
      await stop()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

export function findFreePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port ? resolve(port) : reject(new Error('Could not find a free port'))))
    })
  })
}

async function waitUntilReady(server: ChildProcess, baseUrl: string) {
  const deadline = Date.now() + startupLimitMs
  let lastProblem = 'no answer yet'
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The server exited during start-up (${describeExit(server.exitCode, server.signalCode)}).`)
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) })
      const body = await response.text()
      if (response.status === 200 && body.trim() === 'ok') return
      lastProblem = `GET /readyz answered ${response.status} ${JSON.stringify(body.slice(0, 200))}`
    } catch (error) {
      lastProblem = `GET /readyz failed: ${(error as Error).message}`
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The server was not ready after ${startupLimitMs / 1000} s at ${baseUrl} (${lastProblem}).`)
}

function stopProcess(server: ChildProcess) {
  return new Promise<{ code: number | null; describe: string }>((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) {
      return resolve({ code: server.exitCode, describe: describeExit(server.exitCode, server.signalCode) })
    }
    const forceKill = setTimeout(() => server.kill('SIGKILL'), shutdownLimitMs)
    server.once('exit', (code, signal) => {
      clearTimeout(forceKill)
      resolve({ code, describe: describeExit(code, signal) })
    })
    server.kill('SIGTERM')
  })
}

function describeExit(code: number | null, signal: NodeJS.Signals | null) {
  return signal ? `killed by ${signal}` : `exit code ${code}`
}

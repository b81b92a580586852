// Starts the production server once for the whole e2e run, on a free port with a fresh database
// and upload folder, and stops it (SIGTERM) afterwards. Before it, the local fakes of Google and of
// the geocoder start on loopback in this (the runner's) process, and the server is pointed at them,
// so no test touches the network. Tests find all of it through environment variables, which
// Playwright hands on to its workers.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import type { FullConfig } from '@playwright/test'
import { start as startFakeGeocoder } from '../fakes/geocoder.ts'
import { startFakeGoogle } from '../fakes/google.ts'

/** The server's origin, e.g. http://127.0.0.1:41234 (used as `baseURL`). */
export const baseUrlVariable = 'PAWPAL_E2E_BASE_URL'
/** The server's SQLite file, which the `db` fixture opens to assert rows. */
export const databaseFileVariable = 'PAWPAL_E2E_DATABASE_FILE'
/** The fake Google's origin (tests/fakes/google.ts), for its /__fake/... control endpoints. */
export const fakeGoogleUrlVariable = 'PAWPAL_E2E_FAKE_GOOGLE_URL'
/** The fake geocoder's origin (tests/fakes/geocoder.ts), the server's GEOCODER_URL. */
export const fakeGeocoderUrlVariable = 'PAWPAL_E2E_FAKE_GEOCODER_URL'

const startupLimitMs = 60_000
const shutdownLimitMs = 15_000

export default async function globalSetup(config: FullConfig) {
  const root = config.configFile ? path.dirname(config.configFile) : process.cwd()
  if (!existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('There is no production build: run `npm run build` first (`npm run test:e2e` does).')
  }

  const directory = path.join(root, 'tests/.tmp', `e2e-${process.pid}`)
  rmSync(directory, { recursive: true, force: true })
  mkdirSync(directory, { recursive: true })
  const databaseFile = path.join(directory, 'app.db')
  const logFile = path.join(directory, 'server.log')
  const port = await findFreePort()
  const baseUrl = `http://127.0.0.1:${port}`

  // The fakes live in this process, which runs until the teardown below has finished.
  const google = await startFakeGoogle()
  const geocoder = await startFakeGeocoder()
  const stopFakes = () => Promise.allSettled([google.close(), geocoder.close()])

  const logFd = openSync(logFile, 'a')
  const server = spawn(process.execPath, ['server.ts'], {
    cwd: root,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: `file:${databaseFile}`,
      UPLOAD_DIR: path.join(directory, 'uploads'),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: baseUrl,
      SEED_DEMO: 'true',
      ...google.environment(), // GOOGLE_CLIENT_ID, _SECRET, _AUTH_URL, _TOKEN_URL, _USERINFO_URL, _CALENDAR_URL
      GEOCODER_URL: geocoder.url,
      // Map tiles from loopback too (the fake answers them with an error, so maps show no imagery).
      MAP_TILE_URL: `${geocoder.url}/tiles/{z}/{x}/{y}.png`,
    },
  })
  closeSync(logFd)
  // If the runner itself dies, do not leave the server behind.
  const killOnExit = () => server.kill('SIGKILL')
  process.once('exit', killOnExit)

  const serverLog = () => readFileSync(logFile, 'utf8').trimEnd() || '(no output)'
  const removeDirectory = () => rmSync(directory, { recursive: true, force: true })

  try {
    await waitUntilHealthy(server, baseUrl)
  } catch (error) {
    server.kill('SIGKILL')
    await stopFakes()
    const message = `${(error as Error).message}\n--- server output ---\n${serverLog()}\n---`
    removeDirectory()
    throw new Error(message, { cause: error })
  }

  process.env[baseUrlVariable] = baseUrl
  process.env[databaseFileVariable] = databaseFile
  process.env[fakeGoogleUrlVariable] = google.url
  process.env[fakeGeocoderUrlVariable] = geocoder.url

  return async function globalTeardown() {
    process.off('exit', killOnExit)
    const exit = await stop(server)
    await stopFakes()
    // Keep the log where Playwright keeps its other results, for whoever reads a failure.
    const outputDir = path.join(root, 'test-results')
    mkdirSync(outputDir, { recursive: true })
    copyFileSync(logFile, path.join(outputDir, 'e2e-server.log'))
    if (exit.code !== 0) {
      console.warn(`The e2e server did not stop cleanly on SIGTERM (${exit.describe}). Its output:\n${serverLog()}`)
    }
    removeDirectory()
  }
}

function findFreePort() {
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

async function waitUntilHealthy(server: ChildProcess, baseUrl: string) {
  const deadline = Date.now() + startupLimitMs
  let lastProblem = 'no answer yet'
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The e2e server exited during start-up (${describeExit(server.exitCode, server.signalCode)}).`)
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) })
      const body = await response.text()
      if (response.status === 200 && body.trim() === 'ok') return
      lastProblem = `GET /healthz answered ${response.status} ${JSON.stringify(body.slice(0, 200))}`
    } catch (error) {
      lastProblem = `GET /healthz failed: ${(error as Error).message}`
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The e2e server was not ready after ${startupLimitMs / 1000} s at ${baseUrl} (${lastProblem}).`)
}

/** Sends SIGTERM and waits for the exit; a server that hangs is killed after a grace period. */
function stop(server: ChildProcess) {
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

import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import Sqlite from 'better-sqlite3'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { demoLogins } from '#db/seed.ts'
import { findFreePort } from '#tests/server-process.ts'

// `npm start` on a fresh clone (DESIGN.md ruling 30, decision 073): after its build, scripts/start-local.ts
// serves as a local run, started here the same way with nothing configured (no secret, no VAPID keys, no
// NODE_ENV), on a fresh database with the demo data. React renders with its production build: the process
// loads React's production files and none of its development ones (tests/live-server/react-builds-report.ts).
// Its console is the banner alone; the e-mails it sends (the demo's, a password reset) are on /local/outbox.

const directory = path.resolve('tests/.tmp', `local-run-${process.pid}`)
const reportFile = path.join(directory, 'react-builds.json')
const databaseFile = path.join(directory, 'app.db')
let child: ChildProcess
let stdout = ''
let stderr = ''
let url = ''
let bannerUrl = ''

beforeAll(async () => {
  rmSync(directory, { recursive: true, force: true })
  const port = await findFreePort()
  url = `http://127.0.0.1:${port}`
  bannerUrl = `http://localhost:${port}`
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: `file:${databaseFile}`,
    UPLOAD_DIR: path.join(directory, 'uploads'),
    SEED_DEMO: 'true',
    REACT_BUILDS_REPORT: reportFile,
  }
  // What tests/setup.ts gives every test process, a fresh clone has not.
  for (const name of ['NODE_ENV', 'LOCAL_RUN', 'SESSION_SECRET', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'PUBLIC_URL']) delete environment[name]
  const preloads = ['tests/exit-with-parent.ts', 'tests/live-server/react-builds-report.ts'].flatMap((file) => ['--import', path.resolve(file)])
  child = spawn(process.execPath, [...preloads, 'scripts/start-local.ts'], { env: environment, stdio: ['pipe', 'pipe', 'pipe'] })
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`The server exited:\n${stdout}\n${stderr}`)
      if (!stdout.includes('/local/outbox')) throw new Error(`No banner yet:\n${stdout}\n${stderr}`)
    },
    { timeout: 60_000, interval: 250 },
  )
})

afterAll(() => {
  child.kill('SIGKILL')
  rmSync(directory, { recursive: true, force: true })
})

const banner = () => [
  `Pawpal is running at ${bannerUrl} (demo data created)`,
  ...demoLogins.map((login) => `  demo ${login.role}: ${login.email} / ${login.password}`),
  `  e-mails it sends: ${bannerUrl}/local/outbox`,
]

const unsentEmails = () => {
  const database = new Sqlite(databaseFile, { readonly: true })
  try {
    return (database.prepare('SELECT count(*) AS unsent FROM emailOutbox WHERE sentAt IS NULL').get() as { unsent: number }).unsent
  } finally {
    database.close()
  }
}

test('it starts with nothing configured and prints only the banner: its URL, the demo logins and the outbox', () => {
  expect(stdout.trimEnd().split('\n')).toEqual(banner())
  expect(stderr).toBe('')
})

test.for(demoLogins)('the demo $role signs in with the printed password over http: the session cookie carries no Secure', async (login) => {
  const signIn = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: login.email, password: login.password, redirectTo: '' }),
    redirect: 'manual',
  })
  expect(signIn.status).toBe(302)
  const session = signIn.headers.getSetCookie().find((cookie) => cookie.startsWith('__session='))!
  expect(session).not.toMatch(/;\s*Secure/i)
  const profile = await fetch(`${url}/profile`, { headers: { cookie: session.split(';')[0]! }, redirect: 'manual' })
  expect(profile.status).toBe(200)
})

test('a password reset e-mail is listed on /local/outbox and never printed; neither are the demo e-mails', async () => {
  const owner = demoLogins.find((login) => login.role === 'owner')!
  const requested = await fetch(`${url}/forgot-password`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: owner.email }),
    redirect: 'manual',
  })
  expect(requested.status).toBe(302)

  const outbox = await fetch(`${url}/local/outbox`)
  expect(outbox.status).toBe(200)
  const page = await outbox.text()
  expect(page).toContain('Reset your Pawpal password')
  const link = /href="(http:\/\/localhost:\d+\/reset-password\?token=[\w-]+)"/.exec(page)?.[1]
  expect(link, 'the reset link, clickable').toBeDefined()
  // Once every e-mail is handed on (the reset; the demo's own were sent before it starts), none was printed either.
  await expect.poll(unsentEmails, { timeout: 20_000 }).toBe(0)
  expect(stdout.trimEnd().split('\n')).toEqual(banner())
  expect(stdout).not.toContain(new URL(link!).searchParams.get('token'))
})

test('React renders with its production build', async () => {
  child.kill('SIGTERM')
  await expect.poll(() => child.exitCode, { timeout: 20_000 }).toBe(0)
  const reactFiles = JSON.parse(readFileSync(reportFile, 'utf8')) as string[]
  expect(reactFiles.filter((file) => file.includes('development'))).toEqual([])
  expect(reactFiles).toEqual(expect.arrayContaining([expect.stringMatching(/react-dom-server\.node\.production\.js$/), expect.stringMatching(/react\.production\.js$/)]))
})

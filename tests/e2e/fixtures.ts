// The e2e `test` and `expect`: import them from here, not from '@playwright/test'.
import { randomUUID } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { test as base, type Browser, expect, type Page, type Response } from '@playwright/test'
import Sqlite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import sharp from 'sharp'
import type { Database } from '#app/lib/db-schema.ts'
import { baseUrlVariable, databaseFileVariable } from './global-setup.ts'

type TestFixtures = {
  /** Whether this project runs with JavaScript (phone-js, desktop-js); branch where the no-JS path differs. */
  jsEnabled: boolean
  /**
   * Opens a path like `page.goto`; with JavaScript on it also waits until React has hydrated the page,
   * so what the test does next goes through the enhanced path (router forms, fetchers), not the plain one.
   */
  visit: (path: string) => Promise<Response | null>
}

/** The `db` fixture's type, for helpers that take it. */
export type TestDatabase = Kysely<Database>

type WorkerFixtures = {
  /** The running server's own SQLite file, read-write: assert rows, or insert the rows a test needs. */
  db: TestDatabase
}

// Fixture functions name their second argument `provide`, not `use`, so the React hooks lint rule leaves them be.
export const test = base.extend<TestFixtures, WorkerFixtures>({
  jsEnabled: async ({ javaScriptEnabled }, provide) => {
    await provide(javaScriptEnabled !== false)
  },

  visit: async ({ page, jsEnabled }, provide) => {
    await provide(async (path) => {
      const response = await page.goto(path)
      if (jsEnabled) await waitForHydration(page)
      return response
    })
  },

  db: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
    async ({}, provide) => {
      const file = process.env[databaseFileVariable]
      if (!file) throw new Error(`${databaseFileVariable} is not set: run the e2e tests with \`npx playwright test\``)
      // The server keeps the file in WAL mode, so a second connection may read and write beside it.
      const sqlite = new Sqlite(file, { fileMustExist: true })
      sqlite.pragma('busy_timeout = 5000')
      sqlite.pragma('foreign_keys = ON')
      const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
      await provide(db)
      await db.destroy()
    },
    { scope: 'worker' },
  ],
})

export { expect }

/**
 * React marks every element it has hydrated with a `__reactFiber$<id>` property; `<body>` is among the
 * last to complete, so once it has one the page's event handlers are live. A form in a part that loads
 * after the page (app/ui/shown-later.tsx) hydrates once its script has come: it and its fields are waited
 * for too. (An app-side marker such as `<html data-hydrated>` would make this independent of React's internals.)
 */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() =>
    [document.body, ...document.querySelectorAll('form, form [name]')].every((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))),
  )
}

// ---- accounts ----

/** The demo users the server seeds (db/seed.ts, README). Tests may sign in as them but must not change them. */
export const demoUsers = {
  owner: { name: 'Olivia Owner', email: 'owner@pawpal.test', password: 'pawpal-demo' },
  sitter: { name: 'Sam Sitter', email: 'sitter@pawpal.test', password: 'pawpal-demo' },
} as const

/** An e-mail address no other test uses, e.g. `owner-3f9c1a2b@example.com`. */
export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`
}

function serverOrigin() {
  const origin = process.env[baseUrlVariable]
  if (!origin) throw new Error(`${baseUrlVariable} is not set: run the e2e tests with \`npx playwright test\``)
  return origin
}

/**
 * Signs in as a demo user through the real login form's POST, sent from the page's browser context,
 * so the session cookie lands where the page's next navigation uses it.
 */
export async function loginAs(page: Page, who: keyof typeof demoUsers) {
  const { email, password } = demoUsers[who]
  const response = await page.request.post('/login', {
    form: { email, password, redirectTo: '' },
    headers: { origin: serverOrigin() },
  })
  expect(new URL(response.url()).pathname, `signing in as ${email} redirects to /map`).toBe('/map')
  return demoUsers[who]
}

export type RegisteredUser = { id: string; name: string; email: string; password: string }

/**
 * Signs in as a user registered earlier (e.g. one a worker fixture shares between tests: the server allows
 * 50 registrations per client address an hour, and every e2e test comes from the same address).
 */
export async function signInAs(page: Page, user: RegisteredUser) {
  const response = await page.request.post('/login', {
    form: { email: user.email, password: user.password, redirectTo: '' },
    headers: { origin: serverOrigin() },
  })
  expect(new URL(response.url()).pathname, `signing in as ${user.email} redirects away from /login`).not.toBe('/login')
  return user
}

/**
 * Registers a fresh user (unique e-mail) through the real register form's POST and leaves the page's
 * context signed in as them. Registration creates an owner who has not onboarded yet.
 */
export async function registerUser(page: Page, db: TestDatabase, options: { prefix?: string; name?: string } = {}) {
  const email = uniqueEmail(options.prefix)
  const name = options.name ?? 'Alex Tester'
  const password = 'correct-horse-9'
  const response = await page.request.post('/register', {
    form: { name, email, password, redirectTo: '' },
    headers: { origin: serverOrigin() },
  })
  expect(new URL(response.url()).pathname, `registering ${email} redirects to /onboarding`).toBe('/onboarding')
  // Every test registers from the same address: give the registration allowance (50 an hour per address,
  // checked by tests/integration/rate-limits.test.ts) back, so a growing suite never runs into it.
  await db.deleteFrom('rateLimitHits').where('key', 'like', 'register:ip:%').execute()
  const { id } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  return { id, name, email, password } satisfies RegisteredUser
}

/**
 * Marks the page's document, so `keptDocument` can tell whether what followed was handled by React Router (the
 * mark survives) or loaded a new page (it is gone): how a test shows that a link is followed without a page load.
 */
export const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { markedDocument: true }))
export const keptDocument = (page: Page) => page.evaluate(() => 'markedDocument' in window)

/** The main navigation that is visible at this width: the header's or the bottom tab bar. */
export const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' })

/** A second person, registered, in their own browser context with the same viewport and JavaScript setting. */
export async function secondPerson(browser: Browser, db: TestDatabase, options: { prefix: string; name: string }) {
  const { baseURL, viewport, isMobile, hasTouch, userAgent, javaScriptEnabled } = test.info().project.use
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, userAgent, javaScriptEnabled })
  const page = await context.newPage()
  const user = await registerUser(page, db, options)
  return { page, user, close: () => context.close() }
}

// ---- a slow network ----

/**
 * Holds back the page's requests to `url` (as `page.route` takes it: a script's pattern, a page's data) until the
 * answered function lets them through, so a test can act while a script or the page's data has not come yet.
 */
export async function holdRequests(page: Page, url: Parameters<Page['route']>[0]) {
  const { promise: held, resolve: letThrough } = Promise.withResolvers<void>()
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return letThrough
}

// ---- files ----

/** A small, real PNG (a coloured square), for file inputs: `setInputFiles(await pngFile('rex.png'))`. */
export async function pngFile(name = 'photo.png', colour = { r: 200, g: 140, b: 60 }) {
  const buffer = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

/**
 * Files written to the test's output folder, to choose by path: the browser then reads them itself. Sent as
 * buffers, a 6 MB file crossed the test runner and the page as 8 MB of base64, which took over the action's 10 s
 * on a loaded machine (CI, after the picker had already shown the refusal).
 */
export async function onDisk(files: { name: string; buffer: Buffer }[]) {
  return Promise.all(
    files.map(async ({ name, buffer }) => {
      const file = base.info().outputPath(name)
      await writeFile(file, buffer)
      return file
    }),
  )
}

/** `count` unread messages from one person to another, a minute apart, ending now. */
/** The last conversation insertMessages wrote ended at this instant: the next one ends later, never in the same millisecond. */
let lastInsertedMessageAt = 0

export async function insertMessages(db: TestDatabase, from: { id: string; name: string }, to: { id: string }, count: number) {
  const [userAId, userBId] = [from.id, to.id].sort() as [string, string]
  const end = (lastInsertedMessageAt = Math.max(Date.now(), lastInsertedMessageAt + 1))
  const at = (index: number) => new Date(end - (count - index) * 60_000).toISOString()
  const conversationId = crypto.randomUUID()
  await db.insertInto('conversations').values({ id: conversationId, userAId, userBId, createdAt: at(0), lastMessageAt: at(count) }).execute()
  await db
    .insertInto('messages')
    .values(
      Array.from({ length: count }, (_, index) => ({
        id: crypto.randomUUID(),
        conversationId,
        senderId: from.id,
        recipientId: to.id,
        content: `Message ${index + 1} from ${from.name}`,
        createdAt: at(index + 1),
      })),
    )
    .execute()
}

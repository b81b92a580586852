// The JavaScript every page loads, gzip, against DESIGN.md section 8's budgets: at most 130 KB up to the
// load event (first load) and at most 160 KB with what arrives in the 5 s after it (lazy chunks: the map's
// Leaflet, the socket client, form validation). Each page is opened in Chromium at phone size (390x844) in a
// fresh context (nothing cached), as its visitor: anonymous, the demo owner or sitter, a newcomer, an admin.
// Usage: `npm run bench:js-budget [-- [--scripts] [/path ...]]` (builds first when the source changed; its own
// server with the demo data; --scripts lists each page's scripts). Exits 1 when a page is over a limit.
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from 'playwright-core'
import { demoRows, signIn, startDemoServer } from './demo-server.ts'
import { firstLoadLimit, withLazyLimit } from './javascript-budgets.ts'

const lazyWindowMs = 5_000

type Visitor = 'anonymous' | 'owner' | 'sitter' | 'newcomer' | 'admin'
type Rows = ReturnType<typeof demoRows>

/** The pages of tests/e2e/conformance.spec.ts that open by URL (the wizard's later steps open by clicking). */
function pagesOf(rows: Rows): { visitor: Visitor; path: string }[] {
  const as = (visitor: Visitor, paths: string[]) => paths.map((path) => ({ visitor, path }))
  return [
    ...as('anonymous', ['/', '/login', '/register', '/forgot-password', '/support', '/terms', '/privacy', '/sitters', '/sitters?search=walk']),
    ...as('anonymous', [`/sitters/${rows.sam}`, `/sitters/${rows.sam}?tab=reviews`, '/map']),
    ...as('owner', ['/', '/map', '/profile', '/profile/edit', '/dogs/add', `/dogs/${rows.oliviasDog}`, `/dogs/${rows.oliviasDog}/edit`]),
    ...as('owner', ['/bookings', `/bookings/${rows.ownerBooking.pending}`, `/bookings/${rows.ownerBooking.completed}`]),
    ...as('owner', [`/booking/new?sitter=${rows.sam}`, `/sitters/${rows.sam}/book`, `/bookings/series/new?sitter=${rows.sam}`]),
    ...as('owner', ['/messages', `/messages?userId=${rows.ownerPartner}`]),
    ...as('owner', [`/messages/${rows.ownerPartner}`, '/notifications', '/home-access']),
    ...as('sitter', ['/bookings-sitter', `/bookings/${rows.sitterBooking.pending}?confirm=accepted`, '/profile', '/profile/edit', '/dogs/available']),
    ...as('sitter', [`/dogs/available/${rows.availableDog}`, `/bookings/new?dogId=${rows.availableDog}`, `/messages/${rows.sitterPartner}`]),
    ...as('newcomer', ['/onboarding', '/onboarding/owner/1', '/onboarding/owner/2', '/onboarding/sitter/1', '/onboarding/sitter/4']),
    ...as('admin', ['/admin', `/admin/reports/${rows.report}`, '/admin/users?q=a', `/admin/users/${rows.sam}`, '/admin/audit']),
  ]
}

const gzipSizes = new Map<string, Promise<number>>()
/**
 * A script's size gzipped, fetched again by its URL (Chromium does not always keep a body for the
 * DevTools protocol to hand out; the scripts are the same bytes for every visitor).
 */
function gzipSize(url: string) {
  const size = async () => {
    const response = await fetch(url)
    // A build replaced while the bench runs removes the scripts the pages loaded: stop rather than count a 404.
    if (!response.ok) throw new Error(`${url} answered ${response.status} (was build/ rebuilt during the run?)`)
    return gzipSync(Buffer.from(await response.arrayBuffer())).length
  }
  if (!gzipSizes.has(url)) gzipSizes.set(url, size())
  return gzipSizes.get(url)!
}

type Script = { url: string; bytes: number; loaded: boolean }
/** `failed`: scripts that did not load (a build replaced while the bench runs removes the old ones). */
type Figures = { firstLoad: number; withLazy: number; scripts: Script[]; failed: number; landedOn: string }

/** Opens `path` once and adds up the gzip size of every script that arrived by `load` and in the 5 s after. */
async function measure(browser: Browser, base: string, path: string, cookie: string): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  if (cookie) {
    await context.addCookies(cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: base })))
  }
  const scripts: string[] = []
  let failed = 0
  // The context's responses include a service worker's own script and its fetches.
  context.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    if (response.ok()) scripts.push(response.url())
    else failed++
  })
  const page = await context.newPage()
  await page.goto(`${base}${path}`, { waitUntil: 'load' })
  const landedOn = new URL(page.url()).pathname
  await page.waitForTimeout(lazyWindowMs)
  // The page's own clock tells which scripts had arrived when the load event began.
  const { loadAt, arrived } = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    return { loadAt: navigation.loadEventStart, arrived: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(({ name, responseEnd }) => ({ name, responseEnd })) }
  })
  const beforeLoad = new Set(arrived.filter(({ responseEnd }) => responseEnd <= loadAt).map(({ name }) => name))
  const sizes = await Promise.all(scripts.map(async (url) => ({ url, bytes: await gzipSize(url), loaded: beforeLoad.has(url) })))
  await context.close()
  const sum = (list: { bytes: number }[]) => list.reduce((total, { bytes }) => total + bytes, 0)
  return { firstLoad: sum(sizes.filter((size) => size.loaded)), withLazy: sum(sizes), scripts: sizes, failed, landedOn }
}

const server = await startDemoServer()
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' })
try {
  const rows = demoRows(server.databaseFile)
  const cookies: Record<Visitor, string> = {
    anonymous: '',
    owner: await signIn(server.url, 'owner@pawpal.test'),
    sitter: await signIn(server.url, 'sitter@pawpal.test'),
    newcomer: await signIn(server.url, rows.newcomerEmail),
    admin: await signIn(server.url, 'admin@pawpal.test'),
  }
  const listScripts = process.argv.includes('--scripts')
  const only = process.argv.slice(2).filter((argument) => argument !== '--scripts')
  // A path as listed, or the start of one with a trailing *: `/sitters/*`.
  const chosen = (path: string) => only.some((wanted) => (wanted.endsWith('*') ? path.startsWith(wanted.slice(0, -1)) : path === wanted))
  const pages = pagesOf(rows).filter(({ path }) => only.length === 0 || chosen(path))
  const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9)
  console.info(`JavaScript per page (gzip), Chromium at 390x844; limits: ${kilobytes(firstLoadLimit).trim()} by load, ${kilobytes(withLazyLimit).trim()} with the ${lazyWindowMs / 1000} s after\n`)
  console.info(`${'visitor'.padEnd(10)} ${'first load'.padStart(10)} ${'+ 5 s'.padStart(9)}  scripts  page`)
  let failures = 0
  for (const { visitor, path } of pages) {
    const figures = await measure(browser, server.url, path, cookies[visitor])
    const wanted = path.split('?')[0]
    const problems = [
      figures.firstLoad > firstLoadLimit ? 'over on first load' : '',
      figures.withLazy > withLazyLimit ? 'over with lazy chunks' : '',
      figures.landedOn !== wanted ? `redirected to ${figures.landedOn}` : '',
      figures.failed > 0 ? `${figures.failed} scripts failed to load` : '',
    ].filter(Boolean)
    if (problems.length > 0) failures++
    console.info(`${visitor.padEnd(10)} ${kilobytes(figures.firstLoad)}  ${kilobytes(figures.withLazy)}  ${String(figures.scripts.length).padStart(7)}  ${path}${problems.length ? `  <- ${problems.join(', ')}` : ''}`)
    if (listScripts) {
      for (const script of [...figures.scripts].sort((a, b) => b.bytes - a.bytes)) {
        console.info(`${''.padEnd(10)} ${kilobytes(script.bytes)}  ${script.loaded ? 'by load' : 'after  '}  ${new URL(script.url).pathname}`)
      }
    }
  }
  console.info(`\n${pages.length} pages, ${failures} over a limit or not reached`)
  process.exitCode = failures > 0 ? 1 : 0
} finally {
  await browser.close()
  await server.stop()
}

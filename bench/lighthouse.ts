// Lighthouse's mobile preset (its default: a mid-range phone, simulated slow 4G and CPU) against the
// production build with the demo data, DESIGN.md section 8: Performance at least 95 and Accessibility 100
// on /login, /sitters, a sitter profile, /map (tiles from the local fake) and, signed in as the demo owner,
// /bookings and /messages; the median of three runs per page (decision 075).
// Usage: `npm run bench:lighthouse [-- --runs 3] [--audits] [/path ...]` (--audits: what cost points on every page;
// paths: only the listed pages whose path starts with one of them) (builds first when the source changed; its own server;
// Chromium from CHROME_PATH or /usr/bin/chromium). Exits 1 when a page's median is below a limit.
import { parseArgs } from 'node:util'
import lighthouse from 'lighthouse'
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' }
import { chromium } from 'playwright-core'
import { findFreePort } from '#tests/server-process.ts'
import { demoRows, signIn, startDemoServer } from './demo-server.ts'

const limits = { performance: 95, accessibility: 100 }
const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, audits: { type: 'boolean', default: false } },
  allowPositionals: true,
})
const runs = Number(values.runs)
const version = lighthousePackage.version

type Run = { performance: number; accessibility: number; failing: string[] }

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!

/** One Lighthouse run: both scores and, for the report, what cost points (metrics and failed audits). */
async function audit(url: string, port: number, cookie: string): Promise<Run | null> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  })
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { categories, audits, runtimeError } = result.lhr
  // A run that failed (no score) is Lighthouse's trouble, not the page's: it is run again.
  if (categories.performance?.score == null || categories.accessibility?.score == null) {
    console.warn(`    a run of ${url} failed: ${runtimeError?.message ?? 'no score'}`)
    return null
  }
  const failing = Object.values(categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${ref.id} ${audits[ref.id]?.displayValue ?? `score ${audits[ref.id]?.score}`}`),
  )
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
  return { performance: score('performance'), accessibility: score('accessibility'), failing }
}

const server = await startDemoServer()
const port = await findFreePort()
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: [`--remote-debugging-port=${port}`] })
try {
  const rows = demoRows(server.databaseFile)
  const owner = await signIn(server.url, 'owner@pawpal.test')
  const pages = [
    { path: '/login', cookie: '' },
    { path: '/sitters', cookie: '' },
    { path: `/sitters/${rows.sam}`, cookie: '' },
    { path: '/map', cookie: '' },
    { path: '/bookings', cookie: owner },
    { path: '/messages', cookie: owner },
  ].filter(({ path }) => positionals.length === 0 || positionals.some((prefix) => path.startsWith(prefix)))
  console.info(`Lighthouse ${version}, mobile preset, median of ${runs} runs; limits: Performance ${limits.performance}, Accessibility ${limits.accessibility}\n`)
  console.info(`${'page'.padEnd(50)} ${'Performance'.padStart(20)} ${'Accessibility'.padStart(20)}`)
  let below = 0
  for (const { path, cookie } of pages) {
    const results: Run[] = []
    for (let attempt = 0; results.length < runs && attempt < runs * 2; attempt++) {
      const run = await audit(`${server.url}${path}`, port, cookie)
      if (run) results.push(run)
    }
    if (results.length < runs) throw new Error(`Lighthouse failed more often than it scored ${path}`)
    const performance = median(results.map((run) => run.performance))
    const accessibility = median(results.map((run) => run.accessibility))
    const failed = performance < limits.performance || accessibility < limits.accessibility
    if (failed) below++
    const cell = (scores: number[], middle: number) => `${middle} (${scores.join(', ')})`.padStart(20)
    const who = cookie ? `${path} (owner)` : path
    console.info(
      `${who.padEnd(50)} ${cell(results.map((run) => run.performance), performance)} ${cell(results.map((run) => run.accessibility), accessibility)}${failed ? '  <- below' : ''}`,
    )
    // What cost points in the run nearest the median: the metrics and audits scoring under 0.9.
    const typical = results.find((run) => run.performance === performance) ?? results[0]!
    if (failed || values.audits) for (const line of typical.failing) console.info(`${''.padEnd(4)}${line}`)
  }
  console.info(`\n${pages.length} pages, ${below} below a limit`)
  process.exitCode = below > 0 ? 1 : 0
} finally {
  await browser.close()
  await server.stop()
}

import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect, test } from 'vitest'
import { firstLoadLimit } from '../../bench/javascript-budgets.ts'

// DESIGN.md section 8: at most 130 KB of JavaScript (gzip) by the load event on every page. What a page loads by
// then is what React Router's <Scripts> names for it: the client entry with its imports, and the module and static
// imports of each route from the root down to the page's (parts loaded later, `shownLater` and the like, are
// dynamic imports and not in the list). bench/js-budget.ts measures the same in Chromium with what comes after; this
// keeps a page from going over between its runs (/admin/reports/:id did, by 4 KB, before stop 84).

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[]; hasDefaultExport: boolean }
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> }

const client = path.resolve('build/client')
const manifestFile = readdirSync(path.join(client, 'assets')).find((name) => /^manifest-[0-9a-f]+\.js$/.test(name))!
const manifest = JSON.parse(
  readFileSync(path.join(client, 'assets', manifestFile), 'utf8')
    .replace(/^window\.__reactRouterManifest=/, '')
    .replace(/;\s*$/, ''),
) as Manifest

const gzipBytes = new Map<string, number>()
const gzipSizeOf = (url: string) => {
  if (!gzipBytes.has(url)) gzipBytes.set(url, gzipSync(readFileSync(path.join(client, url))).length)
  return gzipBytes.get(url)!
}

const chainOf = (route: ManifestRoute): ManifestRoute[] => (route.parentId ? [...chainOf(manifest.routes[route.parentId]!), route] : [route])
const fullPath = (route: ManifestRoute) =>
  `/${chainOf(route)
    .map((step) => step.path ?? '')
    .filter(Boolean)
    .join('/')}`

/** The scripts a page's HTML has the browser load, by URL. */
function firstLoadScripts(route: ManifestRoute) {
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports])
  for (const step of chainOf(route)) for (const url of [step.module, ...(step.imports ?? [])]) urls.add(url)
  return [...urls]
}

const pages = Object.values(manifest.routes).filter((route) => route.hasDefaultExport && !fullPath(route).startsWith('/api/'))

test('the build has the pages to check', () => {
  expect(pages.map(fullPath)).toEqual(expect.arrayContaining(['/', '/login', '/bookings', '/admin/reports/:id', '/map', '/messages/:userId']))
})

// zod and its adapter, about 30 KB, come only when someone starts filling a form in (useLazyValidation): a page
// someone only reads never needs them. The conformance spec checks the pages it opens; this, every page.
test.each(pages.map((route) => [fullPath(route), route] as const))('%s does not load zod with the page', (_path, route) => {
  const carrying = firstLoadScripts(route).filter((url) => readFileSync(path.join(client, url), 'utf8').includes('ZodError'))
  expect(carrying).toEqual([])
})

test.each(pages.map((route) => [fullPath(route), route] as const))('%s loads at most 130 KB of JavaScript (gzip) by the load event', (_path, route) => {
  const scripts = firstLoadScripts(route).map((url) => ({ url, bytes: gzipSizeOf(url) }))
  const total = scripts.reduce((sum, { bytes }) => sum + bytes, 0)
  const largest = scripts.toSorted((a, b) => b.bytes - a.bytes).slice(0, 5)
  expect(total, `${(total / 1024).toFixed(1)} KB; the largest: ${largest.map(({ url, bytes }) => `${url} ${(bytes / 1024).toFixed(1)} KB`).join(', ')}`).toBeLessThanOrEqual(firstLoadLimit)
})

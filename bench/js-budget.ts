// Measures the JavaScript each page loads on first visit (gzip), against DESIGN.md section 8's budget.
// /map also prints what it loads once the map is shown: Leaflet and the map's own code arrive lazily.
// Usage: start the app with demo data (npm start), then `npx node bench/js-budget.ts [baseUrl]`.
import { gzipSync } from 'node:zlib'

const base = process.argv[2] ?? 'http://localhost:3000'
const budgetBytes = 130 * 1024
const publicPages = ['/', '/login', '/register', '/support', '/forgot-password', '/terms', '/sitters', '/map']
const ownerPages = ['/profile', '/profile/edit', '/dogs/add', '/onboarding', '/onboarding/owner/2', '/map', '/messages', '/bookings']
/** Pages whose lazily loaded chunks are counted too (the map's Leaflet: DESIGN.md section 8). */
const withLazyChunks = new Set(['/map'])
const sitterPages = ['/dogs/available', '/onboarding/sitter/4', '/bookings-sitter']

async function signIn(email: string) {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: 'pawpal-demo', redirectTo: '' }),
  })
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

const sizes = new Map<string, number>()
async function gzipSize(url: string) {
  if (!sizes.has(url)) sizes.set(url, gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length)
  return sizes.get(url)!
}

/** Every script the page's HTML loads: module scripts, modulepreloads and the inline bootstrap's imports. */
async function firstLoadScripts(path: string, cookie: string) {
  const html = await (await fetch(`${base}${path}`, { headers: { cookie } })).text()
  const urls = new Set<string>()
  for (const match of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)) {
    urls.add(new URL(match[1]!, base).href)
  }
  for (const match of html.matchAll(/import(?:\(| )"([^"]+\.js)"/g)) urls.add(new URL(match[1]!, base).href)
  return urls
}

/** The chunks those scripts import lazily: Vite lists each dynamic import's files as "assets/....js". */
async function lazyScripts(scripts: Set<string>) {
  const urls = new Set<string>()
  for (const script of scripts) {
    const code = await (await fetch(script)).text()
    for (const match of code.matchAll(/"(assets\/[^"]+\.js)"/g)) urls.add(new URL(`/${match[1]!}`, base).href)
  }
  return new Set([...urls].filter((url) => !scripts.has(url)))
}

async function totalBytes(urls: Iterable<string>) {
  let total = 0
  for (const url of urls) total += await gzipSize(url)
  return total
}

/** The first link on a page that matches, to measure pages whose ids come from the demo data. */
async function firstLink(path: string, cookie: string, pattern: RegExp) {
  const html = await (await fetch(`${base}${path}`, { headers: { cookie } })).text()
  return html.match(pattern)?.[0]
}

const owner = await signIn('owner@pawpal.test')
const sitter = await signIn('sitter@pawpal.test')
const ownDog = await firstLink('/profile?tab=dogs', owner, /\/dogs\/[0-9a-f-]{36}/)
const availableDog = await firstLink('/dogs/available', sitter, /\/dogs\/available\/[0-9a-f-]{36}/)
const conversation = await firstLink('/messages', owner, /\/messages\?userId=[^"&]+/)
if (ownDog) ownerPages.push(ownDog, `${ownDog}/edit`)
if (conversation) ownerPages.push(conversation, conversation.replace('?userId=', '/'))
if (availableDog) sitterPages.push(availableDog, `/bookings/new?dogId=${availableDog.split('/').at(-1)}`)
const sitterProfile = await firstLink('/sitters', '', /\/sitters\/[0-9a-f-]{36}/)
if (sitterProfile) publicPages.push(sitterProfile, `${sitterProfile}?tab=reviews`)
const booking = await firstLink('/bookings', owner, /\/bookings\/[0-9a-f-]{36}/)
const bookAgain = await firstLink('/bookings', owner, /\/sitters\/[0-9a-f-]{36}\/book/)
if (booking) ownerPages.push(booking)
if (bookAgain) ownerPages.push(bookAgain)
const pages = [
  ...publicPages.map((path) => ({ path, cookie: '' })),
  ...ownerPages.map((path) => ({ path, cookie: owner })),
  ...sitterPages.map((path) => ({ path, cookie: sitter })),
]
const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6)
let over = 0
for (const { path, cookie } of pages) {
  const scripts = await firstLoadScripts(path, cookie)
  const bytes = await totalBytes(scripts)
  if (bytes > budgetBytes) over++
  const who = cookie ? (cookie === owner ? ' (owner)' : ' (sitter)') : ''
  let line = `${bytes > budgetBytes ? 'OVER' : 'ok  '} ${kilobytes(bytes)} KB  ${path}${who}`
  if (withLazyChunks.has(path)) line += `; with the lazily loaded map ${kilobytes(bytes + (await totalBytes(await lazyScripts(scripts)))).trim()} KB`
  console.info(line)
}
console.info(`budget: ${budgetBytes / 1024} KB gzip per page; ${over} over`)
process.exitCode = over ? 1 : 0

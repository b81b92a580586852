// `npm run screenshots`: the main screens at a phone (390 x 844) and a desktop (1280 x 800) size, as
// PNGs in docs/screenshots/ (docs/screens.md shows them). Like the e2e run (tests/e2e/global-setup.ts) it
// starts the production build on a fresh demo database with the local fakes of Google, the geocoder
// and the map tile server, so it needs no network and always shows the current code.
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core'
import sharp from 'sharp'
import { start as startFakeGeocoder } from '../tests/fakes/geocoder.ts'
import { startFakeGoogle } from '../tests/fakes/google.ts'
import { startFakeMapTiles } from '../tests/fakes/map-tiles.ts'
import { startServerProcess } from '../tests/server-process.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outputDir = path.join(root, 'docs/screenshots')

const sizes: Record<'phone' | 'desktop', BrowserContextOptions> = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
}

type Who = 'visitor' | 'owner' | 'sitter' | 'newcomer' | 'new-sitter'
const demoPassword = 'pawpal-demo'
const demoEmails = { owner: 'owner@pawpal.test', sitter: 'sitter@pawpal.test' }

/**
 * Each screen: the file name, who looks at it, how to get there (a path, or a step that returns one),
 * what to wait for or do on it first, and whether to capture the whole page or only the screen (a map
 * fills the screen; a taller viewport would only make the map taller).
 */
type Screen = {
  name: string
  who: Who
  path: string | ((page: Page) => Promise<string>)
  prepare?: (page: Page) => Promise<void>
  capture?: 'page' | 'screen'
}

/** Every map tile on the page has arrived (none while a map is still filling in). */
async function tilesLoaded(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll('.leaflet-tile')].every((tile) => tile.classList.contains('leaflet-tile-loaded')))
}

/** The sitter map once its markers, tiles and the list of its area have arrived. */
async function mapShown(page: Page) {
  await page.locator('.pawpal-marker').first().waitFor()
  await page.getByText(/^\d+ (of \d+ )?sitters? in this area/).waitFor()
  await page.getByText('Location found').waitFor()
  await page.waitForLoadState('networkidle')
}

/** The map with the quick view of the first sitter of its list open. */
async function quickViewShown(page: Page) {
  await mapShown(page)
  await page.locator('section[aria-labelledby="all-sitters-heading"] li a').first().click()
  await page.getByRole('dialog').getByText(/Usually replies|completed booking|experience/).first().waitFor()
  await page.waitForLoadState('networkidle')
}

const firstLinkHref = (listPath: string, selector: string) => async (page: Page) => {
  await page.goto(listPath)
  const href = await page.locator(selector).first().getAttribute('href')
  if (!href) throw new Error(`No link matching ${selector} on ${listPath}`)
  return href
}

/** The booking of several dogs in a list, by its card's link ('Rex and Luna'). */
const bookingOfDogs = (listPath: string) => async (page: Page) => {
  await page.goto(listPath)
  const href = await page.getByRole('link', { name: /^\w+ and \w+$/ }).first().getAttribute('href')
  if (!href) throw new Error(`No booking of two dogs on ${listPath}`)
  return href
}

const screens: Screen[] = [
  { name: 'login', who: 'visitor', path: '/login' },
  { name: 'register', who: 'visitor', path: '/register' },
  { name: 'onboarding-role', who: 'newcomer', path: '/onboarding' },
  ...[1, 2, 3, 4].map((step) => ({ name: `onboarding-owner-${step}`, who: 'newcomer' as const, path: `/onboarding/owner/${step}` })),
  ...[1, 2, 3, 4].map((step) => ({
    name: `onboarding-sitter-${step}`,
    who: 'newcomer' as const,
    path: `/onboarding/sitter/${step}`,
    prepare: step === 3 ? servicesWithRates : undefined,
  })),
  { name: 'home-sitter-to-do', who: 'new-sitter', path: '/' },
  { name: 'home-owner', who: 'owner', path: '/' },
  { name: 'profile-owner', who: 'owner', path: '/profile' },
  { name: 'profile-owner-dogs', who: 'owner', path: '/profile?tab=dogs' },
  { name: 'profile-sitter-services', who: 'sitter', path: '/profile?tab=services' },
  { name: 'profile-edit-owner', who: 'owner', path: '/profile/edit' },
  { name: 'profile-edit-sitter', who: 'sitter', path: '/profile/edit' },
  { name: 'dogs-add', who: 'owner', path: '/dogs/add' },
  { name: 'dog-detail', who: 'owner', path: firstLinkHref('/profile?tab=dogs', 'main a[href^="/dogs/"]:not([href$="/edit"]):not([href="/dogs/add"])') },
  { name: 'dogs-available', who: 'sitter', path: '/dogs/available' },
  { name: 'dogs-available-detail', who: 'sitter', path: firstLinkHref('/dogs/available', 'main a[href^="/dogs/available/"]') },
  { name: 'support', who: 'visitor', path: '/support' },
  { name: 'sitters', who: 'visitor', path: '/sitters' },
  { name: 'sitters-near-me', who: 'owner', path: '/sitters?near=1' },
  { name: 'sitter-profile', who: 'visitor', path: firstLinkHref('/sitters', 'main li a[href^="/sitters/"]') },
  { name: 'sitter-reviews', who: 'visitor', path: reviewsWithAReply },
  { name: 'map', who: 'owner', path: '/map', prepare: mapShown, capture: 'screen' },
  { name: 'map-quick-view', who: 'owner', path: '/map', prepare: quickViewShown, capture: 'screen' },
  { name: 'map-booking-wizard', who: 'owner', path: '/map', prepare: bookingWizardShown, capture: 'screen' },
  { name: 'bookings-owner', who: 'owner', path: '/bookings' },
  { name: 'booking-review', who: 'owner', path: firstLinkHref('/bookings', 'main a[href$="#review"]') },
  { name: 'booking-request', who: 'owner', path: firstLinkHref('/bookings/choose-sitter', 'main a[href$="/book"]') },
  { name: 'bookings-sitter', who: 'sitter', path: '/bookings-sitter' },
  { name: 'booking-accept-dialog', who: 'sitter', path: firstLinkHref('/bookings-sitter', 'main a[href*="move=accepted"]') },
  { name: 'booking-detail-sitter', who: 'sitter', path: firstLinkHref('/bookings-sitter', 'main article h3 a[href^="/bookings/"]') },
  // Rex and Luna's walks with Sam: two dogs, and Olivia's change waiting for his answer (issue 33).
  { name: 'booking-change-sitter', who: 'sitter', path: bookingOfDogs('/bookings-sitter?tab=upcoming') },
  { name: 'booking-change-owner', who: 'owner', path: bookingOfDogs('/bookings?tab=upcoming') },
  { name: 'series-request-sitter', who: 'sitter', path: firstLinkHref('/bookings-sitter', 'main a[href^="/bookings/series/"]') },
  { name: 'series-owner', who: 'owner', path: firstLinkHref('/bookings', 'main a[href^="/bookings/series/"]') },
  {
    name: 'series-new',
    who: 'owner',
    path: async (page) => {
      const bookAgain = await firstLinkHref('/bookings/choose-sitter', 'a[aria-label^="Book Sam"]')(page)
      return `/bookings/series/new?sitter=${bookAgain.split('/')[2]}`
    },
  },
  {
    name: 'booking-dog-request',
    who: 'sitter',
    path: async (page) => firstLinkHref(await firstLinkHref('/dogs/available', 'main a[href^="/dogs/available/"]')(page), 'main a[href^="/bookings/new"]')(page),
  },
]

/** Sitter step 3 with two services ticked: each shows its rate, in its unit, with what sitters around charge. */
async function servicesWithRates(page: Page) {
  await page.getByRole('checkbox', { name: 'Dog Walking' }).check()
  await page.getByRole('spinbutton', { name: /^Your rate for Dog Walking/ }).fill('25')
  await page.getByRole('checkbox', { name: 'Daycare' }).check()
  await page.getByRole('spinbutton', { name: /^Your rate for Daycare/ }).fill('60')
}

/** The Reviews tab of the first sitter (in the list's order) whose reviews include a reply. */
/** The quick view's booking wizard at its second step: a day of next month chosen, the periods of that day. */
async function bookingWizardShown(page: Page) {
  await quickViewShown(page)
  const card = page.getByRole('dialog')
  await card.getByRole('link', { name: 'Book' }).click()
  await card.getByRole('button', { name: 'Next month' }).click()
  await card.locator('input[name=date]:enabled').first().check()
  await card.getByRole('button', { name: 'Continue' }).click()
  await card.getByText('Step 2 of 3').waitFor()
  await page.waitForLoadState('networkidle')
}

async function reviewsWithAReply(page: Page) {
  const sitters = (await (await page.request.get('/api/users/sitters?limit=100')).json()) as { data: { id: string }[] }
  for (const { id } of sitters.data) {
    const reviews = (await (await page.request.get(`/api/users/${id}/reviews`)).json()) as { data: { reply: unknown }[] }
    if (reviews.data.some((review) => review.reply !== null)) return `/sitters/${id}?tab=reviews`
  }
  throw new Error('No seeded sitter has a review with a reply')
}

/** Where the browser says the screenshots' user is (Seefeld, near the demo owner), so the map finds them. */
const deviceLocation = { latitude: 47.3577, longitude: 8.5552 }

async function main() {
  const google = await startFakeGoogle()
  const geocoder = await startFakeGeocoder()
  const tiles = await startFakeMapTiles()
  const stopFakes = () => Promise.allSettled([google.close(), geocoder.close(), tiles.close()])
  const server = await startServerProcess({
    root,
    directory: path.join(root, 'tests/.tmp', `screenshots-${process.pid}`),
    environment: {
      SEED_DEMO: 'true',
      // A fixed secret keeps the public points, hence the distances and the order of lists, the same from run to run.
      SESSION_SECRET: 'pawpal-screenshots-not-a-secret-0123456789',
      ...google.environment(),
      GEOCODER_URL: geocoder.url,
      MAP_TILE_URL: tiles.template,
    },
  }).catch(async (error: unknown) => {
    await stopFakes()
    throw error
  })
  const browser = await chromium
    .launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    })
    .catch(async (error: unknown) => {
      await Promise.allSettled([server.dispose(), stopFakes()])
      throw error
    })
  // `npm run screenshots -- <name>...` retakes only those screens and leaves the others' files alone.
  const only = process.argv.slice(2)
  try {
    if (only.length === 0) rmSync(outputDir, { recursive: true, force: true })
    mkdirSync(outputDir, { recursive: true })
    const newcomerEmail = `newcomer-${Date.now()}@example.com`
    for (const [size, options] of Object.entries(sizes)) {
      const contexts = new Map<Who, BrowserContext>()
      const contextFor = async (who: Who) => {
        let context = contexts.get(who)
        if (!context) {
          context = await browser.newContext({
            ...options,
            baseURL: server.url,
            reducedMotion: 'reduce',
            geolocation: deviceLocation,
            permissions: ['geolocation'],
          })
          await signIn(context, who, server.url, newcomerEmail)
          contexts.set(who, context)
        }
        return context
      }
      for (const screen of screens.filter(({ name }) => only.length === 0 || only.includes(name))) {
        const page = await (await contextFor(screen.who)).newPage()
        const target = typeof screen.path === 'string' ? screen.path : await screen.path(page)
        await page.goto(target, { waitUntil: 'networkidle' })
        // A location picker's map shows its tiles as lazy images: bring them into view and let them arrive.
        const locationMap = page.locator('[aria-label^="Map of your location"]')
        if (await locationMap.count()) {
          await locationMap.scrollIntoViewIfNeeded()
          await page.waitForLoadState('networkidle')
        }
        await screen.prepare?.(page)
        await tilesLoaded(page)
        const file = path.join(outputDir, `${screen.name}-${size}.png`)
        const picture = screen.capture === 'screen' ? await page.screenshot({ animations: 'disabled' }) : await wholePage(page)
        await sharp(picture).png({ palette: true, effort: 10 }).toFile(file)
        console.info(`${path.relative(root, file)}  (${target})`)
        await page.close()
      }
      for (const context of contexts.values()) await context.close()
    }
  } finally {
    await browser.close()
    await server.dispose()
    await stopFakes()
  }
}

/**
 * The whole page, as tall as its content, with the bottom tab bar at its real place (the end): the
 * viewport grows to the page's height first (a plain full-page capture leaves fixed bars mid-page).
 * Palette PNGs: a fraction of the size, indistinguishable for flat UI.
 */
async function wholePage(page: Page) {
  const viewport = page.viewportSize()
  if (!viewport) throw new Error('The page has no viewport')
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) })
  return page.screenshot({ animations: 'disabled' })
}

/**
 * A sitter who has just finished onboarding (through the onboarding's API twin): rates and hours set, no
 * photo and no gallery yet, so '/' shows their to-do list. Registered once; later sizes sign in.
 */
let newSitterEmail: string | null = null
async function signInNewSitter(context: BrowserContext, origin: string) {
  const account = { name: 'Nora Newsitter', password: 'correct-horse-9', redirectTo: '' }
  if (newSitterEmail) {
    await context.request.post('/login', { form: { ...account, email: newSitterEmail }, headers: { origin } })
    return
  }
  newSitterEmail = `new-sitter-${Date.now()}@example.com`
  await context.request.post('/register', { form: { ...account, email: newSitterEmail }, headers: { origin } })
  const me = (await (await context.request.get('/api/users/me')).json()) as { id: string }
  const onboarded = await context.request.patch(`/api/users/${me.id}`, {
    headers: { origin },
    data: {
      role: 'sitter',
      sitterName: account.name,
      experience: '1-3',
      bio: 'Student vet nurse; two walks a day with my neighbours\' dogs.',
      dogSizes: ['small', 'medium'],
      dogAges: ['adult'],
      services: ['walking', 'daycare'],
      rates: { walking: 25, daycare: 60 },
      location: 'Bahnhofstrasse 1, Zürich',
      latitude: 47.3686,
      longitude: 8.5392,
    },
  })
  if (!onboarded.ok()) throw new Error(`Onboarding the new sitter failed: ${onboarded.status()} ${await onboarded.text()}`)
}

/** Signs the context in through the real forms' POSTs: a demo user, or the newcomer (registered on first use). */
let newcomerRegistered = false
async function signIn(context: BrowserContext, who: Who, origin: string, newcomerEmail: string) {
  if (who === 'visitor') return
  if (who === 'new-sitter') return signInNewSitter(context, origin)
  const newcomer = { name: 'Alex Newcomer', email: newcomerEmail, password: 'correct-horse-9', redirectTo: '' }
  const [url, form] =
    who !== 'newcomer'
      ? ['/login', { email: demoEmails[who], password: demoPassword, redirectTo: '' }]
      : newcomerRegistered
        ? ['/login', newcomer]
        : ['/register', newcomer]
  const response = await context.request.post(url, { form, headers: { origin } })
  if (new URL(response.url()).pathname === url) throw new Error(`Signing in as ${who} failed: ${response.status()}`)
  if (who === 'newcomer') newcomerRegistered = true
}

await main()

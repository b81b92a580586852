import type { Page, Route } from '@playwright/test'
import { demoUsers, expect, holdRequests, loginAs, test, type TestDatabase } from './fixtures.ts'
import { fakeMapTilesUrlVariable } from './global-setup.ts'

// The map screen, /map (spec section 2, 'Map screen' and 'Sitter quick view'; section 8, 'Map and
// location'; section 9's zoom levels and geolocation options), with the demo data: markers for the
// sitters of the area the map shows, the 'All Sitters' list pane, the quick view (the bottom card on a
// phone), the browser's location, and the plain list without JavaScript.

const listPane = (page: Page) => page.getByRole('region', { name: 'All Sitters' })
const quickView = (page: Page) => page.getByRole('dialog')

/** Waits until the list pane shows the sitters of the map's area: their number, or that there are none. */
async function areaShown(page: Page) {
  const count = listPane(page).getByText(/^\d+ (of \d+ )?sitters? in this area/)
  await expect(count.or(listPane(page).getByRole('heading', { name: 'No sitters found in this area' }))).toBeVisible()
}

/** The names of the sitters the list pane shows, once the list of the map's area has arrived. */
async function listedNames(page: Page) {
  await areaShown(page)
  return listPane(page).getByRole('heading', { level: 3 }).allTextContents()
}

/** Each sitter marker's name (its text for screen readers) and each cluster's count. */
async function readMarkers(page: Page) {
  await expect(page.locator('.pawpal-marker').first()).toBeVisible()
  return page.locator('.pawpal-marker').evaluateAll((markers) =>
    markers.map((marker) => ({
      cluster: marker.classList.contains('pawpal-cluster'),
      label: marker.querySelector('.sr-only')?.textContent ?? '',
      count: Number(marker.querySelector('.pawpal-cluster-count')?.textContent ?? 1),
    })),
  )
}

/**
 * A sitter marker the user can tap: wholly inside the map and not under the banner, a button or another
 * marker (what the browser finds at its middle is the marker), and the sitter's name. Markers arrive
 * after Leaflet, which loads once the page is interactive, so this waits for one.
 */
async function tappableMarker(page: Page) {
  const markers = page.locator('.pawpal-marker:not(.pawpal-cluster)')
  let index = -1
  await expect(async () => {
    const map = (await page.locator('.leaflet-container').boundingBox())!
    const tappable = await markers.evaluateAll((elements, map) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect()
        const inside = box.left >= map.x && box.right <= map.x + map.width && box.top >= map.y && box.bottom <= map.y + map.height
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        return inside && hit !== null && element.contains(hit)
      }),
    map)
    index = tappable.indexOf(true)
    expect(index, 'a sitter marker the user can tap').toBeGreaterThanOrEqual(0)
  }).toPass()
  const marker = markers.nth(index)
  return { marker, name: (await marker.locator('.sr-only').textContent()) ?? '' }
}

/** The loaded tile images matching `selector` that the page shows: their URL and their top left corner. */
function tilesShown(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((images) =>
    (images as HTMLImageElement[])
      .filter((image) => image.complete && image.naturalWidth > 0)
      .map((image) => ({ url: image.currentSrc, x: image.getBoundingClientRect().x, y: image.getBoundingClientRect().y })),
  )
}

/** The loaded tiles matching `selector` under the middle of the map's box. */
async function tilesUnderMiddle(page: Page, selector: string) {
  const box = (await page.getByRole('region', { name: 'Map of sitters' }).boundingBox())!
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  return (await tilesShown(page, selector)).filter((tile) => tile.x <= x && x < tile.x + 256 && tile.y <= y && y < tile.y + 256)
}

/** The zoom levels of the Leaflet tiles the map shows (the `{z}` of each tile's URL), once they have settled. */
const tileZooms = (page: Page) =>
  page.locator('.leaflet-tile-loaded').evaluateAll((images) => [...new Set((images as HTMLImageElement[]).map((image) => Number(new URL(image.src).pathname.split('/')[1])))])

/** The listed sitters with a public point, as the database holds them now. */
function sittersOnMap(db: TestDatabase) {
  return db
    .selectFrom('sitterListings')
    .innerJoin('users', 'users.id', 'sitterListings.sitterId')
    .select(['users.id', 'users.name'])
    .where('users.publicLatitude', 'is not', null)
    .execute()
}

test.describe('with JavaScript', () => {
  test.beforeEach(({ jsEnabled }) => {
    test.skip(!jsEnabled, 'the map itself needs JavaScript')
  })

  test('@desktop the map shows every listed sitter of its area as a marker or in a cluster, each a seeded sitter', async ({ page, visit, db }) => {
    await loginAs(page, 'owner')
    await visit('/map')

    const names = await listedNames(page)
    const markers = await readMarkers(page)
    const seededNames = new Set((await sittersOnMap(db)).map((sitter) => sitter.name))

    expect(names.length).toBeGreaterThan(1)
    const single = markers.filter((marker) => !marker.cluster).map((marker) => marker.label)
    expect(single.length).toBeGreaterThan(0)
    expect(single.length + markers.filter((marker) => marker.cluster).reduce((sum, marker) => sum + marker.count, 0)).toBe(names.length)
    for (const name of single) {
      expect(names).toContain(name)
      expect(seededNames.has(name), `${name} is a listed sitter with a location`).toBe(true)
    }
  })

  test('@desktop tapping a marker opens the quick view; View Full Profile opens the profile', async ({ page, visit, db }) => {
    await loginAs(page, 'owner')
    await visit('/map')
    await listedNames(page)
    const { marker, name } = await tappableMarker(page)

    await marker.click()

    const card = quickView(page)
    await expect(card.getByRole('heading', { name })).toBeVisible()
    await expect(card.getByText(/Usually replies|completed booking|experience/).first()).toBeVisible()
    const contact = await card.getByRole('link', { name: 'Contact' }).getAttribute('href')
    const sitterId = contact?.match(/^\/messages\?userId=([0-9a-f-]{36})$/)?.[1] ?? ''
    const sitter = await db.selectFrom('users').select(['name', 'publicLatitude']).where('id', '=', sitterId).executeTakeFirst()
    expect(sitter?.name).toBe(name)
    expect(sitter?.publicLatitude).not.toBeNull()
    await expect(card.getByRole('link', { name: 'Book' })).toHaveAttribute('href', `/sitters/${sitterId}/book/quick/1`)
    // The spec calls it View Profile on the phone's bottom card, View Full Profile in the wider dialog.
    const viewProfile = card.getByRole('link', { name: page.viewportSize()!.width < 768 ? 'View Profile' : 'View Full Profile', exact: true })
    await viewProfile.click()
    await expect(page).toHaveURL(new RegExp(`/sitters/${sitterId}$`))
  })

  test('on a phone, tapping a sitter in the list hides the list and shows the bottom card; closing brings the list back', async ({ page, visit }) => {
    test.skip(page.viewportSize()!.width >= 768, 'the bottom card is the narrow layout')
    await loginAs(page, 'owner')
    await visit('/map')
    const [firstName] = await listedNames(page)

    await listPane(page).getByRole('link').first().click()

    const card = quickView(page)
    await expect(card.getByRole('heading', { name: firstName })).toBeVisible()
    await expect(page).toHaveURL(/\/map$/)
    await expect(listPane(page)).toBeHidden()
    const box = (await card.boundingBox())!
    const { height } = page.viewportSize()!
    // At the bottom of the screen, just above the tab bar, and the whole card in view.
    expect(box.y).toBeGreaterThan(height / 3)
    expect(box.y + box.height).toBeLessThanOrEqual(height)
    expect(box.y + box.height).toBeGreaterThan(height - 120)
    await expect(card.getByRole('link', { name: 'View Profile', exact: true })).toBeVisible()

    await card.getByRole('button', { name: 'Close' }).click()

    await expect(card).toBeHidden()
    await expect(listPane(page)).toBeVisible()
  })

  test('moving the map loads the sitters of the new area; an answer for an area left behind is ignored', async ({ page, visit }) => {
    await loginAs(page, 'owner') // the map opens at zoom 13 around the owner's address
    await visit('/map')
    const before = await listedNames(page)
    const held: Route[] = []
    await page.route(
      (url) => url.pathname === '/api/users/sitters',
      async (route) => {
        if (held.length === 0) held.push(route) // the first area's answer waits until the end
        else await route.continue()
      },
    )

    const first = page.waitForRequest((request) => request.url().includes('/api/users/sitters?'))
    await page.getByRole('button', { name: 'Zoom in', exact: true }).click()
    const firstUrl = new URL((await first).url())
    expect(firstUrl.searchParams.get('limit')).toBe('100')
    expect(firstUrl.searchParams.get('bbox')).toMatch(/^-?[\d.]+,-?[\d.]+,-?[\d.]+,-?[\d.]+$/)
    await page.getByRole('button', { name: 'Zoom in', exact: true }).click()

    const after = await listedNames(page)
    expect(after.length).toBeLessThan(before.length)
    // The old answer arrives last, with a sitter no area has: the list stays the new area's.
    await held[0]!
      .fulfill({ json: { data: [{ ...staleSitter }], meta: { page: 1, limit: 100, total: 1, totalPages: 1 } } })
      .catch(() => {}) // the page may have cancelled it already, which is as good
    expect(await listedNames(page)).toEqual(after)
    await expect(page.getByText(staleSitter.name)).toHaveCount(0)
  })

  test("while an area loads the list shows its skeleton; an empty area says so; a failed one offers Try Again", async ({ page, visit }) => {
    await visit('/map')
    await listedNames(page)
    const held: Route[] = []
    await page.route(
      (url) => url.pathname === '/api/users/sitters',
      (route) => void held.push(route),
    )

    await page.getByRole('button', { name: 'Zoom in', exact: true }).click()
    await expect.poll(() => held.length).toBe(1)
    await expect(listPane(page)).toHaveAttribute('aria-busy', 'true')
    await expect(listPane(page).getByText('Loading sitters…')).toBeAttached()
    await expect(listPane(page).getByText('Looking for sitters in this area…')).toBeVisible()

    await held[0]!.fulfill({ status: 503, json: { message: 'Service unavailable' } })
    await expect(listPane(page).getByRole('alert')).toContainText('Could not load the sitters in this area.')
    await listPane(page).getByRole('button', { name: 'Try Again' }).click()
    await expect.poll(() => held.length).toBe(2)
    await held[1]!.fulfill({ json: { data: [], meta: { page: 1, limit: 100, total: 0, totalPages: 0 } } })
    await expect(listPane(page).getByRole('heading', { name: 'No sitters found in this area' })).toBeVisible()
    await expect(listPane(page).getByText('Zoom out or move the map to see more sitters.')).toBeVisible()
    await expect(listPane(page)).not.toHaveAttribute('aria-busy', 'true')
  })

  test('the quick view says when the profile cannot be loaded and offers the full profile', async ({ page, visit }) => {
    await page.route(
      (url) => /^\/api\/users\/[0-9a-f-]{36}$/.test(url.pathname),
      (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong' } }),
    )
    await visit('/map')
    await listedNames(page)
    const item = listPane(page).getByRole('link').first()
    const profilePath = await item.getAttribute('href')

    await item.click()

    const card = quickView(page)
    await expect(card.getByText('Could not load sitter profile')).toBeVisible()
    await expect(card.getByRole('link', { name: 'Try Full Profile' })).toHaveAttribute('href', profilePath!)
    await expect(card.getByRole('link', { name: 'Contact' })).toHaveCount(0)
  })

  test('@desktop the tiles come from MAP_TILE_URL and the map loads without a failed request or a script error', async ({ page, visit }) => {
    const problems: string[] = []
    const tiles: number[] = []
    page.on('requestfailed', (request) => problems.push(`${request.url()} failed: ${request.failure()?.errorText}`))
    page.on('pageerror', (error) => problems.push(`script error: ${error.message}`))
    page.on('response', (response) => {
      if (response.url().startsWith(`${process.env[fakeMapTilesUrlVariable]}/`)) tiles.push(response.status())
      else if (response.status() >= 400) problems.push(`${response.url()} answered ${response.status()}`)
    })
    await loginAs(page, 'owner')
    await visit('/map')
    await listedNames(page)
    await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible()

    expect(tiles.length).toBeGreaterThan(0)
    expect(tiles.every((status) => status === 200)).toBe(true)
    expect(problems).toEqual([])
  })

  test('before Leaflet arrives the map shows its tiles, in the places where Leaflet then shows the same tiles', async ({ page, visit }) => {
    await page.context().clearPermissions() // the map stays where it opens
    const releaseMap = await holdRequests(page, (url) => /\/assets\/sitter-map\.client-[\w-]+\.js$/.test(url.pathname))
    await visit('/map')

    const map = page.getByRole('region', { name: 'Map of sitters' })
    const previewTiles = map.locator('picture img')
    await expect(async () => expect(await tilesUnderMiddle(page, 'picture img')).toHaveLength(1)).toPass()
    const box = (await map.boundingBox())!
    const loaded = await tilesShown(page, 'picture img')
    for (const tile of loaded) {
      expect(tile.url.startsWith(`${process.env[fakeMapTilesUrlVariable]}/`), tile.url).toBe(true)
      // Nothing beyond the box loads (a tile may touch its edge).
      expect(tile.x <= box.x + box.width && tile.x + 256 >= box.x && tile.y <= box.y + box.height && tile.y + 256 >= box.y, tile.url).toBe(true)
    }
    const preview = loaded.filter((tile) => tile.x < box.x + box.width && tile.x + 256 > box.x && tile.y < box.y + box.height && tile.y + 256 > box.y)
    await expect(page.locator('.leaflet-container')).toHaveCount(0)

    releaseMap()
    await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible()
    await expect(previewTiles).toHaveCount(0) // gone once Leaflet's tiles are in
    const leaflet = new Map((await tilesShown(page, '.leaflet-tile-loaded')).map((tile) => [tile.url, tile]))
    for (const tile of preview) {
      const same = leaflet.get(tile.url)
      expect(same, `Leaflet shows ${tile.url} too`).toBeDefined()
      expect(Math.abs(same!.x - tile.x)).toBeLessThanOrEqual(1)
      expect(Math.abs(same!.y - tile.y)).toBeLessThanOrEqual(1)
    }
  })

  test.describe('where the browser knows the location', () => {
    // Seefeld, near the demo owner.
    test.use({ geolocation: { latitude: 47.3577, longitude: 8.5552 }, permissions: ['geolocation'] })

    test('the map says Location found and lists the sitters nearest the user with their distance', async ({ page, visit }) => {
      const nearMe = page.waitForRequest((request) => {
        const url = new URL(request.url())
        return url.pathname === '/api/users/sitters' && url.searchParams.get('lat') === '47.358' && url.searchParams.get('lng') === '8.555'
      })
      await visit('/map')

      await expect(page.getByRole('status').filter({ hasText: 'Location found' })).toBeVisible()
      await nearMe
      await listedNames(page)
      const distances = await listPane(page).getByText(/^\s*· [\d.]+ miles away$/).allTextContents()
      expect(distances.length).toBeGreaterThan(1)
      const miles = distances.map((text) => Number(text.match(/[\d.]+/)![0]))
      expect(miles).toEqual([...miles].sort((a, b) => a - b))
      await expect(page.getByRole('alert').filter({ hasText: 'Location' })).toHaveCount(0)
    })
    test('the map asks for a precise position up to 5 minutes old, shows the user at zoom 13 and a tapped sitter at zoom 15', async ({ page, visit }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' }) // no flight: the zoom changes at once
      await page.addInitScript(() => {
        const ask = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation)
        const asked: (PositionOptions | undefined)[] = ((window as unknown as { geolocationAsked: unknown[] }).geolocationAsked = [])
        navigator.geolocation.getCurrentPosition = (found, failed, options) => {
          asked.push(options)
          ask(found, failed, options)
        }
      })
      await visit('/map')

      await expect(page.getByRole('status').filter({ hasText: 'Location found' })).toBeVisible()
      expect(await page.evaluate(() => (window as unknown as { geolocationAsked: unknown[] }).geolocationAsked)).toEqual([
        { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 },
      ])
      await expect.poll(() => tileZooms(page)).toEqual([13])

      await listedNames(page)
      const { marker } = await tappableMarker(page)
      await marker.click()
      await expect(quickView(page)).toBeVisible()
      await expect.poll(() => tileZooms(page)).toEqual([15])
    })
  })

  test('where location access is denied, the red banner says so until it is dismissed', async ({ page, visit }) => {
    await page.context().clearPermissions()
    await visit('/map')

    const banner = page.getByRole('alert').filter({ hasText: 'Location access denied. Please enable location services.' })
    await expect(banner).toBeVisible()
    // A visitor without a location sees the fixed city centre at zoom 10.
    await expect.poll(() => tileZooms(page)).toEqual([10])
    await expect(page.getByRole('status').filter({ hasText: 'Location found' })).toHaveCount(0)

    await banner.getByRole('button', { name: 'Dismiss' }).click()
    await expect(banner).toBeHidden()
    // Locate Me asks again, and the answer is the same.
    await page.getByRole('button', { name: 'Locate Me' }).click()
    await expect(banner).toBeVisible()
  })

  // What the browser answers after the spec's 10 s or at once: each GeolocationPositionError code, or no
  // Geolocation API at all, with the banner's text for it (spec section 8).
  const browserAnswers = [
    { answer: 'times out (code 3)', code: 3, text: 'Location request timed out.' },
    { answer: 'has no position (code 2)', code: 2, text: 'Location information is unavailable.' },
    { answer: 'fails otherwise', code: 0, text: 'Unable to retrieve your location.' },
    { answer: 'has no Geolocation API', code: null, text: 'Geolocation is not supported by this browser.' },
  ]
  for (const { answer, code, text } of browserAnswers) {
    test(`a location request the browser ${answer} gets its own text in the banner`, async ({ page, visit }) => {
      await page.addInitScript((code) => {
        if (code === null) {
          delete (Navigator.prototype as { geolocation?: Geolocation }).geolocation
          return
        }
        navigator.geolocation.getCurrentPosition = (_found, failed) => failed?.({ code, message: 'from the test' } as GeolocationPositionError)
      }, code)
      await visit('/map')

      await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: 'Location found' })).toHaveCount(0)
    })
  }
})

test('after signing in the user lands on a working map', async ({ page, visit, jsEnabled }) => {
  await visit('/login')
  await page.getByLabel('Email', { exact: true }).fill(demoUsers.owner.email)
  await page.getByLabel('Password', { exact: true }).fill(demoUsers.owner.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()

  await expect(page).toHaveURL(/\/map$/)
  await expect(page.getByRole('heading', { name: 'All Sitters' })).toBeVisible()
  await expect(listPane(page).getByRole('link').first()).toHaveAttribute('href', /^\/sitters\/[0-9a-f-]{36}$/)
  if (jsEnabled) await expect(page.locator('.pawpal-marker').first()).toBeVisible()
})

test('@desktop without JavaScript the list pane is the page: every sitter with a location, a link each, and one line about the map', async ({ page, visit, db, jsEnabled }) => {
  test.skip(jsEnabled, 'the plain page')
  const tileRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(`${process.env[fakeMapTilesUrlVariable]}/`)) tileRequests.push(request.url())
  })
  await visit('/map')

  await expect(page.getByText('The map needs JavaScript, so here are the sitters nearest the city centre.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Map of sitters' })).toBeHidden()
  await page.waitForLoadState('load') // every image the page would load has loaded
  expect(tileRequests, 'no tile loads for the hidden map').toEqual([])
  const hrefs = await listPane(page)
    .getByRole('link')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('href') ?? ''))
  // Other tests add sitters as they run: every link is a listed sitter with a location, and every demo
  // sitter (all of them have one) is there.
  const located = (await sittersOnMap(db)).map((sitter) => sitter.id)
  const linked = hrefs.map((href) => href.replace(/^\/sitters\//, ''))
  expect(linked.length).toBeGreaterThan(0)
  expect(linked.length).toBeLessThanOrEqual(100)
  for (const id of linked) expect(located).toContain(id)
  const demoSitters = await db
    .selectFrom('users')
    .innerJoin('sitterListings', 'sitterListings.sitterId', 'users.id')
    .select('users.id')
    .where('users.email', 'like', '%@pawpal.test')
    .execute()
  expect(demoSitters.length).toBeGreaterThan(30)
  for (const { id } of demoSitters) expect(linked).toContain(id)

  await listPane(page).getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`${hrefs[0]}$`))
})

/** A sitter in an answer the map no longer waits for. */
const staleSitter = {
  id: '00000000-0000-4000-8000-000000000000',
  name: 'Stella Stale',
  profilePhoto: null,
  location: 'Nowhere',
  experience: '1-3',
  verified: false,
  rating: null,
  reviewCount: 0,
  latitude: 47.37,
  longitude: 8.54,
  services: [],
  rates: {},
  rate: null,
  distance: null,
}

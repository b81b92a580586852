import type { Page } from '@playwright/test'
import { metresBetween, type Point } from '../metres-between.ts'
import { expect, registerUser, test } from './fixtures.ts'

// The location picker's map (spec section 4, Map and location; decision 083): its tiles and pin show as images
// and Leaflet loads only when the map is used. A tap places the pin where it landed and opens Leaflet there;
// the button opens it from the keyboard without moving the pin.

/** The spec's default centre, where the map opens at zoom 13 before a location is chosen. */
const zurich = { latitude: 47.3769, longitude: 8.5417 }

/**
 * The point `offset` px from the centre of a Web Mercator map of 256 px tiles at `zoom`, as Leaflet draws it
 * (the centre's pixel rounded), written out here rather than taken from the app.
 */
function pointAt(centre: Point, zoom: number, offset: { x: number; y: number }): Point {
  const worldPx = 256 * 2 ** zoom
  const sin = Math.sin((centre.latitude * Math.PI) / 180)
  const x = Math.round(worldPx * (centre.longitude / 360 + 0.5)) + offset.x
  const y = Math.round(worldPx * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI))) + offset.y
  return { latitude: (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / worldPx))) * 180) / Math.PI, longitude: (x / worldPx) * 360 - 180 }
}

function mapOf(page: Page) {
  return page.getByRole('group', { name: /^Map of your location/ })
}

/** The coordinates the picker shows, as numbers. */
async function shownPoint(page: Page): Promise<Point> {
  const text = await page.getByText(/^Coordinates: /).innerText()
  const [latitude, longitude] = text.replace('Coordinates: ', '').split(', ').map(Number)
  return { latitude: latitude!, longitude: longitude! }
}

test.beforeEach(({ jsEnabled }) => {
  test.skip(!jsEnabled, 'Without JavaScript the picker is the address input alone: the server finds it on the map when the form is saved')
})

test('the map shows without Leaflet until tapped; a tap places the pin there, opens Leaflet in the same place, and saving stores the point @desktop', async ({
  page,
  visit,
  db,
}) => {
  const owner = await registerUser(page, db, { prefix: 'location-tap' })
  const leafletRequests: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/(location-map\.client|TileLayer)-/.test(request.url())) leafletRequests.push(request.url())
  })
  await visit('/profile/edit')
  const map = mapOf(page)
  await map.scrollIntoViewIfNeeded()
  await expect(map.getByRole('button', { name: 'Place the pin on the map' })).toBeVisible()
  await expect(page.getByText('No location selected yet')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(leafletRequests).toEqual([])
  await expect(page.locator('.leaflet-container')).toHaveCount(0)

  // 15 px left of and 71 px below the preview's centre: about 13 m from the fake geocoder's Bahnhofstrasse 1.
  const preview = map.locator('.cursor-crosshair')
  const box = (await preview.boundingBox())!
  const tap = { x: Math.round(box.width / 2) - 15, y: Math.round(box.height / 2) + 71 }
  await preview.click({ position: tap })

  const expected = pointAt(zurich, 13, { x: tap.x - box.width / 2, y: tap.y - box.height / 2 })
  await expect(page.getByText(/^Coordinates: /)).toBeVisible()
  // A pixel at zoom 13 is about 13 m here; the tap lands within a pixel of where it was asked.
  expect(metresBetween(await shownPoint(page), expected)).toBeLessThan(20)
  // The address is looked up at the new point.
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue(/Bahnhofstrasse/)

  // Leaflet opens where the preview was: its pin's tip stands where the finger came down.
  const pin = page.locator('.pawpal-location-pin')
  await expect(pin).toBeVisible()
  await expect(page.locator('.leaflet-control-zoom-in')).toBeVisible()
  const pinBox = (await pin.boundingBox())!
  expect(Math.abs(pinBox.x + 22 - (box.x + tap.x))).toBeLessThanOrEqual(2)
  expect(Math.abs(pinBox.y + 42 - (box.y + tap.y))).toBeLessThanOrEqual(2)
  expect(leafletRequests.length).toBeGreaterThan(0)

  const shown = await shownPoint(page)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  const row = await db.selectFrom('users').select(['latitude', 'longitude']).where('id', '=', owner.id).executeTakeFirstOrThrow()
  expect(row).toEqual(shown)
})

test('from the keyboard the button opens the map where the preview was, without moving the pin @desktop', async ({ page, visit, db }) => {
  await registerUser(page, db, { prefix: 'location-keys' })
  await visit('/profile/edit')
  const address = page.getByLabel('Address', { exact: true })
  await address.fill('Langstrasse 100, Zürich')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Location found' })).toBeVisible()
  const found = await shownPoint(page)

  const open = mapOf(page).getByRole('button', { name: 'Move the pin on the map' })
  await open.focus()
  await page.keyboard.press('Enter')

  await expect(page.locator('.leaflet-control-zoom-in')).toBeVisible()
  await expect(page.locator('.pawpal-location-pin')).toBeVisible()
  // The button is gone: the focus moves on to the map, whose arrow keys pan it.
  await expect(page.locator('.leaflet-container')).toBeFocused()
  expect(await shownPoint(page)).toEqual(found)
  // The map opened on the found point: its pin stands in the middle of the map.
  const mapBox = (await page.locator('.leaflet-container').boundingBox())!
  const pinBox = (await page.locator('.pawpal-location-pin').boundingBox())!
  expect(Math.abs(pinBox.x + 22 - (mapBox.x + mapBox.width / 2))).toBeLessThanOrEqual(2)
  expect(Math.abs(pinBox.y + 42 - (mapBox.y + mapBox.height / 2))).toBeLessThanOrEqual(2)
})

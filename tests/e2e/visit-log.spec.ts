import type { Page } from '@playwright/test'
import { zonedInstant } from '#app/lib/zoned-time.ts'
import { insertBooking, insertDog, registerSitter, zurichDate } from './booking-helpers.ts'
import { expect, pngFile, registerUser, secondPerson, test, type TestDatabase } from './fixtures.ts'

// The visit log on the booking page (issue 32 part 1): the sitter checks in with the server's time, logs
// activities and a photo taken there, checks out with a note; the owner gets the report card, and with
// JavaScript sees the visit start on a booking page that stays open.

const zone = 'Europe/Zurich'

const clock = (instant: Date | string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant))

/**
 * A one-hour walk from now rounded down to the quarter hour in Zurich: it has started, so check-in is open.
 * `moment` is how the page names an instant of it: the time, with the day too when the walk runs past midnight.
 */
function walkStartingNow() {
  const date = zurichDate(0)
  const [hours, minutes] = clock(new Date()).split(':').map(Number) as [number, number]
  const start = hours * 60 + minutes - (minutes % 15)
  const time = (total: number) => `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
  const pastMidnight = start + 60 > 24 * 60
  const day = (instant: Date | string) => new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric' }).format(new Date(instant))
  const moment = (instant: Date | string) => (pastMidnight ? `${day(instant)}, ${clock(instant)}` : clock(instant))
  const anyMoment = pastMidnight ? String.raw`[A-Z][a-z]{2} \d{1,2}, \d\d:\d\d` : String.raw`\d\d:\d\d`
  return { date, slot: { startTime: time(start), endTime: time(start + 60) }, moment, anyMoment }
}

/** Opens the page; with JavaScript waits until its live socket has answered, so a push can reach it, and marks it (a reload loses the mark). */
async function openLive(page: Page, path: string, jsEnabled: boolean) {
  const counted = new Promise<void>((resolve) =>
    page.once('websocket', (socket) => socket.on('framereceived', (frame) => String(frame.payload).includes('"requestsToAnswer"') && resolve())),
  )
  await page.goto(path)
  if (jsEnabled) await counted
  await page.evaluate(() => document.documentElement.setAttribute('data-test-unreloaded', ''))
}

const unreloaded = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-test-unreloaded'))

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title })

const visitSection = (page: Page) => page.getByRole('region', { name: /^(Visit log|Visit under way|Report card)$/ })

/** Whether an image on the page has loaded (a private visit photo the viewer may not see would not). */
const hasLoaded = (page: Page, alt: RegExp) =>
  page
    .getByRole('img', { name: alt })
    .first()
    .evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)

async function meetingPlaceOf(db: TestDatabase, bookingId: string) {
  const place = { latitude: 47.3769, longitude: 8.5417 }
  await db.updateTable('bookings').set({ ...place, location: 'Bahnhofstrasse 1, Zürich' }).where('id', '=', bookingId).execute()
  return place
}

test('a sitter checks in, adds a photo, pee and water, and checks out; the owner sees the report card', async ({ page, browser, db, visit, jsEnabled }) => {
  const sitter = await registerSitter(page, db, 'Sam Walker')
  const owner = await secondPerson(browser, db, { prefix: 'owner', name: 'Olive Owner' })
  const dogId = await insertDog(db, owner.user.id, { name: 'Biscuit' })
  const { moment, anyMoment, ...walk } = walkStartingNow()
  const bookingId = await insertBooking(db, { dogId, ownerId: owner.user.id, sitterId: sitter.id }, { status: 'accepted', ...walk })
  const meetingPlace = await meetingPlaceOf(db, bookingId)
  const path = `/bookings/${bookingId}`

  await openLive(owner.page, path, jsEnabled)
  await expect(visitSection(owner.page)).toContainText('The log starts when Sam checks in')

  await visit(path)
  if (jsEnabled) {
    // The phone stands 0.00316° (about 351 m) north of the meeting place: kept as 350 m, in 50 m steps.
    await page.context().grantPermissions(['geolocation'])
    await page.context().setGeolocation({ latitude: meetingPlace.latitude + 0.00316, longitude: meetingPlace.longitude })
    await expect(page.getByLabel('Share my position for this check-in')).not.toBeChecked()
    await page.getByLabel('Share my position for this check-in').check()
  } else {
    await expect(page.getByLabel('Share my position for this check-in')).toHaveCount(0)
  }
  await page.getByRole('button', { name: 'Check in' }).click()
  await expect(toast(page, 'Checked in')).toBeVisible()

  const checkedIn = await db.selectFrom('visits').selectAll().where('bookingId', '=', bookingId).executeTakeFirstOrThrow()
  const place = jsEnabled ? '350 m from the meeting place' : 'No position shared'
  expect(checkedIn).toMatchObject(jsEnabled ? { checkInPlace: 'elsewhere', checkInDistanceMeters: 350 } : { checkInPlace: 'no_position', checkInDistanceMeters: null })
  await expect(visitSection(page)).toContainText(`Visit under way since ${moment(checkedIn.checkedInAt)}`)
  await expect(visitSection(page)).toContainText(place)

  if (jsEnabled) {
    // The owner's page has not been touched since it opened: the socket brought the check-in.
    await expect(visitSection(owner.page)).toContainText(`Visit under way since ${moment(checkedIn.checkedInAt)}`)
    await expect(visitSection(owner.page)).toContainText(place)
    expect(await unreloaded(owner.page)).toBe(true)
  }

  await page.getByLabel('Photo').setInputFiles(await pngFile('biscuit.png'))
  await page.getByRole('button', { name: 'Add photo' }).click()
  await expect(toast(page, 'Photo added')).toBeVisible()
  await expect(visitSection(page).getByRole('img', { name: new RegExp(`^Photo taken at ${anyMoment}$`) })).toHaveCount(1)

  await page.getByRole('button', { name: 'Pee', exact: true }).click()
  await expect(toast(page, 'Pee logged')).toBeVisible()
  await page.getByRole('button', { name: 'Water', exact: true }).click()
  await expect(toast(page, 'Water logged')).toBeVisible()
  const log = page.getByRole('list', { name: 'Logged so far' })
  await expect(log.getByRole('listitem')).toHaveText([/Pee$/, /Water$/])

  await page.getByLabel('Note for the owner (optional)').fill('Biscuit pulled towards the river all the way.')
  await page.getByRole('button', { name: 'Check out' }).click()
  await expect(toast(page, 'Checked out: the report card is ready')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Report card' })).toBeVisible()

  const checkedOut = await db.selectFrom('visits').selectAll().where('bookingId', '=', bookingId).executeTakeFirstOrThrow()
  expect(checkedOut.checkOutNote).toBe('Biscuit pulled towards the river all the way.')

  await owner.page.goto(path)
  const card = visitSection(owner.page)
  await expect(card.getByRole('heading', { name: 'Report card' })).toBeVisible()
  await expect(card).toContainText(`Checked in${moment(checkedOut.checkedInAt)}`)
  await expect(card).toContainText(`Checked out${moment(checkedOut.checkedOutAt!)}`)
  await expect(card.getByRole('list', { name: 'Activities' }).getByRole('listitem')).toHaveText([/Pee$/, /Water$/])
  await expect(card.getByRole('img', { name: /^Photo taken at/ })).toHaveCount(1)
  expect(await hasLoaded(owner.page, /^Photo taken at/)).toBe(true)
  await expect(card).toContainText("Sam's note")
  await expect(card).toContainText('Biscuit pulled towards the river all the way.')

  // The owner is told the report card is ready; the sitter, who wrote it, is not.
  await expect
    .poll(async () => (await db.selectFrom('notifications').select(['userId', 'text']).where('type', '=', 'visit.checkedOut').where('href', 'like', `%${bookingId}%`).execute()).map((row) => row.userId))
    .toEqual([owner.user.id])
  await owner.page.goto('/notifications')
  await expect(owner.page.getByText('Sam Walker checked out of', { exact: false }).first()).toContainText('the report card is ready')
  await owner.close()
})

test('@desktop the report card of a walk shows its times, duration, distance, route and note', async ({ page, db, visit }) => {
  const sitter = await registerSitter(page, db, 'Sam Walker')
  await page.context().clearCookies()
  const owner = await registerUser(page, db, { prefix: 'owner', name: 'Olive Owner' })
  const dogId = await insertDog(db, owner.id, { name: 'Biscuit' })
  const date = zurichDate(-1)
  const bookingId = await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'completed', date, slot: { startTime: '10:00', endTime: '11:00' } })
  const at = (time: string) => new Date(zonedInstant(date, time, zone)).toISOString()
  await db
    .insertInto('visits')
    .values({
      bookingId,
      checkedInAt: at('10:02'),
      checkInPlace: 'at_place',
      checkInDistanceMeters: 50,
      checkedOutAt: at('10:49'),
      checkOutNote: 'A long sniff at every tree.',
      routeMeters: 2345,
      routeStartedAt: at('10:05'),
      routeEndedAt: at('10:45'),
    })
    .execute()
  await db
    .insertInto('visitEntries')
    .values([
      { id: crypto.randomUUID(), bookingId, kind: 'poo', note: null, recordedAt: at('10:20') },
      { id: crypto.randomUUID(), bookingId, kind: 'play', note: null, recordedAt: at('10:30') },
    ])
    .execute()
  await db
    .insertInto('visitRoutePoints')
    .values(
      [
        [47.38, 8.54, '10:05'],
        [47.385, 8.545, '10:15'],
        [47.39, 8.55, '10:30'],
      ].map(([latitude, longitude, time]) => ({ id: crypto.randomUUID(), bookingId, latitude: Number(latitude), longitude: Number(longitude), recordedAt: at(String(time)) })),
    )
    .execute()

  await visit(`/bookings/${bookingId}`)
  const card = visitSection(page)
  await expect(card.getByRole('heading', { name: 'Report card' })).toBeVisible()
  await expect(card).toContainText('Checked in10:02At the meeting place')
  await expect(card).toContainText('Checked out10:49')
  await expect(card).toContainText('Duration47 min')
  await expect(card).toContainText('Distance2.3 km')
  await expect(card.getByRole('list', { name: 'Activities' }).getByRole('listitem')).toHaveText(['10:20Poo', '10:30Play'])
  await expect(card.getByRole('img', { name: 'The route walked, 2.3 km' })).toBeVisible()
  await expect(card.getByRole('img', { name: 'The route walked, 2.3 km' }).locator('polyline')).toHaveAttribute('points', /^(\S+,\S+ ){2}\S+,\S+$/)
  await expect(card).toContainText("Sam's note")
  await expect(card).toContainText('A long sniff at every tree.')
})

test("@desktop with JavaScript a walker's phone records the route while the page is open and sends it when tracking stops; without JavaScript there is no tracker", async ({ page, browser, db, visit, jsEnabled }) => {
  const sitter = await registerSitter(page, db, 'Sam Walker')
  const owner = await secondPerson(browser, db, { prefix: 'owner', name: 'Olive Owner' })
  const dogId = await insertDog(db, owner.user.id, { name: 'Biscuit' })
  const { date, slot } = walkStartingNow()
  const bookingId = await insertBooking(db, { dogId, ownerId: owner.user.id, sitterId: sitter.id }, { status: 'accepted', date, slot })
  await owner.close()

  await visit(`/bookings/${bookingId}`)
  await page.getByRole('button', { name: 'Check in' }).click()
  await expect(toast(page, 'Checked in')).toBeVisible()
  const trackRoute = page.getByRole('button', { name: 'Track route' })
  if (!jsEnabled) {
    await expect(visitSection(page)).toContainText('Visit under way since')
    await expect(trackRoute).toHaveCount(0)
    return
  }

  // By the lake, far from anyone's home (neither party has one here).
  const lakeside = { latitude: 47.3551, longitude: 8.5513 }
  await page.context().grantPermissions(['geolocation'])
  await page.context().setGeolocation(lakeside)
  await expect(trackRoute).toHaveAttribute('aria-pressed', 'false')
  await expect(visitSection(page)).toContainText('Keep this page open during the walk')
  await trackRoute.click()
  await expect(trackRoute).toHaveAttribute('aria-pressed', 'true')
  await expect(visitSection(page)).toContainText('Tracking: 1 position, 0 saved.')
  // Fewer than a minute's positions wait on the phone; stopping sends them.
  expect(await db.selectFrom('visitRoutePoints').select('id').where('bookingId', '=', bookingId).execute()).toEqual([])

  await trackRoute.click()
  await expect(visitSection(page)).toContainText('Stopped: 1 position saved.')
  const stored = await db.selectFrom('visitRoutePoints').select(['latitude', 'longitude']).where('bookingId', '=', bookingId).execute()
  expect(stored).toEqual([lakeside])
})

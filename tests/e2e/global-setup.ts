// Starts the production server once for the whole e2e run, on a build made fresh first when the source
// changed (tests/fresh-build.ts), a free port and a fresh database and upload folder, and stops it
// (SIGTERM) afterwards. Before it, the local fakes of Google, of the geocoder, of the map tile server and
// of a browser push service start on loopback in this (the runner's) process, and the server is pointed at them, so no test touches
// the network. Tests find all of it through environment variables, which Playwright hands on to its workers.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { FullConfig } from '@playwright/test'
import { ensureFreshBuild } from '../fresh-build.ts'
import { startServerProcess } from '../server-process.ts'
import { start as startFakeGeocoder } from '../fakes/geocoder.ts'
import { startFakeGoogle } from '../fakes/google.ts'
import { startFakeMapTiles } from '../fakes/map-tiles.ts'
import { start as startFakePushService } from '../fakes/push-service.ts'

/** The server's origin, e.g. http://127.0.0.1:41234 (used as `baseURL`). */
export const baseUrlVariable = 'PAWPAL_E2E_BASE_URL'
/** The server's SQLite file, which the `db` fixture opens to assert rows. */
export const databaseFileVariable = 'PAWPAL_E2E_DATABASE_FILE'
/** The fake Google's origin (tests/fakes/google.ts), for its /__fake/... control endpoints. */
export const fakeGoogleUrlVariable = 'PAWPAL_E2E_FAKE_GOOGLE_URL'
/** The fake geocoder's origin (tests/fakes/geocoder.ts), the server's GEOCODER_URL. */
export const fakeGeocoderUrlVariable = 'PAWPAL_E2E_FAKE_GEOCODER_URL'
/** The fake tile server's origin (tests/fakes/map-tiles.ts), where the server's MAP_TILE_URL points. */
export const fakeMapTilesUrlVariable = 'PAWPAL_E2E_FAKE_MAP_TILES_URL'
/** The fake push service's origin (tests/fakes/push-service.ts), the server's PUSH_SERVICE_URL. */
export const fakePushServiceUrlVariable = 'PAWPAL_E2E_FAKE_PUSH_SERVICE_URL'

export default async function globalSetup(config: FullConfig) {
  const root = config.configFile ? path.dirname(config.configFile) : process.cwd()
  ensureFreshBuild(root)

  // The fakes live in this process, which runs until the teardown below has finished.
  const google = await startFakeGoogle()
  const geocoder = await startFakeGeocoder()
  const tiles = await startFakeMapTiles()
  const pushService = await startFakePushService()
  const stopFakes = () => Promise.allSettled([google.close(), geocoder.close(), tiles.close(), pushService.close()])

  let server
  try {
    server = await startServerProcess({
      root,
      directory: path.join(root, 'tests/.tmp', `e2e-${process.pid}`),
      environment: {
        SEED_DEMO: 'true',
        ...google.environment(), // GOOGLE_CLIENT_ID, _SECRET, _AUTH_URL, _TOKEN_URL, _USERINFO_URL, _CALENDAR_URL
        GEOCODER_URL: geocoder.url,
        MAP_TILE_URL: tiles.template,
        PUSH_SERVICE_URL: pushService.url,
        // The bookings are swept every second, not every minute: a booking about to start reminds its parties at once.
        BOOKING_SWEEP_SECONDS: '1',
      },
    })
  } catch (error) {
    await stopFakes()
    throw error
  }

  process.env[baseUrlVariable] = server.url
  process.env[databaseFileVariable] = server.databaseFile
  process.env[fakeGoogleUrlVariable] = google.url
  process.env[fakeGeocoderUrlVariable] = geocoder.url
  process.env[fakeMapTilesUrlVariable] = tiles.url
  process.env[fakePushServiceUrlVariable] = pushService.url

  return async function globalTeardown() {
    const exit = await server.stop()
    await stopFakes()
    // Keep the log where Playwright keeps its other results, for whoever reads a failure.
    const outputDir = path.join(root, 'test-results')
    mkdirSync(outputDir, { recursive: true })
    writeFileSync(path.join(outputDir, 'e2e-server.log'), server.log())
    if (exit.code !== 0) {
      console.warn(`The e2e server did not stop cleanly on SIGTERM (${exit.describe}). Its output:\n${server.log()}`)
    }
    await server.dispose()
  }
}

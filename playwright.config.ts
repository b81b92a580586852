import { defineConfig, devices, type PlaywrightTestOptions } from '@playwright/test'
import { baseUrlVariable } from './tests/e2e/global-setup.ts'

// Every journey runs at a phone viewport with JavaScript on and off (DESIGN.md section 7).
// The desktop projects only run the tests tagged `@desktop`: the ones where the wide layout differs.
const phone: Partial<PlaywrightTestOptions> = {
  userAgent: devices['Pixel 7'].userAgent, // Chrome on Android, so the server sees a phone
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
}
const desktop: Partial<PlaywrightTestOptions> = {
  viewport: { width: 1280, height: 800 },
}

export default defineConfig({
  testDir: 'tests/e2e',
  // The global setup starts one production server on a fresh database; its URL reaches the
  // workers through the environment (they load this file again after the setup has run).
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2, // the machines have 2 cores; one server is shared by both workers
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: process.env[baseUrlVariable],
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    // A page's requests that the service worker (public/sw.js) makes for it are out of `page.route`'s reach, and
    // several journeys hold or rewrite requests with it: the worker runs in tests/e2e/installable-app.spec.ts.
    serviceWorkers: 'block',
    // A failed test keeps its trace with the DOM snapshot of every step, and its final screenshot (below). The trace's
    // screencast was dropped: recording its frames for every test, passed or not, made a run about a fifth slower.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'phone-js', use: { ...phone, javaScriptEnabled: true } },
    { name: 'phone-nojs', use: { ...phone, javaScriptEnabled: false } },
    { name: 'desktop-js', grep: /@desktop/, use: { ...desktop, javaScriptEnabled: true } },
    { name: 'desktop-nojs', grep: /@desktop/, use: { ...desktop, javaScriptEnabled: false } },
  ],
})

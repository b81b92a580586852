import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { EnvError, parseEnv } from './env.server.ts'

// Production and the local switch (DESIGN.md ruling 30, decision 073): production refuses to start without its
// secrets unless LOCAL_RUN=true says this is a run on this machine, which generates them beside the database.

let directory = ''
afterEach(() => rmSync(directory, { recursive: true, force: true }))

/** Settings with nothing configured but these, the database in a fresh folder. */
function settingsWith(settings: Record<string, string>) {
  directory = mkdtempSync(path.join(tmpdir(), 'pawpal-env-'))
  return { DATABASE_URL: `file:${path.join(directory, 'app.db')}`, ...settings }
}

test('production without LOCAL_RUN refuses to start without SESSION_SECRET and the VAPID keys, naming each', () => {
  const settings = settingsWith({ NODE_ENV: 'production' })
  expect(() => parseEnv(settings)).toThrow(EnvError)
  expect(() => parseEnv(settings)).toThrow(
    /^Invalid configuration: SESSION_SECRET is required in production \(unless LOCAL_RUN=true\); VAPID_PUBLIC_KEY is required .*; VAPID_PRIVATE_KEY is required /,
  )
  expect(() => parseEnv({ ...settings, LOCAL_RUN: 'false' })).toThrow(/SESSION_SECRET is required in production/)
})

test('production with LOCAL_RUN=true starts without them: a secret and a VAPID key pair are made once beside the database', () => {
  const settings = settingsWith({ NODE_ENV: 'production', LOCAL_RUN: 'true' })
  const first = parseEnv(settings)
  expect(first).toMatchObject({ isProduction: true, LOCAL_RUN: true, secureCookies: false })
  expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32)
  expect(Buffer.from(first.vapid.publicKey, 'base64url')).toHaveLength(65)
  expect(Buffer.from(first.vapid.privateKey, 'base64url')).toHaveLength(32)
  expect(existsSync(path.join(directory, '.dev-session-secret'))).toBe(true)
  const again = parseEnv(settings)
  expect([again.SESSION_SECRET, again.vapid.publicKey]).toEqual([first.SESSION_SECRET, first.vapid.publicKey])
})

test('LOCAL_RUN is off unless set, and only true or false', () => {
  expect(parseEnv(settingsWith({})).LOCAL_RUN).toBe(false)
  expect(() => parseEnv(settingsWith({ LOCAL_RUN: 'yes' }))).toThrow(/^Invalid configuration: LOCAL_RUN must be true or false \(got "yes"\)$/)
})

test('LOCAL_RUN refuses a PUBLIC_URL that is not on this machine: its outbox page would show reset links to anyone', () => {
  for (const publicUrl of ['http://localhost:3000', 'http://127.0.0.1:4100', 'http://pawpal.localhost', 'http://[::1]:3000']) {
    expect(parseEnv(settingsWith({ LOCAL_RUN: 'true', PUBLIC_URL: publicUrl })).PUBLIC_URL).toBe(publicUrl)
  }
  for (const publicUrl of ['https://pawpal.example', 'http://192.168.1.20:3000', 'http://localhost.example.com']) {
    expect(() => parseEnv(settingsWith({ LOCAL_RUN: 'true', PUBLIC_URL: publicUrl }))).toThrow(/LOCAL_RUN must be false when PUBLIC_URL is not on this machine/)
  }
})

test('SEED_DEMO: unset, an empty database is filled with the demo in development and in a local run, never in production', () => {
  expect(parseEnv(settingsWith({})).SEED_DEMO).toBe(true)
  expect(parseEnv(settingsWith({ NODE_ENV: 'production', LOCAL_RUN: 'true' })).SEED_DEMO).toBe(true)
  const production = settingsWith({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), VAPID_PUBLIC_KEY: 'A'.repeat(87), VAPID_PRIVATE_KEY: 'A'.repeat(43) })
  expect(() => parseEnv(production)).not.toThrow()
  expect(parseEnv(production).SEED_DEMO).toBe(false)
  expect(parseEnv({ ...production, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true)
  expect(parseEnv(settingsWith({ SEED_DEMO: 'false' })).SEED_DEMO).toBe(false)
})

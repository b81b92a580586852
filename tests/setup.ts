import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, expect, inject } from 'vitest'
import webpush from 'web-push'
import { checkFetchedApiAnswers, takeApiProblems } from './integration/openapi-validator.ts'
import { createTestDatabase } from './postgres-databases.ts'

// A fresh database per test file: set before any app module reads the environment. A SQLite file, or in
// the 'app-postgres' project a copy of the migrated template on PostgreSQL (tests/postgres-server.ts).
const directory = path.resolve('tests/.tmp', `vitest-${process.pid}-${crypto.randomUUID()}`)
mkdirSync(directory, { recursive: true })
const postgres = inject('postgres')
process.env.NODE_ENV = 'test'
process.env.DATABASE_URL = postgres
  ? await createTestDatabase(postgres.serverUrl, postgres.template)
  : `file:${path.join(directory, 'app.db')}`
process.env.UPLOAD_DIR = path.join(directory, 'uploads')
process.env.SESSION_SECRET ??= 'test-secret-test-secret-test-secret-0123456789'
process.env.SEED_DEMO = 'false'
// Production requires VAPID keys: the live-server tests start the server in production with this environment.
const vapid = webpush.generateVAPIDKeys()
process.env.VAPID_PUBLIC_KEY ??= vapid.publicKey
process.env.VAPID_PRIVATE_KEY ??= vapid.privateKey

afterAll(() => rmSync(directory, { recursive: true, force: true }))

// Every answer from /api must be one the OpenAPI document describes (tests/integration/openapi-validator.ts).
checkFetchedApiAnswers()
const expectDocumentedApiAnswers = async () => expect(await takeApiProblems(), 'answers off the OpenAPI document').toEqual([])
afterEach(expectDocumentedApiAnswers)
afterAll(expectDocumentedApiAnswers)

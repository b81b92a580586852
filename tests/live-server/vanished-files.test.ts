import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type ServerProcess, startServerProcess } from '#tests/server-process.ts'

// A deploy that replaces build/ in place deletes the files the running server knew at start-up. The
// server here runs from a copy of the build (server.ts and the server bundle linked, the client
// files copied), so the test can delete them under it: each answers 404 and the process stays up.
const root = path.resolve('tests/.tmp', `vanished-files-${process.pid}`)
let server: ServerProcess

beforeAll(async () => {
  rmSync(root, { recursive: true, force: true })
  mkdirSync(path.join(root, 'build'), { recursive: true })
  symlinkSync(path.resolve('server.ts'), path.join(root, 'server.ts'))
  symlinkSync(path.resolve('build/server'), path.join(root, 'build/server'))
  cpSync(path.resolve('build/client'), path.join(root, 'build/client'), { recursive: true })
  server = await startServerProcess({ root, directory: path.join(root, 'data') })
})

afterAll(async () => {
  await server.dispose()
  rmSync(root, { recursive: true, force: true })
})

const isHealthy = async () => server.isRunning() && (await fetch(`${server.url}/healthz`).catch(() => null))?.status === 200

test('an asset deleted after start-up answers 404, and the server keeps answering', async () => {
  const script = readdirSync(path.join(root, 'build/client/assets')).find((name) => name.endsWith('.js'))!
  const first = await fetch(`${server.url}/assets/${script}`)
  expect(first.status).toBe(200)
  await first.arrayBuffer()

  // With the compressed copies the build wrote beside it (decision 088), which the server would send instead.
  for (const name of [script, `${script}.br`, `${script}.gz`]) rmSync(path.join(root, 'build/client/assets', name))

  const again = await fetch(`${server.url}/assets/${script}`)
  expect(again.status).toBe(404)
  expect(await again.text()).toBe('Not found')
  expect(await isHealthy()).toBe(true)
})

test('a public file deleted after start-up (robots.txt) answers 404, and the server keeps answering', async () => {
  expect((await fetch(`${server.url}/robots.txt`)).status).toBe(200)

  rmSync(path.join(root, 'build/client/robots.txt'))

  const again = await fetch(`${server.url}/robots.txt`)
  expect(again.status).toBe(404)
  expect(await isHealthy()).toBe(true)
})

// temporary measurement script (removed before finishing)
import path from 'node:path'
import { writeFileSync } from 'node:fs'
import { startServerProcess } from './server-process.ts'

const root = path.resolve(import.meta.dirname, '..')
const label = process.argv[2] ?? 'now'
const server = await startServerProcess({
  root,
  directory: path.join(root, 'tests/.tmp', `measure-${process.pid}`),
  environment: { SEED_DEMO: 'true', SESSION_SECRET: 'pawpal-screenshots-not-a-secret-0123456789' },
})
try {
  for (const [who, email, page] of [['owner', 'owner@pawpal.test', '/bookings'], ['sitter', 'sitter@pawpal.test', '/bookings-sitter']] as const) {
    const login = await fetch(`${server.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: 'pawpal-demo', redirectTo: '' }),
    })
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    for (const suffix of ['', '?tab=upcoming', '?tab=past', '?tab=completed', '?tab=all']) {
      const res = await fetch(`${server.url}${page}${suffix}`, { headers: { cookie } })
      const html = await res.text()
      const file = `/tmp/measure/${label}-${who}${suffix.replace(/[?=]/g, '_')}.html`
      writeFileSync(file, html)
      const cards = (html.match(/<article/g) ?? []).length
      console.log(who, page + suffix, res.status, Buffer.byteLength(html), 'bytes', cards, 'cards')
    }
  }
} finally {
  await server.dispose()
}

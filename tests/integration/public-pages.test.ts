import { createHash } from 'node:crypto'
import { beforeAll, expect, test } from 'vitest'
import { appRequest, cookiesFrom, postForm, registerAccount } from './app.ts'

// DESIGN.md section 8: anonymous visitors of public pages get identical bytes (a hash-based CSP instead
// of a nonce), a strong ETag and 304 for If-None-Match; signed-in pages keep a nonce and stay private.
let signedInCookie: string
let signedInEmail: string

beforeAll(async () => {
  const account = await registerAccount()
  signedInEmail = account.email
  signedInCookie = cookiesFrom(await postForm('/login', { email: account.email, password: account.password, redirectTo: '' }))
})

function scriptSources(response: Response) {
  const policy = response.headers.get('content-security-policy') ?? ''
  return policy.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('script-src ')) ?? ''
}

/** The sha256 sources the test computes itself for every inline script of a document. */
function hashesOfInlineScripts(html: string) {
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
  return scripts.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`)
}

test('an anonymous public page is the same bytes twice, with a strong ETag and a CSP listing its inline scripts', async () => {
  const first = await appRequest('/login')
  const second = await appRequest('/login')
  const [firstBody, secondBody] = [await first.text(), await second.text()]
  expect(first.status).toBe(200)
  expect(secondBody).toBe(firstBody)
  expect(first.headers.get('etag')).toMatch(/^"[\w-]{20,}"$/)
  expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
  expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  expect(first.headers.has('x-pawpal-shareable')).toBe(false)

  const sources = scriptSources(first)
  expect(sources).not.toContain('nonce-')
  expect(firstBody).not.toContain('nonce=')
  const hashes = hashesOfInlineScripts(firstBody)
  expect(hashes.length).toBeGreaterThan(0)
  for (const hash of hashes) expect(sources).toContain(hash)
})

test('If-None-Match with the ETag answers 304 without a body', async () => {
  const etag = (await appRequest('/terms')).headers.get('etag')!
  const revalidated = await appRequest('/terms', { headers: { 'if-none-match': etag } })
  expect(revalidated.status).toBe(304)
  expect(await revalidated.text()).toBe('')
  expect(revalidated.headers.get('etag')).toBe(etag)
  expect((await appRequest('/terms', { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200)
})

test('a signed-in visitor gets a fresh nonce, no shared ETag, and a private answer', async () => {
  const first = await appRequest('/support', { headers: { cookie: signedInCookie } })
  const second = await appRequest('/support', { headers: { cookie: signedInCookie } })
  expect(first.status).toBe(200)
  expect(scriptSources(first)).toMatch(/'nonce-[\w+/=]+'/)
  expect(scriptSources(second)).not.toBe(scriptSources(first))
  expect(first.headers.get('etag')).toBeNull()
  expect(first.headers.get('cache-control')).toBe('private, no-cache')
  expect(await first.text()).toContain(`value="${signedInEmail}"`) // the support form knows who is asking
})

test('a visitor with a flash toast waiting is not served the shared copy', async () => {
  const shared = await (await appRequest('/login')).text()
  const withToast = await appRequest('/login', { headers: { cookie: '__toast=eyJ0aXRsZSI6IngifQ.sig' } })
  expect(scriptSources(withToast)).toMatch(/'nonce-/)
  expect(await withToast.text()).not.toBe(shared)
})

test('pages that do not opt in keep a per-request nonce for anonymous visitors too', async () => {
  const response = await appRequest('/reset-password?token=abc')
  expect(scriptSources(response)).toMatch(/'nonce-/)
  expect(response.headers.get('etag')).toBeNull()
})

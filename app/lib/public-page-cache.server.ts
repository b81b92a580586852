import { db } from './db.server.ts'

// DESIGN.md section 8: a public page renders the same bytes for every anonymous visitor, so it is
// rendered once and kept for a few seconds: a burst of visitors costs one render, a repeat visit with
// the ETag costs a 304. entry.server.tsx marks such renders (route handle `publicCache`, hash-based CSP
// instead of a per-request nonce); anything signed in or carrying a flash toast is never shared.
// A copy is reused only while the public data version stands still (decision 022): a change to a
// sitter, their services, schedule, photos or reviews shows on the next request, whoever made it.

const lifetimeMs = 5_000
const maxEntries = 500
/** Set by entry.server.tsx on a render that may be shared; never sent to the client. */
export const shareableRenderHeader = 'x-pawpal-shareable'

type Entry = { status: number; headers: Headers; body: Uint8Array; etag: string; storedAt: number; version: number }

const entries = new Map<string, Entry>()
const rendering = new Map<string, Promise<Entry | null>>()

/** A GET with neither a session nor a flash-toast cookie: what it renders is the same for every visitor. */
export function isAnonymousRead(request: Request) {
  if (request.method !== 'GET') return false
  const cookie = request.headers.get('cookie') ?? ''
  return !/(?:^|;\s*)__(?:session|toast)=/.test(cookie)
}

/**
 * Answers an anonymous read from the shared copy when there is a fresh one; otherwise renders it
 * (concurrent misses for one URL wait for the same render) and keeps the result if it is shareable.
 */
export async function servePublicPage(request: Request, render: (request: Request) => Promise<Response>) {
  if (!isAnonymousRead(request)) return render(request)
  const url = new URL(request.url)
  const key = `${url.pathname}${url.search}`
  // Read before rendering: a change committed during the render makes the next request render again.
  const version = await publicDataVersion()
  const stored = entries.get(key)
  if (stored && stored.version === version && Date.now() - stored.storedAt < lifetimeMs) return answer(stored, request)

  const renderKey = `${version} ${key}`
  const pending = rendering.get(renderKey)
  if (pending) {
    const entry = await pending
    return entry ? answer(entry, request) : render(request)
  }
  let settle: (entry: Entry | null) => void = () => {}
  rendering.set(renderKey, new Promise((resolve) => (settle = resolve)))
  try {
    const response = await render(request)
    if (!response.headers.has(shareableRenderHeader)) {
      settle(null)
      return response
    }
    const entry = await keep(key, response, version)
    settle(entry)
    return answer(entry, request)
  } catch (error) {
    settle(null)
    throw error
  } finally {
    rendering.delete(renderKey)
  }
}

const versionQuery = db.selectFrom('publicDataVersion').select('version').compile()

/** Grows with every change to what public pages show (db/migrations/005's triggers). */
async function publicDataVersion() {
  const { rows } = await db.executeQuery(versionQuery)
  return rows[0]?.version ?? 0
}

async function keep(key: string, response: Response, version: number): Promise<Entry> {
  const headers = new Headers(response.headers)
  headers.delete(shareableRenderHeader)
  const entry = {
    status: response.status,
    headers,
    body: new Uint8Array(await response.arrayBuffer()),
    etag: headers.get('etag') ?? '',
    storedAt: Date.now(),
    version,
  }
  entries.delete(key)
  entries.set(key, entry)
  if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
  return entry
}

function answer(entry: Entry, request: Request) {
  const candidates = request.headers.get('if-none-match')?.split(',').map((tag) => tag.trim()) ?? []
  if (entry.etag && (candidates.includes(entry.etag) || candidates.includes('*'))) {
    const headers = new Headers({ etag: entry.etag })
    for (const name of ['cache-control', 'vary']) {
      const value = entry.headers.get(name)
      if (value) headers.set(name, value)
    }
    return new Response(null, { status: 304, headers })
  }
  return new Response(entry.body.slice(), { status: entry.status, headers: entry.headers })
}

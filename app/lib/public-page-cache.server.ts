import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Kysely } from 'kysely'
import { carriesCredential } from './credentials.server.ts'
import { acceptedEncoding, type Encoding, encodings } from './accepted-encoding.ts'
import { compressBytes } from './compressed-answer.server.ts'
import { db, type Database } from './db.server.ts'

// DESIGN.md section 8: a public page renders the same bytes for every anonymous visitor, so it is
// rendered once and kept for a few seconds: a burst of visitors costs one render, a repeat visit with
// the ETag costs a 304. entry.server.tsx marks such renders (route handle `publicCache`, hash-based CSP
// instead of a per-request nonce); a request that carries any credential (credentials.server.ts: a session
// or toast cookie, an Authorization header, a `?token=`) is never answered from a copy nor kept as one.
// A copy is reused only while the public data version stands still (decision 022): a change to a
// sitter, their services, schedule, photos or reviews shows on the next request, whoever made it.
// Each copy is kept compressed too (brotli, gzip, each made the first time a client asks for it), so a
// browser's request costs no compression either.
// An answer that never depends on who asks (the map's sitters, GET /api/users/sitters) is shared with
// signed-in visitors too, under a key that names its query rather than its spelling (decision 042).
// server.ts answers a fresh copy itself before building a Fetch Request (answerFromSharedCopy, decision
// 056): both ways send the same ready answer, so the bytes and headers cannot drift apart.

const lifetimeMs = 5_000
const maxEntries = 500
/** Set by entry.server.tsx on a render that may be shared; never sent to the client. */
export const shareableRenderHeader = 'x-pawpal-shareable'


/** An answer as it goes out: status, headers (lower-case names) and bytes (none for a 304). */
type ReadyAnswer = { status: number; headers: Readonly<Record<string, string>>; body: Uint8Array<ArrayBuffer> | null }

type Entry = {
  status: number
  headers: Headers
  /** The bytes as rendered (before any compression). */
  body: Uint8Array<ArrayBuffer>
  etag: string
  storedAt: number
  version: number
  /** Each encoding's full answer and its 304, made the first time a client asks for it. */
  ready: Partial<Record<Encoding, ReadyAnswer>>
  notModified: Partial<Record<Encoding, ReadyAnswer>>
}

/**
 * The key of the shared copy a GET may take whoever asks (signed in or not), or null when the answer may
 * depend on the visitor (then only anonymous visitors share it, keyed by its URL).
 */
export type KeyForEveryone = (url: URL) => string | null

const entries = new Map<string, Entry>()
const rendering = new Map<string, Promise<Entry | null>>()

/** The headers that could carry a credential, as a Fetch Request or node:http gives them. */
type RequestHeaders = { cookie: string | null | undefined; authorization: string | null | undefined }

const fetchHeaders = ({ headers }: Request): RequestHeaders => ({ cookie: headers.get('cookie'), authorization: headers.get('authorization') })

const isAnonymous = (method: string, url: URL, headers: RequestHeaders) => method === 'GET' && !carriesCredential({ url, ...headers })

/** A GET that carries no credential: what it renders is the same for every visitor. */
export function isAnonymousRead(request: Request) {
  return isAnonymous(request.method, new URL(request.url), fetchHeaders(request))
}

/** The key of the shared copy a request may take, or null when its answer is the visitor's own. */
function sharedKey(method: string, url: URL, headers: RequestHeaders, keyForEveryone: KeyForEveryone) {
  const sharedWithEveryone = method === 'GET' ? keyForEveryone(url) : null
  if (sharedWithEveryone) return sharedWithEveryone
  return isAnonymous(method, url, headers) ? `${url.pathname}${url.search}` : null
}

/** The copy under `key` if it was made at the current public data version and is young enough. */
function freshEntry(key: string, version: number) {
  const stored = entries.get(key)
  return stored && stored.version === version && Date.now() - stored.storedAt < lifetimeMs ? stored : null
}

/**
 * Answers an anonymous read (or any read of an answer `keyForEveryone` names) from the shared copy when
 * there is a fresh one; otherwise renders it (concurrent misses for one key wait for the same render) and
 * keeps the result if it is shareable.
 */
export async function servePublicPage(request: Request, render: (request: Request) => Promise<Response>, keyForEveryone: KeyForEveryone = () => null) {
  const key = sharedKey(request.method, new URL(request.url), fetchHeaders(request), keyForEveryone)
  if (!key) return withoutShareableMark(await render(request))
  // Read before rendering: a change committed during the render makes the next request render again.
  const version = await versionReadAfterNow()
  const stored = freshEntry(key, version)
  if (stored) return answer(stored, request)

  const rendered = await renderShared(key, version, () => render(request))
  return rendered instanceof Response ? withoutShareableMark(rendered) : answer(rendered, request)
}

/**
 * The copy under `key` at `version`, rendered now (concurrent misses for one key wait for the same render)
 * and kept; the render's own response when it is not one to share.
 */
async function renderShared(key: string, version: number, render: () => Promise<Response>): Promise<Entry | Response> {
  const renderKey = `${version} ${key}`
  const pending = rendering.get(renderKey)
  if (pending) return (await pending) ?? render()
  let settle: (entry: Entry | null) => void = () => {}
  rendering.set(renderKey, new Promise((resolve) => (settle = resolve)))
  try {
    const response = await render()
    // A cookie (a dropped session, say) is the visitor's own: such an answer is never kept.
    if (!response.headers.has(shareableRenderHeader) || response.headers.has('set-cookie')) {
      settle(null)
      return response
    }
    const entry = await keep(key, response, version)
    settle(entry)
    return entry
  } catch (error) {
    settle(null)
    throw error
  } finally {
    rendering.delete(renderKey)
  }
}

/**
 * An answer for everyone that the app's entry can make without React Router and its middleware (the map's
 * sitters: their answer never depends on who asks), as the route itself makes it; null leaves it to the app.
 */
export type AnswerForEveryone = (url: URL) => (() => Promise<Response>) | null

/**
 * server.ts's way in: when a fresh shared copy answers this request, sends it straight to the socket (the
 * same status, headers and bytes servePublicPage would give) and resolves true, so no Fetch Request,
 * compression middleware or React Router is involved; resolves false when the app must answer. Without a
 * copy, an answer `answerForEveryone` can make is made here and kept as servePublicPage would keep it (a
 * map's box nobody asked before, issue 34). A request no copy is kept or made for costs no database read.
 */
export async function answerFromSharedCopy(
  request: IncomingMessage,
  response: ServerResponse,
  keyForEveryone: KeyForEveryone,
  answerForEveryone: AnswerForEveryone = () => null,
) {
  const url = request.method === 'GET' ? URL.parse(request.url ?? '/', 'http://localhost') : null
  const key = url && sharedKey('GET', url, { cookie: request.headers.cookie, authorization: request.headers.authorization }, keyForEveryone)
  if (!url || !key) return false
  // Whether the answer can be made here is asked only when no copy is kept: a kept copy costs no parsing.
  const kept = entries.has(key)
  const render = kept ? null : answerForEveryone(url)
  if (!kept && !render) return false
  const version = await versionReadAfterNow()
  const fresh = freshEntry(key, version)
  const make = fresh ? null : (render ?? answerForEveryone(url))
  const stored = fresh ?? (make ? await renderShared(key, version, make) : null)
  if (!stored || stored instanceof Response) return false
  const { status, headers, body } = readyAnswer(stored, request.headers['accept-encoding'], request.headers['if-none-match'])
  response.writeHead(status, body ? { ...headers, 'content-length': String(body.byteLength) } : headers)
  response.end(body)
  return true
}

/**
 * Marks an answer (headers and the exact bytes it sends) as one every visitor it is served to may share:
 * a strong ETag of the bytes, revalidated on every use. servePublicPage keeps such answers.
 */
export function markShareable(headers: Headers, body: Uint8Array | string) {
  headers.set('ETag', `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`)
  headers.set('Cache-Control', 'public, max-age=0, must-revalidate')
  headers.set(shareableRenderHeader, '1')
}

/** A JSON answer marked shareable: the same for everyone who asks the same question. */
export function shareableJson(data: unknown) {
  return shareableJsonText(JSON.stringify(data))
}

/** `shareableJson` of an answer already written out as JSON text. */
export function shareableJsonText(body: string) {
  const headers = new Headers({ 'Content-Type': 'application/json' })
  markShareable(headers, body)
  return new Response(body, { headers })
}

/** The mark is for servePublicPage only: an answer it does not keep (a HEAD, say) goes out without it. */
function withoutShareableMark(response: Response) {
  if (response.headers.has(shareableRenderHeader)) response.headers.delete(shareableRenderHeader)
  return response
}

const versionQuery = db
  .selectFrom('publicDataVersion')
  .select(({ fn }) => fn.sum<number>('version').as('version'))
  .compile()

/**
 * Grows with every committed change to what public pages show (db/migrations/005's triggers), whoever
 * wrote it: the one place a shared copy learns it is stale, on every instance that shares the database.
 * A sum over slots, so that writers on PostgreSQL never wait for each other to bump it (migration 016).
 */
export async function publicDataVersion(database: Kysely<Database> = db) {
  const { rows } = await database.executeQuery(versionQuery)
  return rows[0]?.version ?? 0
}

let nextVersionRead: Promise<number> | null = null

/**
 * The public data version, read after this call: the requests that arrive together (before the next read
 * starts) share one read, so a burst of 50 costs one query instead of 50, yet none is answered from a read
 * that started before it arrived (a change acknowledged to a client shows on that client's next request).
 */
export function versionReadAfterNow() {
  nextVersionRead ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
    nextVersionRead = null
    return publicDataVersion()
  })
  return nextVersionRead
}

/**
 * What a module keeps for the current public data version: made anew by `fresh` once the version grows or
 * the kept one is `keepMs` old. Null for a request that read an older version than the kept one's (it
 * must not use what a newer reader keeps, nor replace it).
 */
export function keptForPublicVersion<T>(fresh: () => T, keepMs = lifetimeMs): () => Promise<T | null> {
  let current: { version: number; startedAt: number; kept: T } | null = null
  return async () => {
    const version = await versionReadAfterNow()
    if (current && version < current.version) return null
    if (!current || version > current.version || Date.now() - current.startedAt >= keepMs) {
      current = { version, startedAt: Date.now(), kept: fresh() }
    }
    return current.kept
  }
}

async function keep(key: string, response: Response, version: number): Promise<Entry> {
  const headers = new Headers(response.headers)
  headers.delete(shareableRenderHeader)
  const body = new Uint8Array(await response.arrayBuffer())
  const entry = {
    status: response.status,
    headers,
    body,
    etag: headers.get('etag') ?? '',
    storedAt: Date.now(),
    version,
    ready: {},
    notModified: {},
  }
  entries.delete(key)
  entries.set(key, entry)
  if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
  return entry
}

/** Each encoding is its own representation with its own strong ETag: `"<hash>"`, `"<hash>-br"`, `"<hash>-gzip"`. */
const etagFor = (etag: string, encoding: Encoding) => (encoding === 'identity' || !etag ? etag : `${etag.slice(0, -1)}-${encoding}"`)

function answer(entry: Entry, request: Request) {
  const { status, headers, body } = readyAnswer(entry, request.headers.get('accept-encoding'), request.headers.get('if-none-match'))
  // The Response copies the bytes, so the stored copy stays as it is.
  return new Response(body, { status, headers })
}

/** The copy as this client gets it: in the encoding it takes, or 304 when its If-None-Match names the copy. */
function readyAnswer(entry: Entry, acceptEncoding: string | null | undefined, ifNoneMatch: string | null | undefined): ReadyAnswer {
  const encoding = acceptedEncoding(acceptEncoding)
  const etag = etagFor(entry.etag, encoding)
  const candidates = ifNoneMatch?.split(',').map((tag) => tag.trim()) ?? []
  // The same page in any encoding is still fresh in the client's cache.
  const fresh = candidates.includes('*') || encodings.some((stored) => candidates.includes(etagFor(entry.etag, stored)))
  if (entry.etag && fresh) {
    return (entry.notModified[encoding] ??= (() => {
      const headers: Record<string, string> = { etag, vary: 'Accept-Encoding' }
      const cacheControl = entry.headers.get('cache-control')
      if (cacheControl) headers['cache-control'] = cacheControl
      return { status: 304, headers, body: null }
    })())
  }
  return (entry.ready[encoding] ??= (() => {
    const headers = new Headers(entry.headers)
    headers.set('etag', etag)
    headers.set('vary', 'Accept-Encoding')
    if (encoding !== 'identity') headers.set('content-encoding', encoding)
    return { status: entry.status, headers: Object.fromEntries(headers), body: bodyIn(entry, encoding) }
  })())
}

/** The copy's bytes in `encoding` (readyAnswer keeps them, so each encoding is compressed once). */
function bodyIn({ body }: Entry, encoding: Encoding): Uint8Array<ArrayBuffer> {
  return encoding === 'identity' ? body : compressBytes(body, encoding, { kept: true })
}

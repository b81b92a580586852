// One Node process: static assets, /uploads, the React Router handler and the /ws socket, on one port.
import { readdirSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http'
import path from 'node:path'
import type { Duplex } from 'node:stream'
import { createRequestListener } from '@remix-run/node-fetch-server'
import compression from 'compression'
import { lookup as contentTypeOf } from 'mrmime'
import type { ServerBuild } from 'react-router'
import { env } from './app/lib/env.server.ts' // validates the environment first: a bad value exits here
import { withDecodablePath } from './app/lib/decodable-path.server.ts'
import { normaliseIncomingHeaders } from './app/lib/forwarded.server.ts'
import { acceptedEncoding } from './app/lib/accepted-encoding.ts'
import { brotliForOneAnswer, compressAnswer } from './app/lib/compressed-answer.server.ts'
import { defaultImageSize, imageKinds, imageSizes, thumbnailSize } from './app/lib/image-url.ts'
import { type FileAnswer, sendFile, sendStoredFile } from './app/lib/send-file.server.ts'
import { createSplitRequestHandler } from './app/lib/split-request-handler.server.ts'
import type { FileStorage } from './app/lib/storage/file-storage.ts'

type AppEntry = {
  startApp: () => Promise<{ seeded: boolean; demoLogins: readonly { role: string; email: string; password: string }[] }>
  stopApp: () => Promise<void>
  handleSocketUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void
  handleAppRequest: (request: Request, handleRequest: (request: Request) => Promise<Response>) => Promise<Response>
  answerSharedCopy: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>
  databaseAnswers: () => Promise<boolean>
  uploadAccess: (basePath: string, headers: IncomingMessage['headers']) => Promise<'public' | 'private' | 'hidden'>
  storage: Pick<FileStorage, 'get' | 'isReachable'>
}

const development = process.argv.includes('--dev')
const maxBodyBytes = { form: 1024 * 1024, multipart: 16 * 1024 * 1024 }
// An answer sent before the body was read (413, 404...) still reads up to this much of it, so the
// client gets to read the answer instead of a connection reset; beyond it the connection is dropped.
const maxDrainBytes = 32 * 1024 * 1024

const { loadBuild, serveClientFiles } = await (development ? developmentBuild() : productionBuild())
const entry = (await loadBuild()).entry.module as unknown as AppEntry
const { seeded, demoLogins } = await entry.startApp()

// Given the build itself, React Router derives its route table once; given a function, it derives it again
// on every request, which only the dev server (whose build changes under it) needs.
const handleRequest = development ? createSplitRequestHandler(loadBuild, 'development') : createSplitRequestHandler(await loadBuild(), 'production')
// With TRUST_PROXY the request URL is built from X-Forwarded-Proto/-Host (already reduced to the proxy's own values).
const handleAppRequest = createRequestListener(
  async (request: Request) => compressAnswer(request, await ((await loadBuild()).entry.module as unknown as AppEntry).handleAppRequest(request, handleRequest)),
  { trustProxy: env.TRUST_PROXY !== false },
)
/**
 * The public files beside assets/ that the build did not compress (the web manifest, the service worker, icons):
 * compressed as they are streamed from disk, with the brotli of the app's answers, which are compressed whole
 * instead (compressAnswer, decision 096).
 */
const compress = compression({ brotli: { params: brotliForOneAnswer } })

// The methods React Router answers. Anything else is refused before a Fetch `Request` is built: it
// cannot even build some of them (TRACE, TRACK, CONNECT), and no page or API path serves the others.
const servedMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

let stopping = false
/** Responses being produced; shutdown waits for them before it closes the database. */
const inFlight = new Set<ServerResponse>()
let lastResponseDone: (() => void) | null = null

const server = createServer((request, response) => {
  setBaseHeaders(response)
  request.url = withDecodablePath(request.url ?? '/')
  const pathname = pathnameOf(request.url)
  if (stopping) return refuseWhileStopping(pathname, response)
  inFlight.add(response)
  response.once('close', () => {
    inFlight.delete(response)
    if (inFlight.size === 0) lastResponseDone?.()
  })
  if (pathname === '/healthz') return void response.end('ok')
  if (pathname === '/readyz') return void answerReadiness(response)
  if (!servedMethods.has(request.method ?? '')) return void sendAnswer(response, methodRefusal(pathname))
  normaliseIncomingHeaders(request)
  drainUnreadBodyAfterAnswer(request, response)
  if (rejectOversizedBody(request, response)) return
  void answeredFromSharedCopy(request, response).then((answered) => {
    if (answered) return
    if (pathname.startsWith('/uploads/')) return void serveUpload(pathname, request, response)
    serveClientFiles(request, response, () => void handleAppRequest(request, response))
  })
})

/**
 * A fresh shared copy (a public page for anonymous visitors, the map's answer for everyone) goes out
 * ready-made, before compression, the Fetch Request and React Router (decision 056). Should the database
 * not answer the version check, the app answers (and reports) as it would without the copy.
 */
async function answeredFromSharedCopy(request: IncomingMessage, response: ServerResponse) {
  const app = (await loadBuild()).entry.module as unknown as AppEntry
  return app.answerSharedCopy(request, response).catch(() => false)
}

server.on('upgrade', (request, socket, head) => {
  socket.on('error', () => socket.destroy())
  if (stopping) return void socket.end(rawAnswer(textAnswer(503, 'The server is restarting')))
  normaliseIncomingHeaders(request)
  if (pathnameOf(request.url) === '/ws') entry.handleSocketUpgrade(request, socket, head)
  else socket.destroy()
})

// Node hands CONNECT to this event instead of the request listener (and drops the connection without one).
server.on('connect', (request: IncomingMessage, socket: Duplex) => {
  socket.on('error', () => socket.destroy())
  socket.end(rawAnswer(methodRefusal(pathnameOf(request.url))))
})

// An idle keep-alive connection is closed by whoever waits less: this must be the proxy in front
// (deploy/haproxy.cfg keeps one 30 s) or the client, never the app. With Node's 5 s default, a request sent
// on a connection idle for about 5 s could meet the app closing it and fail with a reset.
server.keepAliveTimeout = 65_000

server.once('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${env.PORT} is already in use: set PORT to a free one` : error.message)
  process.exit(1)
})

server.listen(env.PORT, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  const url = `http://localhost:${port}`
  console.info(`Pawpal is running at ${url}${seeded ? ' (demo data created)' : ''}`)
  for (const login of demoLogins) console.info(`  demo ${login.role}: ${login.email} / ${login.password}`)
  if (env.LOCAL_RUN) console.info(`  e-mails it sends: ${url}/local/outbox`)
})

/**
 * GET /readyz: 'ok' while the database and the stored images' storage both answer; 503 naming what does not
 * otherwise, so a load balancer sends the traffic to another instance. (GET /healthz only says the process is up.)
 */
async function answerReadiness(response: ServerResponse) {
  const [database, storage] = await Promise.all([entry.databaseAnswers(), entry.storage.isReachable()])
  const down = [database ? [] : ['database'], storage ? [] : ['storage']].flat()
  if (down.length === 0) return void response.end('ok')
  response.statusCode = 503
  response.end(`${down.join(' and ')} unavailable`)
}

/**
 * Stops accepting connections, answers whatever arrives after the signal with 503 and closes its
 * connection, lets the requests in flight finish, and only then closes the sockets and the database:
 * no request ever meets a closed database, and nothing acknowledged is lost.
 */
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.info(`${signal} received: finishing in-flight requests`)
  setTimeout(() => process.exit(1), 10_000).unref()
  const closed = new Promise((resolve) => server.close(resolve))
  // A keep-alive connection whose answer is still being produced closes once that answer is sent.
  for (const response of inFlight) if (!response.headersSent) response.setHeader('Connection', 'close')
  server.closeIdleConnections()
  if (inFlight.size > 0) await new Promise<void>((resolve) => (lastResponseDone = resolve))
  // Connections whose answer had already started stay open after it until closed here.
  server.closeIdleConnections()
  await entry.stopApp().catch((error: unknown) => console.error(`Stopping the app failed: ${String(error)}`))
  await closed
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

type Answer = { status: number; headers: Record<string, string>; body: string }

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/')
const apiError = (status: number, message: string, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  body: JSON.stringify({ message, errors: {} }),
})
const textAnswer = (status: number, text: string, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
  body: text,
})

/** A request that arrived after the shutdown signal: 503, and its connection closes after the answer. */
function refuseWhileStopping(pathname: string, response: ServerResponse) {
  response.shouldKeepAlive = false
  const message = 'The server is restarting: please try again in a moment'
  sendAnswer(response, isApiPath(pathname) ? apiError(503, message, { 'Retry-After': '5' }) : textAnswer(503, message, { 'Retry-After': '5' }))
}

/** 405 for a method no path serves; under /api, the 404 JSON of an unknown API operation. */
function methodRefusal(pathname: string): Answer {
  if (isApiPath(pathname)) return apiError(404, 'Not found')
  return textAnswer(405, 'Method not allowed', { Allow: [...servedMethods].join(', ') })
}

function sendAnswer(response: ServerResponse, { status, headers, body }: Answer) {
  response.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) })
  response.end(body)
}

/** An answer written straight to a socket that has no ServerResponse (CONNECT, a refused upgrade). */
function rawAnswer({ status, headers, body }: Answer) {
  const all = { ...headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' }
  const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}\r\n`)
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`
}

function pathnameOf(url: string | undefined) {
  return URL.parse(url ?? '/', 'http://localhost')?.pathname ?? '/'
}

function setBaseHeaders(response: ServerResponse) {
  response.setHeader('X-Content-Type-Options', 'nosniff')
  response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  response.setHeader('X-Frame-Options', 'DENY')
  response.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  if (env.isProduction && env.PUBLIC_URL.startsWith('https:')) {
    response.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  }
}

/** Refuses bodies over the limit before reading them; uploads are limited per file again while streaming. */
function rejectOversizedBody(request: IncomingMessage, response: ServerResponse) {
  if (request.method === 'GET' || request.method === 'HEAD') return false
  const declared = request.headers['content-length']
  const multipart = request.headers['content-type']?.startsWith('multipart/form-data') ?? false
  const limit = multipart ? maxBodyBytes.multipart : maxBodyBytes.form
  if (declared === undefined) {
    if (request.headers['transfer-encoding'] === undefined) return false
    return void sendAnswer(response, apiError(411, 'A Content-Length header is required')), true
  }
  if (Number(declared) <= limit) return false
  const message = multipart ? 'Image size should be less than 5MB' : 'Request body is too large'
  sendAnswer(response, apiError(413, message, Number(declared) > maxDrainBytes ? { Connection: 'close' } : {}))
  return true
}

/**
 * When the answer is complete but the request body is not (an early 413, a 404 for a body nobody
 * reads), reads and drops the rest: closing a socket with unread data makes the client see a reset
 * instead of the answer, and a keep-alive connection could not carry the next request.
 */
function drainUnreadBodyAfterAnswer(request: IncomingMessage, response: ServerResponse) {
  response.once('finish', () => {
    if (request.complete || request.destroyed) return
    let drained = 0
    request.removeAllListeners('data')
    request.on('data', (chunk: Buffer) => {
      drained += chunk.length
      if (drained > maxDrainBytes) request.socket.destroy()
    })
    request.resume()
  })
}

// Image variants the app wrote (app/lib/images.server.ts); a name is written once and never changes content
// (public images are named by their hash, decision 077; visit photos by a random id).
// The stored base path itself answers with the default size (DESIGN.md ruling 16).
const uploadPattern = new RegExp(`^/uploads/(?:${imageKinds.join('|')})/[\\w-]+(?:/[\\w-]+)?(-(?:${imageSizes.join('|')})\\.webp)?$`)

async function serveUpload(pathname: string, request: IncomingMessage, response: ServerResponse) {
  const match = uploadPattern.exec(pathname)
  if (!match) return notFound(response)
  const base = match[1] ? pathname.slice(0, -match[1].length) : pathname
  const app = (await loadBuild()).entry.module as unknown as AppEntry
  const access = await app.uploadAccess(base, request.headers).catch(() => 'hidden' as const)
  if (access === 'hidden') return notFound(response)
  const variant = match[1] ? pathname : `${pathname}-${defaultImageSize}.webp`
  const stored = await storedVariant(app.storage, variant).catch((error: unknown) => {
    console.error(`Could not read ${variant} from the storage:`, error)
    return 'unavailable' as const
  })
  if (stored === 'unavailable') return sendAnswer(response, textAnswer(503, 'The photo cannot be loaded right now', { 'Retry-After': '5' }))
  if (!stored) return notFound(response)
  // An unlisted dog's photo is its owner's and its sitters': kept by their browser, never by a shared cache.
  // Every other one is public and named by its content (decision 077): a CDN may keep it forever, but not a
  // stand-in for a thumbnail not written yet.
  const cacheControl = access === 'private' ? 'private, max-age=3600' : stored.standIn ? 'public, max-age=3600' : 'public, max-age=31536000, immutable'
  sendStoredFile(request, response, stored.file, { contentType: 'image/webp', cacheControl })
}

/**
 * The stored file of an image variant, or null. An image stored before thumbnails existed answers its
 * thumbnail's URL with its 320 px file (`standIn`) until `npm run images:backfill` writes it (decision 094).
 */
async function storedVariant(storage: Pick<FileStorage, 'get'>, variant: string) {
  const key = variant.slice('/uploads/'.length)
  const file = await storage.get(key)
  if (file) return { file, standIn: false }
  const thumbnailSuffix = `-${thumbnailSize}.webp`
  if (!key.endsWith(thumbnailSuffix)) return null
  const larger = await storage.get(`${key.slice(0, -thumbnailSuffix.length)}-320.webp`)
  return larger ? { file: larger, standIn: true } : null
}

function sendCompressing(request: IncomingMessage, response: ServerResponse, file: string, answer: FileAnswer) {
  compress(request as never, response as never, () => void sendFile(request, response, file, answer, () => notFound(response)))
}

function notFound(response: ServerResponse) {
  response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
  response.end('Not found')
}

async function productionBuild() {
  const buildPath = path.resolve('build/server/index.js')
  const build = (await import(buildPath)) as ServerBuild
  const clientDir = path.resolve('build/client')
  // The files beside assets/ (icons, manifest, robots.txt), named once, so a page request never touches the disk.
  const publicFiles = new Set(readdirSync(clientDir, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => `/${entry.name}`))
  const assetName = /^\/assets\/([\w-]+(?:\.[\w-]+)+)$/
  const answerFor = (name: string, cacheControl: string) => ({ contentType: contentTypeOf(name) ?? 'application/octet-stream', cacheControl })
  const assetsDir = path.join(clientDir, 'assets')
  // The scripts and stylesheets the build also wrote compressed (vite.config.ts): each is sent as the client takes it.
  const precompressed = new Set(readdirSync(assetsDir).flatMap((name) => (name.endsWith('.br') ? [name.slice(0, -'.br'.length)] : [])))
  return {
    loadBuild: () => Promise.resolve(build),
    serveClientFiles(request: IncomingMessage, response: ServerResponse, next: () => void) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return next()
      const pathname = pathnameOf(request.url)
      if (pathname.startsWith('/assets/')) {
        const name = assetName.exec(pathname)?.[1]
        if (!name) return notFound(response)
        const answer = answerFor(name, 'public, max-age=31536000, immutable') // file names carry a content hash
        if (!precompressed.has(name)) return sendCompressing(request, response, path.join(assetsDir, name), answer)
        const encoding = acceptedEncoding(request.headers['accept-encoding'])
        const file = path.join(assetsDir, encoding === 'identity' ? name : `${name}.${encoding === 'br' ? 'br' : 'gz'}`)
        return void sendFile(request, response, file, { ...answer, encoding }, () => notFound(response))
      }
      if (!publicFiles.has(pathname)) return next()
      sendCompressing(request, response, path.join(clientDir, pathname), answerFor(pathname, 'public, max-age=3600'))
    },
  }
}

async function developmentBuild() {
  const { createServer: createViteServer } = await import('vite')
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' })
  return {
    loadBuild: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    serveClientFiles: (request: IncomingMessage, response: ServerResponse, next: () => void) =>
      vite.middlewares(request, response, next),
  }
}

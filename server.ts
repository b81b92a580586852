// One Node process: static assets, /uploads, the React Router handler and the /ws socket, on one port.
import { createReadStream, stat } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import type { Duplex } from 'node:stream'
import { createRequestListener } from '@remix-run/node-fetch-server'
import compression from 'compression'
import { createRequestHandler, type ServerBuild } from 'react-router'
import sirv from 'sirv'
import { env } from './app/lib/env.server.ts' // validates the environment first: a bad value exits here
import { normaliseIncomingHeaders } from './app/lib/forwarded.server.ts'
import { defaultImageSize, imageKinds, imageSizes } from './app/lib/image-url.ts'

type AppEntry = {
  startApp: () => Promise<{ seeded: boolean; demoLogins: readonly { role: string; email: string; password: string }[] }>
  stopApp: () => Promise<void>
  handleSocketUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void
  handleAppRequest: (request: Request, handleRequest: (request: Request) => Promise<Response>) => Promise<Response>
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
const handleRequest = development ? createRequestHandler(loadBuild, 'development') : createRequestHandler(await loadBuild(), 'production')
// With TRUST_PROXY the request URL is built from X-Forwarded-Proto/-Host (already reduced to the proxy's own values).
const handleAppRequest = createRequestListener(
  async (request: Request) => ((await loadBuild()).entry.module as unknown as AppEntry).handleAppRequest(request, handleRequest),
  { trustProxy: env.TRUST_PROXY },
)
const uploadRoot = path.resolve(env.UPLOAD_DIR)
const compress = compression()

const server = createServer((request, response) => {
  setBaseHeaders(response)
  const pathname = new URL(request.url ?? '/', 'http://localhost').pathname
  if (pathname === '/healthz') return void response.end('ok')
  normaliseIncomingHeaders(request)
  drainUnreadBodyAfterAnswer(request, response)
  if (rejectOversizedBody(request, response)) return
  compress(request as never, response as never, () => {
    const handOn = () => void handleAppRequest(request, response)
    if (pathname.startsWith('/uploads/')) return serveUpload(pathname, request, response)
    serveClientFiles(request, response, handOn)
  })
})

server.on('upgrade', (request, socket, head) => {
  normaliseIncomingHeaders(request)
  if (new URL(request.url ?? '/', 'http://localhost').pathname === '/ws') entry.handleSocketUpgrade(request, socket, head)
  else socket.destroy()
})

server.once('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${env.PORT} is already in use: set PORT to a free one` : error.message)
  process.exit(1)
})

server.listen(env.PORT, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  console.info(`Pawpal is running at http://localhost:${port}${seeded ? ' (demo data created)' : ''}`)
  for (const login of demoLogins) console.info(`  demo ${login.role}: ${login.email} / ${login.password}`)
})

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.info(`${signal} received: finishing in-flight requests`)
  setTimeout(() => process.exit(1), 10_000).unref()
  server.close(async () => {
    await entry.stopApp()
    process.exit(0)
  })
  server.closeIdleConnections()
  await entry.stopApp().catch(() => {})
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

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
    return void sendJson(response, 411, { message: 'A Content-Length header is required', errors: {} }), true
  }
  if (Number(declared) <= limit) return false
  const message = multipart ? 'Image size should be less than 5MB' : 'Request body is too large'
  sendJson(response, 413, { message, errors: {} }, Number(declared) > maxDrainBytes)
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

// Image variants the app wrote (app/lib/images.server.ts); names are random, so they never change.
// The stored base path itself answers with the default size (DESIGN.md ruling 16).
const uploadPattern = new RegExp(`^/uploads/(?:${imageKinds.join('|')})/[\\w-]+(?:/[\\w-]+)?(-(?:${imageSizes.join('|')})\\.webp)?$`)

function serveUpload(pathname: string, request: IncomingMessage, response: ServerResponse) {
  const match = uploadPattern.exec(pathname)
  if (!match) return notFound(response)
  const variant = match[1] ? pathname : `${pathname}-${defaultImageSize}.webp`
  const file = path.join(uploadRoot, variant.slice('/uploads/'.length))
  stat(file, (error, stats) => {
    if (error || !stats.isFile()) return notFound(response)
    const etag = `"${stats.size.toString(36)}-${stats.mtimeMs.toString(36)}"`
    response.setHeader('ETag', etag)
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304).end()
    response.writeHead(200, { 'Content-Type': 'image/webp', 'Content-Length': stats.size })
    if (request.method === 'HEAD') return void response.end()
    // A photo replaced between stat and read must not take the process down.
    createReadStream(file)
      .on('error', () => response.destroy())
      .pipe(response)
  })
}

function sendJson(response: ServerResponse, status: number, body: object, closeConnection = false) {
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    ...(closeConnection ? { Connection: 'close' } : {}),
  })
  response.end(JSON.stringify(body))
}

function notFound(response: ServerResponse) {
  response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
  response.end('Not found')
}

async function productionBuild() {
  const buildPath = path.resolve('build/server/index.js')
  const build = (await import(buildPath)) as ServerBuild
  const clientDir = path.resolve('build/client')
  const assets = sirv(path.join(clientDir, 'assets'), { immutable: true, maxAge: 31536000, etag: true, gzip: true, brotli: true })
  const publicFiles = sirv(clientDir, { maxAge: 60 * 60, etag: true })
  return {
    loadBuild: async () => build,
    serveClientFiles(request: IncomingMessage, response: ServerResponse, next: () => void) {
      if (request.url?.startsWith('/assets/')) {
        request.url = request.url.slice('/assets'.length)
        return assets(request, response, () => notFound(response))
      }
      publicFiles(request, response, next)
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

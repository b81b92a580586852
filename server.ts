// One Node process: static assets, /uploads, the React Router handler and the /ws socket, on one port.
import { createReadStream, stat } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import type { Duplex } from 'node:stream'
import { createRequestListener } from '@react-router/node'
import compression from 'compression'
import type { ServerBuild } from 'react-router'
import sirv from 'sirv'
import { env } from './app/lib/env.server.ts' // validates the environment first: a bad value exits here

type AppEntry = {
  startApp: () => Promise<{ seeded: boolean; demoLogins: readonly { role: string; email: string; password: string }[] }>
  stopApp: () => Promise<void>
  handleSocketUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void
}

const development = process.argv.includes('--dev')
const maxBodyBytes = { form: 1024 * 1024, multipart: 16 * 1024 * 1024 }

const { loadBuild, serveClientFiles } = await (development ? developmentBuild() : productionBuild())
const entry = (await loadBuild()).entry.module as unknown as AppEntry
const { seeded, demoLogins } = await entry.startApp()

const handleAppRequest = createRequestListener({ build: loadBuild, mode: development ? 'development' : 'production' })
const uploadRoot = path.resolve(env.UPLOAD_DIR)
const compress = compression()

const server = createServer((request, response) => {
  setBaseHeaders(response)
  const pathname = new URL(request.url ?? '/', 'http://localhost').pathname
  if (pathname === '/healthz') return void response.end('ok')
  if (rejectOversizedBody(request, response)) return
  request.headers['x-pawpal-client-ip'] = clientAddress(request)
  compress(request as never, response as never, () => {
    const handOn = () => void handleAppRequest(request, response)
    if (pathname.startsWith('/uploads/')) return serveUpload(pathname, request, response)
    serveClientFiles(request, response, handOn)
  })
})

server.on('upgrade', (request, socket, head) => {
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
  sendJson(response, 413, { message, errors: {} })
  request.resume()
  return true
}

/** The socket's address, or with TRUST_PROXY the first hop the proxy reports. */
function clientAddress(request: IncomingMessage) {
  const forwarded = request.headers['x-forwarded-for']
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim()
  return (env.TRUST_PROXY && first) || request.socket.remoteAddress || 'unknown'
}

// Image variants the app wrote (app/lib/images.server.ts); names are random, so they never change.
const uploadPattern = /^\/uploads\/(?:avatars|dogs)\/[\w-]+(?:\/[\w-]+)?-(?:320|800)\.webp$/

function serveUpload(pathname: string, request: IncomingMessage, response: ServerResponse) {
  if (!uploadPattern.test(pathname)) return notFound(response)
  const file = path.join(uploadRoot, pathname.slice('/uploads/'.length))
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

function sendJson(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' })
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

import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from 'react-router'
import { getOptionalUser } from '#app/features/accounts/user-context.ts'
import { sitterSearchResponse } from '#app/features/sitters/sitter-search-answer.server.ts'
import { SitterSearchSchema, sitterQueryKey, sitterSearchInput } from '#app/features/sitters/sitter-search-schema.ts'
import { contentSecurityPolicy, inlineScriptHashes } from '#app/lib/content-security-policy.server.ts'
import { databaseUnavailableResponse, isDatabaseUnavailable, logDatabaseUnavailable, noteDatabaseError } from '#app/lib/database-unavailable.server.ts'
import { env } from '#app/lib/env.server.ts'
import { guardFormBody } from '#app/lib/form-body.server.ts'
import { tileOrigins } from '#app/lib/map-tiles.ts'
import { NonceProvider } from '#app/lib/nonce.tsx'
import { serverPartsLoaded } from '#app/ui/shown-later.tsx'
import { answerFromSharedCopy, isAnonymousRead, markShareable, servePublicPage } from '#app/lib/public-page-cache.server.ts'
import { withoutForgedRefusal } from '#app/lib/refused-request.server.ts'
import { guardCrossSiteWrite } from '#app/lib/same-origin.server.ts'

// server.ts reaches the app's lifecycle through this module, so it shares one module graph with the routes.
export { handleSocketUpgrade, startApp, stopApp } from '#app/lifecycle.server.ts'
export { databaseAnswers } from '#app/lib/db.server.ts'
export { storage } from '#app/lib/storage/storage.server.ts'
export { uploadAccess } from '#app/upload-access.server.ts'

/**
 * What runs around React Router for every request (server.ts and the integration tests alike): the
 * same-origin guard and the form-body guard for page writes, then the shared copy of public pages
 * for anonymous visitors, and of the map's sitters for everyone.
 */
export async function handleAppRequest(request: Request, handleRequest: (request: Request) => Promise<Response>) {
  const guarded = guardCrossSiteWrite(withoutForgedRefusal(request))
  if (guarded instanceof Response) return guarded
  try {
    return await servePublicPage(guardFormBody(guarded), handleRequest, keyForEveryone)
  } catch (error) {
    // The shared copies' version check runs before React Router and its middleware.
    if (!isDatabaseUnavailable(error)) throw error
    logDatabaseUnavailable(request, error)
    return databaseUnavailableResponse(request)
  }
}

/**
 * Every error a loader, an action or a render threw: one line when it was the database going away (the
 * request answers 503, lib/database-unavailable.server.ts), logged whole otherwise, as React Router would.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (noteDatabaseError(error, context)) return logDatabaseUnavailable(request, error)
  if (!request.signal.aborted) console.error(isRouteErrorResponse(error) && 'error' in error ? error.error : error)
}

/**
 * server.ts asks this first: a fresh shared copy goes out before a Fetch Request is even built (decision
 * 056); otherwise (false) the request goes on to handleAppRequest.
 */
export function answerSharedCopy(request: IncomingMessage, response: ServerResponse) {
  return answerFromSharedCopy(request, response, keyForEveryone, answerForEveryone)
}

/** Answers that never depend on who asks, and the key of their shared copy (decision 042). */
function keyForEveryone(url: URL) {
  if (url.pathname !== '/api/users/sitters') return null
  const query = sitterQueryKey(url.searchParams)
  return query && `${url.pathname} ${query}`
}

/**
 * The map's sitters made before React Router when no copy holds them (issue 34: each pan asks a new box),
 * by the route's own function; a bad query is left to the app and its 400.
 */
function answerForEveryone(url: URL) {
  if (url.pathname !== '/api/users/sitters') return null
  const parsed = SitterSearchSchema.safeParse(sitterSearchInput(url.searchParams))
  return parsed.success ? () => sitterSearchResponse(parsed.data) : null
}

export const streamTimeout = 5_000

const mapTileOrigins = tileOrigins(env.MAP_TILE_URL)
const development = !env.isProduction && process.argv.includes('--dev')

type PublicCacheHandle = { publicCache?: boolean }

/**
 * A page every anonymous visitor sees alike: its route opts in and nothing in the answer is personal. A render
 * for a signed-in user is never one, however the request presented itself: the cache keeps only marked renders.
 */
function isShareable(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  const leaf = routerContext.staticHandlerContext.matches.at(-1)
  return (
    status === 200 &&
    isAnonymousRead(request) &&
    getOptionalUser(loadContext) === null &&
    !headers.has('set-cookie') &&
    (leaf?.route.handle as PublicCacheHandle | undefined)?.publicCache === true
  )
}

/**
 * React sends a rendered Suspense boundary past the first 12.8 KB of a page apart, at the end, for a script to
 * move into place: without JavaScript it would stay hidden. Every boundary goes where it stands instead, and a
 * page is sent once it is whole (`onAllReady`): React Router's loader data, rendered in a boundary of its own,
 * comes inline rather than with React's ~1 KB script that moves late boundaries into place.
 */
const wholeBoundaries = Number.POSITIVE_INFINITY

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  await serverPartsLoaded()
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  if (isShareable(request, responseStatusCode, responseHeaders, routerContext, loadContext)) {
    return renderShareable(request, responseHeaders, routerContext)
  }
  const nonce = randomBytes(16).toString('base64')
  responseHeaders.set('Content-Security-Policy', contentSecurityPolicy([`'nonce-${nonce}'`], { tileOrigins: mapTileOrigins, development }))
  if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-cache')
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        progressiveChunkSize: wholeBoundaries,
        onAllReady() {
          shellRendered = true
          const body = new PassThrough()
          pipe(body)
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000).unref()
  })
}

/**
 * Renders the whole document without a nonce, so the bytes are the same for every visitor; the CSP
 * allows exactly its inline scripts by hash, and the ETag is the hash of the body.
 */
function renderShareable(request: Request, headers: Headers, routerContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let failed = false
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      progressiveChunkSize: wholeBoundaries,
      onAllReady() {
        const chunks: Buffer[] = []
        const body = new PassThrough()
        body.on('data', (chunk: Buffer) => chunks.push(chunk))
        body.on('end', () => {
          const html = Buffer.concat(chunks)
          if (failed) return reject(new Error('A shareable page failed to render'))
          headers.set('Content-Security-Policy', contentSecurityPolicy(inlineScriptHashes(html.toString('utf8')), { tileOrigins: mapTileOrigins, development }))
          markShareable(headers, html)
          resolve(new Response(html, { status: 200, headers }))
        })
        pipe(body)
      },
      onShellError: reject,
      onError() {
        failed = true
      },
    })
    setTimeout(abort, streamTimeout + 1000).unref()
  })
}

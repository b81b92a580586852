import { randomBytes } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, ServerRouter } from 'react-router'
import { contentSecurityPolicy } from '#app/lib/content-security-policy.ts'
import { env } from '#app/lib/env.server.ts'
import { NonceProvider } from '#app/lib/nonce.tsx'

// server.ts reaches the app's lifecycle through this module, so it shares one module graph with the routes.
export { handleSocketUpgrade, startApp, stopApp } from '#app/lifecycle.server.ts'
export { guardCrossSiteWrite } from '#app/lib/same-origin.server.ts'

export const streamTimeout = 5_000

const tileOrigin = new URL(env.MAP_TILE_URL.replace(/\{[a-z]\}/g, '0')).origin

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const nonce = randomBytes(16).toString('base64')
  responseHeaders.set(
    'Content-Security-Policy',
    contentSecurityPolicy(nonce, { tileOrigin, development: !env.isProduction && process.argv.includes('--dev') }),
  )
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  const userAgent = request.headers.get('user-agent')
  const readyEvent = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
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

// The app's answers compressed whole, in one call (decision 096), and the bytes of a kept copy alike.
import compressible from 'compressible'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { acceptedEncoding, type Encoding } from './accepted-encoding.ts'

/** Below this an encoding saves too little to be worth it (the `compression` middleware's default). */
const threshold = 1024

/**
 * Brotli for what is compressed for one request (an answer of the app, a public file streamed from disk): quality 3
 * with a 64 KB window (decisions 095, 096). A larger window or quality sets up larger tables for every answer, and the
 * CPU caches they push out cost the rest of the request more than the compression itself; 4 % more bytes than
 * quality 4.
 */
export const brotliForOneAnswer = { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_LGWIN]: 16 }

/** `body` in `encoding`: brotli as above, or at quality 6 for a copy kept and sent many times. */
export function compressBytes(body: Uint8Array, encoding: Exclude<Encoding, 'identity'>, { kept = false } = {}) {
  if (encoding === 'gzip') return gzipSync(body)
  const quality = kept ? { [constants.BROTLI_PARAM_QUALITY]: 6 } : brotliForOneAnswer
  return brotliCompressSync(body, { params: { ...quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
}

/**
 * The answer as the client takes it: brotli, gzip or plain. A page is whole before it is sent (entry.server), so it
 * is compressed in one call rather than stream by stream in the 2 KB pieces React writes it in.
 * An answer already encoded, without a body, of a type that does not compress or marked `no-transform` goes as it is.
 */
export async function compressAnswer(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get('content-type')
  if (!response.body || !type || !compressible(type) || response.headers.has('content-encoding')) return response
  if (/\bno-transform\b/i.test(response.headers.get('cache-control') ?? '')) return response
  const headers = new Headers(response.headers)
  if (!/\baccept-encoding\b|\*/i.test(headers.get('vary') ?? '')) headers.append('vary', 'Accept-Encoding')
  const init = { status: response.status, statusText: response.statusText, headers }
  const encoding = acceptedEncoding(request.headers.get('accept-encoding'))
  const declaredLength = response.headers.get('content-length')
  if (encoding === 'identity' || (declaredLength !== null && Number(declaredLength) < threshold)) return new Response(response.body, init)
  const body = new Uint8Array(await response.arrayBuffer())
  if (body.length < threshold) return new Response(body, init)
  const compressed = compressBytes(body, encoding)
  headers.set('content-encoding', encoding)
  headers.set('content-length', String(compressed.length))
  return new Response(compressed, init)
}

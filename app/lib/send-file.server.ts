import type { FileHandle } from 'node:fs/promises'
import { open } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'

// Static files (the build's assets and public files, uploaded images) are opened first and answered
// from the open descriptor, so a file deleted or replaced after start-up (a deploy swapping build/ in
// place, a photo replaced) is either sent as it was when opened or answered as missing: never an
// unhandled stream error that takes the process down (decision 010).

export type FileAnswer = { contentType: string; cacheControl: string }

/** Sends `file` (GET or HEAD), or calls `missing` when it cannot be opened as a regular file. */
export async function sendFile(request: IncomingMessage, response: ServerResponse, file: string, answer: FileAnswer, missing: () => void) {
  const handle = await open(file, 'r').catch(() => null)
  if (!handle) return missing()
  const stats = await handle.stat().catch(() => null)
  if (!stats?.isFile()) return closeThen(handle, missing)
  // Weak: the compression middleware may send the same file gzip- or brotli-encoded.
  const etag = `W/"${stats.size.toString(36)}-${stats.mtimeMs.toString(36)}"`
  response.setHeader('ETag', etag)
  response.setHeader('Cache-Control', answer.cacheControl)
  if (request.headers['if-none-match'] === etag) return closeThen(handle, () => response.writeHead(304).end())
  response.writeHead(200, { 'Content-Type': answer.contentType, 'Content-Length': stats.size })
  if (request.method === 'HEAD') return closeThen(handle, () => response.end())
  const stream = handle.createReadStream() // closes the descriptor when it ends or fails
  stream.on('error', () => response.destroy()) // a disk error mid-file: the client sees a cut answer, the process stays up
  response.on('close', () => stream.destroy())
  stream.pipe(response)
}

function closeThen(handle: FileHandle, then: () => void) {
  handle.close().catch(() => {})
  then()
}

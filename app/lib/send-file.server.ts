import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Encoding } from './accepted-encoding.ts'
import type { StoredFile } from './storage/file-storage.ts'
import { openLocalFile } from './storage/local-folder-storage.server.ts'

// Static files (the build's assets and public files) and stored images are opened first and answered from
// the open file, so a file deleted or replaced after start-up (a deploy swapping build/ in place, a photo
// replaced) is either sent as it was when opened or answered as missing: never an unhandled stream error
// that takes the process down (decision 010).

/** `encoding`: the file is the compressed copy of the resource in that encoding (one of those the client takes). */
export type FileAnswer = { contentType: string; cacheControl: string; encoding?: Encoding }

/** Sends the file at `file` on this machine (GET or HEAD), or calls `missing` when it cannot be opened as a regular file. */
export async function sendFile(request: IncomingMessage, response: ServerResponse, file: string, answer: FileAnswer, missing: () => void) {
  const opened = await openLocalFile(file)
  if (!opened) return missing()
  sendStoredFile(request, response, opened, answer)
}

/** Sends an opened file (GET or HEAD): 304 when the client holds its version already. */
export function sendStoredFile(request: IncomingMessage, response: ServerResponse, { size, etag, body }: StoredFile, answer: FileAnswer) {
  // Weak: the compression middleware may send the same file gzip- or brotli-encoded.
  const weakEtag = `W/"${etag}"`
  response.setHeader('ETag', weakEtag)
  response.setHeader('Cache-Control', answer.cacheControl)
  if (answer.encoding) {
    response.setHeader('Vary', 'Accept-Encoding')
    if (answer.encoding !== 'identity') response.setHeader('Content-Encoding', answer.encoding)
  }
  if (request.headers['if-none-match'] === weakEtag) {
    body.destroy()
    return void response.writeHead(304).end()
  }
  response.writeHead(200, { 'Content-Type': answer.contentType, 'Content-Length': size })
  if (request.method === 'HEAD') {
    body.destroy()
    return void response.end()
  }
  body.on('error', () => response.destroy()) // a disk or network error mid-file: the client sees a cut answer, the process stays up
  response.on('close', () => body.destroy())
  body.pipe(response)
}

import { type z } from 'zod'
import { encodeCursor, type KeysetCursor } from './keyset-paging.ts'
import { nulPathIn } from './nul-characters.server.ts'

// The JSON API's conventions (DESIGN.md section 4): errors are {message, errors} with a 4xx status.
export type FieldErrors = Record<string, string[]>

export function jsonError(status: number, message: string, errors: FieldErrors = {}, headers?: HeadersInit) {
  return Response.json({ message, errors }, { status, headers })
}

export async function readJsonBody(request: Request): Promise<unknown> {
  if (!request.headers.get('content-type')?.includes('application/json')) {
    throw jsonError(415, 'Content-Type must be application/json')
  }
  try {
    return await request.json()
  } catch {
    throw jsonError(400, 'Request body is not valid JSON')
  }
}

/** Validates API input with the same zod schema as the page form; a thrown 400 lists every message. */
export function parseApiInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value)
  if (result.success) {
    // Text fields refuse control characters with their own message; a NUL anywhere else (an id, a URL) would
    // reach PostgreSQL, which refuses it with a 500 (lib/nul-characters.server.ts).
    const field = nulPathIn(result.data)
    if (field !== null) throw jsonError(400, `${field || 'Request'} must not contain NUL characters`, { [field || 'form']: [`${field || 'Request'} must not contain NUL characters`] })
    return result.data
  }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || 'form'
    ;(errors[key] ??= []).push(issue.message)
  }
  const first = result.error.issues[0]?.message ?? 'Invalid input'
  throw jsonError(400, first, errors)
}

export function methodNotAllowed(allowed: string[]) {
  return jsonError(405, 'Method not allowed', {}, { Allow: allowed.join(', ') })
}

/**
 * A keyset-paged list's answer (decision 046): the rows as the list's JSON array, and when more follow an
 * RFC 8288 `Link: <same request with ?cursor=>; rel="next"` header (relative to the request).
 */
export function pagedListResponse(url: URL, rows: unknown[], next: KeysetCursor | null) {
  const headers = new Headers({ 'Cache-Control': 'private, no-store' })
  if (next) {
    const query = new URLSearchParams(url.searchParams)
    query.set('cursor', encodeCursor(next))
    headers.set('Link', `<${url.pathname}?${query}>; rel="next"`)
  }
  return Response.json(rows, { headers })
}

import { data, type MiddlewareFunction } from 'react-router'
import { isApiPath } from './refused-request.server.ts'

// PostgreSQL refuses a NUL character (U+0000) in any text it stores or compares: a query with one fails, and
// the request would answer 500 where SQLite answers 404. No text of ours has a reason to hold one, so a NUL
// in the path or the query is refused before routing (this middleware), in a JSON body once it passed its
// schema (parseApiInput: text fields refuse it first, with their own message) and in an API form by the
// multipart reader (lib/api.server.ts, lib/upload.server.ts), all with 400.

export const nulRefusal = 'Request refused: text must not contain NUL characters'

/** Whether a value (a string, or strings anywhere inside arrays and objects) holds a NUL character. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (Array.isArray(value)) return value.some(containsNul)
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner))
  return false
}

function decodedPathHasNul(pathname: string) {
  try {
    return decodeURIComponent(pathname).includes('\u0000')
  } catch {
    return false // a malformed escape is the route's to answer (404)
  }
}

/** Where the first NUL character sits in a value ('imageUrl', 'slots.0.note'; '' for the value itself), or null. */
export function nulPathIn(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null
  if (value === null || typeof value !== 'object') return null
  for (const [key, inner] of Object.entries(value)) {
    const found = key.includes('\u0000') ? [...path, key].join('.') : nulPathIn(inner, [...path, key])
    if (found !== null) return found
  }
  return null
}

/** Refuses a request whose path or query holds a NUL: JSON 400 on the API, the error page elsewhere. */
export const nulCharacterMiddleware: MiddlewareFunction<Response> = ({ request }) => {
  const url = new URL(request.url)
  if (!decodedPathHasNul(url.pathname) && !containsNul([...url.searchParams.entries()])) return
  if (isApiPath(url.pathname)) throw Response.json({ message: nulRefusal, errors: {} }, { status: 400 })
  throw data({ message: nulRefusal }, { status: 400, statusText: 'Bad Request' })
}

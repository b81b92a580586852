import { isApiPath, isWrite, markRefused } from './refused-request.server.ts'

// Page actions read their body as a form (`request.formData()`, conform, the multipart parser). A write
// to a page with any other body (JSON, plain text, none at all) would make that read throw: a 500. It is
// refused here, once for every page and its `.data` twin, with 415 (the JSON API has its own rules).

const formContentType = /^(?:multipart\/form-data|application\/x-www-form-urlencoded)\s*(?:;|$)/i

export function guardFormBody(request: Request): Request {
  if (!isWrite(request) || formContentType.test(request.headers.get('content-type') ?? '')) return request
  if (isApiPath(new URL(request.url).pathname)) return request
  const headers = new Headers(request.headers)
  markRefused(headers, 'notAForm')
  return new Request(request, { headers })
}

import { z } from 'zod'
import type { AccountStatus, Role } from '#app/lib/db-schema.ts'

// The building blocks of the OpenAPI document (openapi.server.ts and the per-area path modules beside
// it): JSON Schemas generated from zod, answers, errors and parameters written the same way everywhere.

export type JsonSchema = { [keyword: string]: unknown }
export type Responses = Record<string, unknown>

// ---- schemas from zod ----

/** The JSON Schema of what a client sends (`io: 'input'`: defaults optional, transforms not yet applied). */
export function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })
  return json
}

export function propertiesOf(schema: JsonSchema) {
  return (schema.properties ?? {}) as Record<string, JsonSchema>
}

export function requiredOf(schema: JsonSchema) {
  return (schema.required ?? []) as string[]
}

/** A zod object read from the query string: one parameter per field (arrays are repeated: `size=a&size=b`). */
export function queryParameters(schema: z.ZodType, descriptions: Record<string, string> = {}) {
  const json = inputSchema(schema)
  return Object.entries(propertiesOf(json)).map(([name, property]) => ({
    name,
    in: 'query',
    required: requiredOf(json).includes(name),
    ...(descriptions[name] ? { description: descriptions[name] } : {}),
    schema: property,
  }))
}

/** The schema with these properties required too. */
export const withRequired = (schema: JsonSchema, required: string[]) => ({ ...schema, required: [...new Set([...requiredOf(schema), ...required])] })

// ---- answers and operations ----

export const roles = ['owner', 'sitter', 'both', 'admin'] as const satisfies readonly Role[]
export const accountStatuses = ['active', 'suspended'] as const satisfies readonly AccountStatus[]

export const nullable = (type: string, extra: JsonSchema = {}) => ({ type: [type, 'null'], ...extra })
export const strings = { type: 'array', items: { type: 'string' } }
export const objectOf = (properties: Record<string, JsonSchema>, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
})
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
export const json = (schema: unknown) => ({ 'application/json': { schema } })
export const answer = (description: string, schema: unknown) => ({ description, content: json(schema) })
export const jsonBody = (schema: unknown) => ({ required: true, content: json(schema) })
/** A multipart form of these fields (all required), with how each file part is typed. */
export const multipartBody = (properties: Record<string, JsonSchema>, encoding: Record<string, { contentType: string }>) => ({
  required: true,
  content: { 'multipart/form-data': { schema: objectOf(properties), encoding } },
})
export const signedIn = [{ bearerAuth: [] }, { cookieAuth: [] }]
export const redirect = (description: string) => ({ description, headers: { Location: { schema: { type: 'string' } } } })
export const pathParameter = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } })

export const errorResponses = {
  400: ['BadRequest', 'Validation failed: `errors` lists every message per field.'],
  401: ['Unauthorized', 'No, expired or revoked token or session cookie.'],
  403: ['Forbidden', 'Signed in, but not allowed.'],
  404: ['NotFound', 'Missing, or not yours.'],
  409: ['Conflict', 'Conflicts with the current state.'],
  411: ['LengthRequired', 'A body sent without `Content-Length` (chunked).'],
  413: ['PayloadTooLarge', 'A file is over 5 MB, or the body over 1 MB (16 MB as multipart).'],
  415: ['UnsupportedMediaType', 'Wrong Content-Type, or the file is not an image.'],
  429: ['TooManyRequests', 'Rate limited: `Retry-After` gives the seconds until the limit frees a slot.'],
  502: ['BadGateway', 'An upstream service (Google, the geocoder) failed.'],
  503: ['ServiceUnavailable', 'Not configured on this server, or the server is shutting down (send it again: another instance, or this one restarted, answers).'],
} as const satisfies Record<number, readonly [string, string]>

export type ErrorStatus = keyof typeof errorResponses

export const etagHeader = { description: 'A strong validator of the answer, for `If-None-Match`.', schema: { type: 'string' } }

export const retryAfterHeader = {
  'Retry-After': { description: 'Seconds until the limit frees a slot.', schema: { type: 'integer', minimum: 1 } },
}

/** A keyset-paged list (decision 046): a JSON array, one page, and the next page's address in `Link`. */
export const pagedListAnswer = (description: string, items: unknown) => ({
  ...answer(description, { type: 'array', items }),
  headers: {
    Link: {
      description: 'Present when more follow: `<the same request with cursor=...>; rel="next"` (RFC 8288), relative to the request. Absent on the last page.',
      schema: { type: 'string' },
    },
  },
})

export const pagingParameterDescriptions = {
  cursor: 'The next page: the `cursor` of the previous answer\'s `Link: rel="next"` address, as it is (opaque). A cursor of another list or filter, or one this API did not make, is refused with 400.',
}

/** The error answers of an operation; a text replaces the shared description for this operation. */
export function errors(statuses: Partial<Record<ErrorStatus, string | true>>): Responses {
  return Object.fromEntries(
    Object.entries(statuses).map(([status, text]) => {
      const [name] = errorResponses[Number(status) as ErrorStatus]
      return [status, { $ref: `#/components/responses/${name}`, ...(typeof text === 'string' ? { description: text } : {}) }]
    }),
  )
}

// ---- answers from outside the routes ----

type Operation = { requestBody?: { content: Record<string, unknown> }; responses: Responses }

const writeMethods = new Set(['post', 'put', 'patch', 'delete'])
const httpMethods = new Set(['get', 'head', 'options', ...writeMethods])
const crossSiteWrite = 'a cross-site write (a foreign `Origin`, or a session cookie without one)'

/** A write operation's answers, with those given before its route runs (or by the body reader) added. */
function withAnswersBeforeTheRoute(operation: Operation): Operation {
  const responses = { ...operation.responses }
  const addMissing = (statuses: ErrorStatus[]) => {
    for (const status of statuses) responses[status] ??= errors({ [status]: true })[status]
  }
  // server.ts: a body over the limit, or without a length, is refused before it is read.
  addMissing([411, 413])
  // same-origin.server.ts: the cross-site guard answers every /api write before routing.
  const forbidden = responses[403] as { description?: string } | undefined
  const refused = forbidden ? `${forbidden.description ?? errorResponses[403][1]} Or refused as ${crossSiteWrite}.` : `Refused as ${crossSiteWrite}.`
  responses[403] = errors({ 403: refused })[403]
  // readJsonBody (lib/api.server.ts): a JSON body sent as another type, or one that does not parse.
  if (operation.requestBody?.content['application/json']) addMissing([400, 415])
  return { ...operation, responses }
}

/** server.ts: a request that arrives after SIGTERM is answered 503 (with `Connection: close`). */
function withShutdownAnswer(operation: Operation): Operation {
  return { ...operation, responses: { ...errors({ 503: true }), ...operation.responses } }
}

/** lib/nul-characters.server.ts: a NUL character in the path or the query is refused with 400 before routing. */
function withNulRefusal(operation: Operation): Operation {
  const refusal = 'A NUL character (U+0000) in the path or the query, refused before the route runs.'
  return { ...operation, responses: { ...operation.responses, 400: operation.responses[400] ?? errors({ 400: refusal })[400] } }
}

/** The paths with the answers of server.ts, the NUL refusal, the same-origin guard and readJsonBody added to each operation. */
export function withSharedAnswers<Paths extends Record<string, object>>(paths: Paths): Paths {
  const withShared = (key: string, value: object) => {
    if (!httpMethods.has(key)) return value // a path item's `parameters` or `summary`
    const operation = value as Operation
    return withNulRefusal(withShutdownAnswer(writeMethods.has(key) ? withAnswersBeforeTheRoute(operation) : operation))
  }
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(Object.entries(item).map(([key, value]) => [key, withShared(key, value as object)])),
    ]),
  ) as Paths
}

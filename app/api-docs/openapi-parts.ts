import { z } from 'zod'
import type { AccountStatus, Role } from '#app/lib/db-schema.ts'
import { cursorMessages } from '#app/lib/keyset-paging.ts'
import { type PlainTextKind, plainTextPatterns } from '#app/lib/plain-text.ts'

// The building blocks of the OpenAPI document (openapi.server.ts and the per-area path modules beside
// it): JSON Schemas generated from zod, answers, errors and parameters written the same way everywhere.

export type JsonSchema = { [keyword: string]: unknown }
export type Responses = Record<string, unknown>

// ---- schemas from zod ----

/** The JSON Schema of what a client sends (`io: 'input'`: defaults optional, transforms not yet applied). */
export function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })
  return withTextRules(json)
}

/** Each schema inside a schema (properties, items, branches...), the schema first. */
function* schemasIn(schema: JsonSchema): Generator<JsonSchema> {
  yield schema
  const inside = (value: unknown) => (value && typeof value === 'object' ? [value as JsonSchema] : [])
  for (const keyword of ['items', 'additionalProperties', 'propertyNames', 'not']) for (const child of inside(schema[keyword])) yield* schemasIn(child)
  for (const keyword of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) for (const child of (schema[keyword] ?? []) as JsonSchema[]) yield* schemasIn(child)
  for (const child of Object.values((schema.properties ?? {}) as Record<string, JsonSchema>)) yield* schemasIn(child)
}

function withTextRules(schema: JsonSchema) {
  for (const inner of [...schemasIn(schema)]) stateTextRules(inner)
  return schema
}

/** Text without U+0000, which the API refuses in every path, query and body (lib/nul-characters.server.ts, parseApiInput). */
export const withoutNul = '^[^\\x00]*$'

/** A trimmed text of at least `minLength` characters: that many from the first to the last that is not white space. */
const nonBlank = (minLength: number) => (minLength === 1 ? '\\S' : `\\S[\\s\\S]{${minLength - 2},}\\S`)

/**
 * The rules of text that zod checks with functions, stated as patterns (issue 30: a client generated from the
 * document must know them): plainText's kind (its metadata, lib/plain-text.ts), that it trims before its
 * `.min()` counts, and that no text may hold U+0000. The first pattern is `pattern`, others go to `allOf`.
 */
function stateTextRules(json: JsonSchema) {
  const kind = json.plainText as PlainTextKind | undefined
  delete json.plainText
  const types = Array.isArray(json.type) ? (json.type as unknown[]) : [json.type]
  if (!types.includes('string') || 'enum' in json || 'const' in json) return
  const parts = (json.allOf ?? []) as JsonSchema[]
  const patternOnly = (part: JsonSchema) => Object.keys(part).length === 1 && typeof part.pattern === 'string'
  const patterns = [json.pattern, ...parts.filter(patternOnly).map((part) => part.pattern)].filter((pattern): pattern is string => typeof pattern === 'string')
  if (kind) {
    patterns.push(plainTextPatterns[kind])
    if (typeof json.minLength === 'number' && json.minLength > 0) patterns.push(nonBlank(json.minLength))
  }
  if (patterns.length === 0 && json.format === undefined) patterns.push(withoutNul)
  const [first, ...others] = [...new Set(patterns)]
  if (first === undefined) return
  json.pattern = first
  const allOf = [...parts.filter((part) => !patternOnly(part)), ...others.map((pattern) => ({ pattern }))]
  if (allOf.length > 0) json.allOf = allOf
  else delete json.allOf
}

/** A rule no JSON Schema keyword can state (two fields together, today's date, what is stored), with its 400's message. */
export type StatedRule = { message: string; rule: string }

/**
 * The operation with the rules beside its schemas: said in its description, and their messages listed in
 * `x-cross-field-rules`, the only messages a 400 may carry for a request the schemas allow (the reverse fuzz of
 * tests/integration/openapi-fuzz.test.ts holds the server to it).
 */
export function withStatedRules<Operation extends { description?: string }>(operation: Operation, rules: StatedRule[]) {
  const unique = rules.filter((rule, index) => rules.findIndex((other) => other.message === rule.message) === index)
  const sentence = `Rules beside the schemas (a 400 names one by its message, listed in \`x-cross-field-rules\`): ${[...new Set(unique.map((rule) => rule.rule))].join('; ')}.`
  return { ...operation, description: operation.description ? `${operation.description}\n\n${sentence}` : sentence, 'x-cross-field-rules': unique }
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
export const pathParameter = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: { type: 'string', minLength: 1, pattern: withoutNul } })
/** A query parameter of free text that the route reads by hand (without a zod schema). */
export const textParameter = (name: string, description: string) => ({ name, in: 'query', required: false, description, schema: { type: 'string', pattern: withoutNul } })

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
  503: ['ServiceUnavailable', 'Not configured on this server, the server is shutting down, or its database is restarting: send it again after `Retry-After` seconds (another instance, or this one restarted, answers).'],
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

/** The paths with the stated rules of each operation (by operationId) added; rules of an operation not there throw. */
export function withStatedRulesOf<Paths extends Record<string, object>>(paths: Paths, rulesByOperation: Record<string, StatedRule[]>): Paths {
  const found = new Set<string>()
  const withRules = Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([key, value]) => {
          const operationId = (value as { operationId?: unknown }).operationId
          const rules = typeof operationId === 'string' ? rulesByOperation[operationId] : undefined
          if (!rules || typeof operationId !== 'string') return [key, value]
          found.add(operationId)
          return [key, withStatedRules(value as { description?: string }, rules)]
        }),
      ),
    ]),
  ) as Paths
  const missing = Object.keys(rulesByOperation).filter((operationId) => !found.has(operationId))
  if (missing.length > 0) throw new Error(`Stated rules for operations the document does not have: ${missing.join(', ')}`)
  return withRules
}

/** The rules of a keyset list's `cursor` (its pattern says only what a cursor looks like). */
export const cursorRules = ({ perList = true } = {}): StatedRule[] => [
  { message: cursorMessages.invalid, rule: '`cursor` is one this API made (the `cursor` of a `Link: rel="next"` address)' },
  ...(perList ? [{ message: cursorMessages.foreign, rule: 'a `cursor` is used with the list and filters it was made for' }] : []),
]

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

/** server.ts: a request that arrives after SIGTERM is answered 503 (with `Connection: close`); so is one the database cannot serve (lib/database-unavailable.server.ts). */
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

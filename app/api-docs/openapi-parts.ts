import { z } from 'zod'

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

export const withRequired = (schema: JsonSchema, required: string[]) => ({ ...schema, required })

// ---- answers and operations ----

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
export const signedIn = [{ bearerAuth: [] }, { cookieAuth: [] }]
export const redirect = (description: string) => ({ description, headers: { Location: { schema: { type: 'string' } } } })
export const pathParameter = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } })

export const errorResponses = {
  400: ['BadRequest', 'Validation failed: `errors` lists every message per field.'],
  401: ['Unauthorized', 'No, expired or revoked token or session cookie.'],
  403: ['Forbidden', 'Signed in, but not allowed.'],
  404: ['NotFound', 'Missing, or not yours.'],
  409: ['Conflict', 'Conflicts with the current state.'],
  413: ['PayloadTooLarge', 'A file is over 5 MB.'],
  415: ['UnsupportedMediaType', 'Wrong Content-Type, or the file is not an image.'],
  429: ['TooManyRequests', 'Rate limited: `Retry-After` gives the seconds until the limit frees a slot.'],
  502: ['BadGateway', 'An upstream service (Google, the geocoder) failed.'],
  503: ['ServiceUnavailable', 'Not configured on this server.'],
} as const satisfies Record<number, readonly [string, string]>

export type ErrorStatus = keyof typeof errorResponses

export const retryAfterHeader = {
  'Retry-After': { description: 'Seconds until the limit frees a slot.', schema: { type: 'integer', minimum: 1 } },
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

import fc from 'fast-check'
import { pointerSegment } from './openapi-validator.ts'

// fast-check arbitraries of requests to one OpenAPI operation (openapi-fuzz.test.ts, decision 064): its path
// parameters, query, body and credentials, read from the document the app serves. A generated request is a
// plain description (printable, so a failure shows it and its seed replays it); the test turns it into a
// Request. Values are sometimes what the schema asks for (so a request gets past validation into the rules
// behind it) and sometimes anything at all: random JSON, the wrong type, unicode, control characters,
// oversized strings, real ids of the wrong kind. `allowedRequestsTo` (at the end) makes the other kind: requests
// the document allows and nothing else, for the reverse fuzz.

export type Schema = { [keyword: string]: unknown }
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema }
type Operation = { parameters?: Parameter[]; requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> } }
export type OpenApiDocument = { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, Schema> } }

export const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const
export type HttpMethod = (typeof httpMethods)[number]

/** One operation of the document: a path template and a method. */
export type Endpoint = {
  method: HttpMethod
  path: string
  /** 'POST /api/bookings' */
  name: string
  pathParameters: Parameter[]
  queryParameters: Parameter[]
  /** The documented media types of the body and their schemas (none: the operation takes no body). */
  bodies: Record<string, Schema>
  /** Whether a body must be sent (`requestBody.required`). */
  bodyRequired: boolean
  /** JSON pointers into the document: of each parameter's schema ('query:limit'), and of each body's schema. */
  pointers: { parameters: Record<string, string>; bodies: Record<string, string> }
}

/** Every operation (path x method) of the document, in its order. */
export function endpointsOf(document: OpenApiDocument): Endpoint[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    httpMethods
      .filter((method) => item[method] !== undefined)
      .map((method) => {
        const operation = item[method] as Operation
        const at = `/paths/${pointerSegment(path)}`
        const located = [
          ...((item.parameters ?? []) as Parameter[]).map((parameter, index) => ({ parameter, pointer: `${at}/parameters/${index}/schema` })),
          ...(operation.parameters ?? []).map((parameter, index) => ({ parameter, pointer: `${at}/${method}/parameters/${index}/schema` })),
        ]
        const parameters = located.map(({ parameter }) => parameter)
        const content = Object.entries(operation.requestBody?.content ?? {})
        return {
          method,
          path,
          name: `${method.toUpperCase()} ${path}`,
          pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
          queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
          bodies: Object.fromEntries(content.map(([type, media]) => [type, media.schema ?? {}])),
          bodyRequired: operation.requestBody?.required === true,
          pointers: {
            parameters: Object.fromEntries(located.map(({ parameter, pointer }) => [`${parameter.in}:${parameter.name}`, pointer])),
            bodies: Object.fromEntries(content.map(([type]) => [type, `${at}/${method}/requestBody/content/${pointerSegment(type)}/schema`])),
          },
        }
      }),
  )
}

/** The callers whose credentials a request may carry (access-callers.ts). */
export type CallerName = 'owner' | 'otherOwner' | 'sitter' | 'otherSitter' | 'suspended' | 'admin' | 'deletedToken'

/** What the generator knows of the database: real values to put where an id, a place or a push endpoint goes. */
export type World = {
  callers: readonly CallerName[]
  /** Real values of a path parameter of a path template, e.g. the dogs' ids for '/api/dogs/{id}' 'id'. */
  pathValues: (path: string, parameter: string) => string[]
  /** Real ids of every kind (users, dogs, bookings, conversations, messages, reviews, reports, notifications). */
  ids: string[]
  /** Addresses the fake geocoder knows (the app caches what it looks up, known or not). */
  places: string[]
  /** Real dog photo paths, for `imageUrl`. */
  imagePaths: string[]
  /** The base of push endpoints the app accepts (the fake push service). */
  pushServiceUrl: string
  /** Real ids of the kind a property or parameter of this name takes (`dogId`: dogs); none known: [] (then any of `ids`). */
  idsNamed?: (name: string) => string[]
  /** The user id of a caller, which a path about a user ('/api/users/{id}') takes more often. */
  callerIds?: Partial<Record<CallerName, string>>
}

export type Credential =
  | { kind: 'none' }
  | { kind: 'token'; of: CallerName }
  /** A browser's session cookie; a write carries our Origin, another site's, or none. */
  | { kind: 'cookie'; of: CallerName; origin: 'ours' | 'other' | 'none' }
  /** A real token with one character changed. */
  | { kind: 'tampered token'; of: CallerName; at: number }
  | { kind: 'garbage'; authorization: string }

export type FilePart = { name: string; filename: string; type: string; bytes: Uint8Array }
export type Body =
  | { kind: 'none' }
  | { kind: 'text'; contentType: string | null; text: string }
  | { kind: 'multipart'; fields: [string, string][]; files: FilePart[] }

export type FuzzRequest = {
  method: string
  /** The path and query, as sent. */
  url: string
  credential: Credential
  body: Body
  /** Other headers (Accept, If-None-Match). */
  headers: Record<string, string>
  /** The client address (rate limits count per address). */
  ip: string
}

// ---- values ----

const huge = fc.integer({ min: 1_000, max: 120_000 }).map((length) => 'x'.repeat(length))

/** Strings that break careless code: unicode, control characters (NUL), paths, markup, SQL, numbers as text, lone surrogates. */
export const nastyString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '.',
    '..',
    '../../etc/passwd',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\u202e',
    '%',
    '%00',
    "' OR 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e309',
    '0x10',
    '2026-02-30',
    '0000-00-00',
    '9999-12-31T23:59:59Z',
    '24:00',
    '__proto__',
    'constructor',
    'true',
    '[]',
    '{}',
  ),
  huge,
)

/** Any JSON value at all, including the wrong type for every field and numbers at the edges. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
  { arbitrary: nastyString, weight: 3 },
  {
    arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, [], {}, [null], { '': '' }),
    weight: 2,
  },
  { arbitrary: fc.array(nastyString, { maxLength: 3 }), weight: 1 },
)

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** The schema a `$ref` to the document's components points at (the schema itself without one). */
function resolveSchema(document: OpenApiDocument, schema: Schema): Schema {
  const pointer = schema.$ref
  if (typeof pointer !== 'string') return schema
  const name = pointer.replace('#/components/schemas/', '')
  const target = document.components.schemas[name]
  if (!target) throw new Error(`${pointer} points at nothing`)
  return resolveSchema(document, target)
}

/** Values for a schema: what it asks for, or that with one thing spoiled. */
export class SchemaValues {
  private readonly document: OpenApiDocument
  private readonly world: World

  constructor(document: OpenApiDocument, world: World) {
    this.document = document
    this.world = world
  }

  resolve(schema: Schema): Schema {
    return resolveSchema(this.document, schema)
  }

  /** A fitting value; an object with one property (or one more, unknown) holding any value at all. */
  spoiled(given: Schema, name: string): fc.Arbitrary<unknown> {
    const names = this.propertyNames(given)
    if (names.length === 0) return nastyValue
    return fc
      .tuple(this.value(given, name), fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 12 })), nastyValue)
      .map(([value, key, spoilt]) => (value && typeof value === 'object' && !Array.isArray(value) ? { ...value, [key]: spoilt } : spoilt))
  }

  /** A value that fits the schema (as far as its keywords go). `name`: the property or parameter it is for. */
  value(given: Schema, name: string, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(given)
    if (depth > 5) return fc.jsonValue({ maxDepth: 1 })
    if ('const' in schema) return fc.constant(schema.const)
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]))
    const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
    if (branches) return fc.oneof(...branches.map((branch) => this.value(branch, name, depth + 1)))
    if (Array.isArray(schema.allOf)) return this.value(this.merged(schema.allOf as Schema[]), name, depth + 1)
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined]
    return fc.oneof(...types.map((type) => this.valueOfType(type, schema, name, depth)))
  }

  private merged(parts: Schema[]): Schema {
    const resolved = parts.map((part) => this.resolve(part))
    return {
      type: 'object',
      properties: Object.assign({}, ...resolved.map((part) => part.properties ?? {})) as Schema,
      required: resolved.flatMap((part) => (part.required ?? []) as string[]),
    }
  }

  private valueOfType(type: string | undefined, schema: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
    const number = (key: string) => (typeof schema[key] === 'number' ? schema[key] : undefined)
    switch (type) {
      case 'string':
        return this.string(schema, name)
      case 'integer':
        return fc.integer({ min: Math.max(number('minimum') ?? -1_000_000, -1_000_000), max: Math.min(number('maximum') ?? 1_000_000, 1_000_000) })
      case 'number': {
        const min = number('exclusiveMinimum') ?? number('minimum') ?? -1_000_000
        const max = number('exclusiveMaximum') ?? number('maximum') ?? 1_000_000
        // Hundredths as people write them, and doubles (which like the edges: 5e-324, the bounds).
        const hundredths = fc.integer({ min: Math.ceil(min * 100) + 1, max: Math.floor(max * 100) - 1 }).map((value) => value / 100)
        return fc.oneof(hundredths, fc.double({ min, max, minExcluded: 'exclusiveMinimum' in schema, maxExcluded: 'exclusiveMaximum' in schema, noNaN: true }))
      }
      case 'boolean':
        return fc.boolean()
      case 'null':
        return fc.constant(null)
      case 'array':
        return fc.array(this.value((schema.items ?? {}) as Schema, name, depth + 1), {
          minLength: Math.min(number('minItems') ?? 0, 4),
          maxLength: Math.min(number('maxItems') ?? 4, 4),
        })
      case 'object':
        return this.object(schema, depth)
      default:
        return fc.jsonValue({ maxDepth: 2 })
    }
  }

  /** An object with the schema's required properties and some of the others. */
  object(schema: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
    const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>)
    if (properties.length === 0 && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      const names = schema.propertyNames ? this.value(schema.propertyNames as Schema, 'key', depth + 1).map(String) : fc.string({ maxLength: 10 })
      return fc.dictionary(names, this.value(schema.additionalProperties as Schema, 'value', depth + 1), { maxKeys: 4 })
    }
    const required = ((schema.required ?? []) as string[]).filter((key) => properties.some(([name]) => name === key))
    return fc.record(Object.fromEntries(properties.map(([key, value]) => [key, this.value(value, key, depth + 1)])), {
      requiredKeys: required,
    })
  }

  /** Each documented property present now and then, holding any value at all. */
  namesWithNastyValues(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
    const names = this.propertyNames(schema)
    return fc.record(Object.fromEntries(names.map((name) => [name, nastyValue])), { requiredKeys: [] })
  }

  propertyNames(given: Schema): string[] {
    const schema = this.resolve(given)
    const branches = [...((schema.anyOf ?? []) as Schema[]), ...((schema.oneOf ?? []) as Schema[]), ...((schema.allOf ?? []) as Schema[])]
    return [...new Set([...Object.keys(schema.properties ?? {}), ...branches.flatMap((branch) => this.propertyNames(branch))])]
  }

  private string(schema: Schema, name: string): fc.Arbitrary<string> {
    const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0
    const maxLength = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 40, 60)
    const random = fc.string({ minLength: Math.min(minLength, maxLength), maxLength })
    const { world } = this
    if (/ids?$/i.test(name)) return fc.oneof({ arbitrary: fc.constantFrom(...world.ids), weight: 4 }, { arbitrary: random, weight: 1 })
    if (name === 'imageUrl') return fc.oneof(fc.constantFrom(...world.imagePaths), random)
    if (name === 'location' || name === 'q') return fc.oneof({ arbitrary: fc.constantFrom(...world.places), weight: 4 }, { arbitrary: random, weight: 1 })
    if (name === 'endpoint') return fc.oneof(fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme-ascii' }).map((device) => `${world.pushServiceUrl}/push/${encodeURIComponent(device)}`), random)
    if (name === 'bbox') {
      return fc.tuple(fc.double({ min: -180, max: 170, noNaN: true }), fc.double({ min: -90, max: 80, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true })).map(
        ([west, south, size]) => [west, south, west + size, south + size].join(','),
      )
    }
    if (name === 'timeZone') return fc.oneof({ arbitrary: fc.constantFrom('Europe/Zurich', 'America/New_York', 'Asia/Kolkata', 'UTC'), weight: 4 }, { arbitrary: random, weight: 1 })
    // Times of day on the quarter hour, as the forms offer them.
    const quarterHour = fc.integer({ min: 0, max: 95 }).map((quarter) => `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`)
    if (typeof schema.pattern === 'string' && schema.pattern.startsWith('^([01]')) return fc.oneof({ arbitrary: quarterHour, weight: 4 }, { arbitrary: fc.stringMatching(new RegExp(schema.pattern)), weight: 1 })
    const day = fc.integer({ min: -10, max: 120 }).map(isoDay)
    if (schema.format === 'date' || schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return fc.oneof({ arbitrary: day, weight: 4 }, { arbitrary: random, weight: 1 })
    if (schema.format === 'date-time') {
      return fc.integer({ min: -10 * 24, max: 120 * 24 }).map((hours) => new Date(Math.round(Date.now() / 3_600_000 + hours) * 3_600_000).toISOString())
    }
    if (schema.format === 'email' || name === 'email') return fc.oneof({ arbitrary: fc.emailAddress(), weight: 4 }, { arbitrary: random, weight: 1 })
    if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl()
    if (typeof schema.pattern === 'string') return fc.oneof({ arbitrary: fc.stringMatching(new RegExp(schema.pattern)), weight: 4 }, { arbitrary: random, weight: 1 })
    return random
  }
}

// ---- requests ----

/** Authorization header values that are no credential: none of them may pass, nor break anything. */
const garbageAuthorization = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer null',
    'Bearer undefined',
    'Basic dXNlcjpwYXNzd29yZA==',
    'bearer a.b.c',
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.',
    'Bearer eyJhbGciOiJIUzI1NiJ9.e30.AAAA',
    'Token abc',
  ),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 300 }).map((text) => `Bearer ${text}`),
)

/** A credential: mostly a real token, of the `likely` callers more often than of the others. */
function credentialOf(world: World, likely: readonly CallerName[]): fc.Arbitrary<Credential> {
  const caller = fc.oneof({ arbitrary: fc.constantFrom(...likely), weight: 2 }, { arbitrary: fc.constantFrom(...world.callers), weight: 1 })
  return fc.oneof(
    { arbitrary: fc.constant<Credential>({ kind: 'none' }), weight: 1 },
    { arbitrary: caller.map((of): Credential => ({ kind: 'token', of })), weight: 10 },
    {
      arbitrary: fc.record({ kind: fc.constant('cookie' as const), of: caller, origin: fc.constantFrom('ours' as const, 'other' as const, 'none' as const) }),
      weight: 2,
    },
    { arbitrary: fc.record({ kind: fc.constant('tampered token' as const), of: caller, at: fc.nat({ max: 400 }) }), weight: 1 },
    { arbitrary: garbageAuthorization.map((authorization): Credential => ({ kind: 'garbage', authorization })), weight: 1 },
  )
}

/** A path parameter: a real id that fits, a real id of another kind, or anything (encoded or raw). */
function pathValueOf(world: World, path: string, parameter: string): fc.Arbitrary<string> {
  const fitting = world.pathValues(path, parameter)
  const raw = fc.constantFrom('', '.', '..', '%', '%zz', '%E0%A4%A', '%00', '%2F', '%2e%2e', '%uD800', ';', 'a;b=c')
  return fc.oneof(
    { arbitrary: fitting.length > 0 ? fc.constantFrom(...fitting) : fc.uuid(), weight: 5 },
    { arbitrary: fc.constantFrom(...world.ids), weight: 1 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: nastyString.map((value) => encodeURIComponent(value.toWellFormed())), weight: 3 },
    { arbitrary: raw, weight: 1 },
  )
}

/** A value as the text of form fields or query parameters (an array repeats the name). */
const asTexts = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(asTexts) : typeof value === 'string' ? [value] : [JSON.stringify(value) ?? '']

/** Anything as a query parameter's values: any value, or several strings. */
const nastyTexts = fc.oneof(nastyValue.map(asTexts), fc.array(nastyString, { minLength: 2, maxLength: 3 }))

/**
 * A query: the documented parameters (each present or not) with fitting values, or with anything at all,
 * and now and then parameters the document does not know.
 */
function queryOf(values: SchemaValues, parameters: Parameter[]): fc.Arbitrary<string> {
  const documentedWith = (texts: (parameter: Parameter) => fc.Arbitrary<string[]>, always: (parameter: Parameter) => boolean) =>
    fc.tuple(
      ...parameters.map((parameter) =>
        (always(parameter) ? texts(parameter) : fc.option(texts(parameter), { freq: 2 })).map((found) => ({ name: parameter.name, texts: found })),
      ),
    )
  const documented = fc.oneof(
    { arbitrary: documentedWith((parameter) => values.value(parameter.schema ?? {}, parameter.name).map(asTexts), (parameter) => parameter.required === true), weight: 3 },
    { arbitrary: documentedWith(() => nastyTexts, () => false), weight: 2 },
  )
  const unknown = fc.array(fc.tuple(fc.string({ maxLength: 12 }), nastyString), { maxLength: 2 })
  return fc.tuple(documented, fc.option(unknown, { freq: 3 })).map(([known, others]) => {
    const query = new URLSearchParams()
    for (const { name, texts } of known) for (const text of texts ?? []) query.append(name, text)
    for (const [name, text] of others ?? []) query.append(name, text)
    const text = query.toString()
    return text ? `?${text}` : ''
  })
}

// A 1x1 PNG: an image that decodes, so an upload can get past the image check.
const tinyPng = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
)

const fileOf = (name: string): fc.Arbitrary<FilePart> =>
  fc.record({
    name: fc.constant(name),
    filename: fc.oneof(fc.constantFrom('rex.png', 'rex.jpg', '../../rex.png', '', 'rex'), fc.string({ maxLength: 20 })),
    type: fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'text/plain', ''),
    bytes: fc.oneof(fc.constant(tinyPng), fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 40 }).map((tail) => Uint8Array.from([...tinyPng.slice(0, 16), ...tail]))),
  })

/** A multipart body from a form schema: text fields (arrays repeated) and files where the schema has binary content. */
function multipartOf(values: SchemaValues, given: Schema): fc.Arbitrary<Body> {
  const schema = values.resolve(given)
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>)
  const isFile = (property: Schema) => {
    const resolved = values.resolve(property)
    return 'contentMediaType' in resolved || (resolved.items !== undefined && 'contentMediaType' in values.resolve(resolved.items as Schema))
  }
  const fileNames = properties.filter(([, property]) => isFile(property)).map(([name]) => name)
  const textFields = properties.filter(([, property]) => !isFile(property))
  const fieldValue = (name: string, property: Schema) => fc.oneof({ arbitrary: values.value(property, name, 1), weight: 8 }, { arbitrary: nastyValue, weight: 1 })
  const fields = fc
    .tuple(...textFields.map(([name, property]) => fc.option(fieldValue(name, property).map(asTexts), { freq: 4 }).map((texts) => ({ name, texts }))))
    .map((entries) => entries.flatMap(({ name, texts }) => (texts ?? []).map((text): [string, string] => [name, text])))
  const extraFields = fc.array(fc.tuple(fc.string({ maxLength: 10 }), nastyString), { maxLength: 2 })
  const files = fc.array(fc.constantFrom(...(fileNames.length > 0 ? fileNames : ['file']), 'images[]', 'other').chain(fileOf), { maxLength: 3 })
  return fc.tuple(fields, extraFields, files).map(([known, extra, parts]): Body => ({ kind: 'multipart', fields: [...known, ...extra], files: parts }))
}

const jsonText = (value: unknown) => JSON.stringify(value) ?? 'null'

/** Text that is no JSON, sent as JSON. */
const notJson = fc.oneof(
  fc.constantFrom('', '{', '{"a":', '[1,', 'nul', '{"a":1}garbage', "{'a': 1}", '\u0000', '\ufeff{}', 'NaN', 'undefined'),
  fc.string({ unit: 'binary', maxLength: 80 }),
)

const wrongContentType = fc.constantFrom(
  null,
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=xyz',
  'application/jsonx',
  'application/json; charset=utf-16',
  'image/png',
)

/** A body for an operation: fitting, fitting names with any values, any JSON, no JSON, the wrong type, none. */
function bodyOf(values: SchemaValues, endpoint: Endpoint): fc.Arbitrary<Body> {
  const json = (value: fc.Arbitrary<unknown>, contentType: fc.Arbitrary<string | null> = fc.constant('application/json')) =>
    fc.tuple(value, contentType).map(([data, type]): Body => ({ kind: 'text', contentType: type, text: jsonText(data) }))
  const anyJson = json(fc.jsonValue({ maxDepth: 4 }))
  const choices: fc.WeightedArbitrary<Body>[] = [
    { arbitrary: anyJson, weight: 2 },
    { arbitrary: notJson.map((text): Body => ({ kind: 'text', contentType: 'application/json', text })), weight: 1 },
    { arbitrary: fc.tuple(fc.jsonValue({ maxDepth: 2 }), wrongContentType).map(([value, type]): Body => ({ kind: 'text', contentType: type, text: jsonText(value) })), weight: 1 },
    { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 },
  ]
  const jsonSchema = endpoint.bodies['application/json']
  if (jsonSchema) {
    choices.push({ arbitrary: json(values.value(jsonSchema, 'body')), weight: 6 })
    choices.push({ arbitrary: json(values.spoiled(jsonSchema, 'body')), weight: 3 })
    choices.push({ arbitrary: json(values.namesWithNastyValues(jsonSchema)), weight: 2 })
    // The fitting body in another media type.
    choices.push({ arbitrary: json(values.value(jsonSchema, 'body'), wrongContentType), weight: 1 })
  }
  const formSchema = endpoint.bodies['multipart/form-data']
  if (formSchema) choices.push({ arbitrary: multipartOf(values, formSchema), weight: 8 })
  const urlEncodedSchema = endpoint.bodies['application/x-www-form-urlencoded']
  if (urlEncodedSchema) {
    choices.push({
      arbitrary: multipartOf(values, urlEncodedSchema).map((body): Body => ({
        kind: 'text',
        contentType: 'application/x-www-form-urlencoded',
        text: body.kind === 'multipart' ? new URLSearchParams(body.fields).toString() : '',
      })),
      weight: 2,
    })
  }
  if (Object.keys(endpoint.bodies).length === 0) {
    // An operation without a body mostly gets none; one it ignores must change nothing either.
    choices.push({ arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 6 })
  }
  return fc.oneof(...choices)
}

const otherHeaders = fc.record(
  {
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/png', ''),
    'if-none-match': fc.oneof(fc.constantFrom('*', '"x"', 'W/"0"'), fc.string({ unit: 'grapheme-ascii', maxLength: 20 })),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x'),
  },
  { requiredKeys: [] },
)

/** Requests to one operation; `likely`: the callers whose credentials it gets more often (those it is for). */
export function requestsTo(document: OpenApiDocument, world: World, endpoint: Endpoint, likely: readonly CallerName[]): fc.Arbitrary<FuzzRequest> {
  const values = new SchemaValues(document, world)
  const segments = endpoint.path.split(/(\{\w+\})/)
  const path = fc
    .tuple(...segments.map((segment) => (/^\{\w+\}$/.test(segment) ? pathValueOf(world, endpoint.path, segment.slice(1, -1)) : fc.constant(segment))))
    .map((parts) => parts.join(''))
  const body = endpoint.method === 'get' ? fc.constant<Body>({ kind: 'none' }) : bodyOf(values, endpoint)
  return fc
    .record({
      method: fc.constant(endpoint.method.toUpperCase()),
      url: fc.tuple(path, queryOf(values, endpoint.queryParameters)).map(([pathname, query]) => pathname + query),
      credential: credentialOf(world, likely),
      body,
      headers: otherHeaders,
      ip: fc.integer({ min: 1, max: 254 }).map((host) => `198.51.100.${host}`),
    })
    .map((request) => ({ ...request, [fc.toStringMethod]: () => describeRequest(request) }))
}

/** A request as one readable block, long runs of one character shortened ('x' x 5000). */
export function describeRequest(request: FuzzRequest) {
  const shorten = (text: string) => text.replace(/(.)\1{39,}/gsu, (run: string, char: string) => `${char}…(${char} x ${run.length})`).slice(0, 2000)
  const body =
    request.body.kind === 'none'
      ? 'no body'
      : request.body.kind === 'text'
        ? `${request.body.contentType ?? 'no Content-Type'}: ${shorten(JSON.stringify(request.body.text))}`
        : `multipart: ${shorten(JSON.stringify(request.body.fields))} files ${JSON.stringify(request.body.files.map((file) => ({ ...file, bytes: `${file.bytes.length} bytes ${Buffer.from(file.bytes.slice(0, 24)).toString('hex')}` })))}`
  return [
    `${request.method} ${shorten(request.url)}`,
    `  credential: ${JSON.stringify(request.credential)}`,
    `  headers: ${JSON.stringify(request.headers)} from ${request.ip}`,
    `  body: ${body}`,
  ].join('\n')
}

// ---- requests the document allows (the reverse fuzz) ----

/** Whether a value fits the schema at a JSON pointer of the document (documentSchemaValidators, openapi-validator.ts). */
export type ValidatorAt = (pointer: string) => (value: unknown) => boolean

/**
 * The keywords the generator of allowed values honours. A schema with any other keyword stops the run: a keyword
 * read halfway would make values the document refuses, or never make some it allows.
 */
const honouredKeywords = new Set([
  '$ref',
  'type',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  // Annotations: they allow and refuse nothing.
  'default',
  'description',
  'examples',
  'title',
  'contentMediaType',
  'deprecated',
])

/**
 * `arbitrary` kept to the values `valid` accepts, or null when it rarely makes one: sampled first (with a seed of
 * its own), so a generator that misses never makes the run loop on a filter.
 */
function keptTo<T>(arbitrary: fc.Arbitrary<T>, valid: (value: T) => boolean): fc.Arbitrary<T> | null {
  const fits = fc.sample(arbitrary, { numRuns: 24, seed: 7 }).filter(valid).length
  return fits >= 6 ? arbitrary.filter(valid) : null
}

const isoInstant = (milliseconds: number, offsetMinutes: number) => {
  const local = new Date(milliseconds + offsetMinutes * 60_000).toISOString().slice(0, 19)
  if (offsetMinutes === 0) return `${local}Z`
  const sign = offsetMinutes < 0 ? '-' : '+'
  const minutes = Math.abs(offsetMinutes)
  return `${local}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

const firstDay = Date.parse('0000-01-01T00:00:00Z')
const lastDay = Date.parse('9999-12-31T00:00:00Z')
/** Any instant of the years 0000 to 9999 (what `date` and `date-time` allow), and more often one near today. */
const instant = fc.oneof(
  { arbitrary: fc.integer({ min: -30 * 24, max: 400 * 24 }).map((hours) => Math.round(Date.now() / 3_600_000 + hours) * 3_600_000), weight: 3 },
  { arbitrary: fc.integer({ min: firstDay, max: lastDay }), weight: 1 },
)

/** Strings of a format, as clients write them (validity is the schema's to judge: these are candidates). */
function formatted(format: string): fc.Arbitrary<string> | null {
  switch (format) {
    case 'date':
      return instant.map((milliseconds) => new Date(milliseconds).toISOString().slice(0, 10))
    case 'date-time': {
      const offset = fc.constantFrom(0, 60, -300, 330, 840, -720)
      return fc.oneof(
        { arbitrary: fc.tuple(instant, offset).map(([milliseconds, minutes]) => isoInstant(milliseconds, minutes)), weight: 4 },
        // RFC 3339 also allows a lower-case 't' and 'z', a space, fractions of a second, no seconds in ISO 8601.
        { arbitrary: instant.map((milliseconds) => new Date(milliseconds).toISOString()), weight: 1 },
        { arbitrary: fc.tuple(instant, fc.constantFrom(' ', 't')).map(([milliseconds, separator]) => isoInstant(milliseconds, 0).replace('T', separator).toLowerCase()), weight: 1 },
      )
    }
    case 'email':
      return fc.oneof(
        fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/), fc.stringMatching(/^[a-z]{1,10}$/)).map(([local, domain]) => `${local}@${domain}.example`),
        fc.emailAddress(),
      )
    case 'uri':
      return fc.webUrl({ withQueryParameters: true, withFragments: true })
    case 'uuid':
      return fc.uuid()
    default:
      return null
  }
}

/**
 * Values that the schemas of the document allow, and only those: every keyword of `honouredKeywords` is honoured
 * (lengths in code points, as JSON Schema counts them), and each value is checked against its schema before it is
 * used. Where the world has real values that fit (ids, addresses, image paths, push endpoints), they come more
 * often, so a request gets past 'not found' to the rules behind it. Strings are also drawn from all of Unicode
 * (control and format characters, emoji, at the maximum length) when their schema allows it.
 */
export class AllowedValues {
  private readonly document: OpenApiDocument
  private readonly world: World
  private readonly validatorAt: ValidatorAt

  constructor(document: OpenApiDocument, world: World, validatorAt: ValidatorAt) {
    this.document = document
    this.world = world
    this.validatorAt = validatorAt
  }

  private schemaAt(pointer: string): Schema {
    const schema = pointer
      .split('/')
      .slice(1)
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (node as Schema | undefined)?.[key], this.document)
    if (!schema || typeof schema !== 'object') throw new Error(`${pointer} points at no schema`)
    return schema as Schema
  }

  /** Values the schema at `pointer` allows; `name`: the property or parameter they are for (it picks real values). */
  at(pointer: string, name: string): fc.Arbitrary<unknown> {
    const schema = this.schemaAt(pointer)
    const unknown = Object.keys(schema).filter((keyword) => !honouredKeywords.has(keyword))
    if (unknown.length > 0) throw new Error(`${pointer}: the generator of allowed values does not know ${unknown.join(', ')}`)
    const valid = this.validatorAt(pointer)
    const made = this.unchecked(schema, pointer, name)
    const kept = keptTo(made, valid)
    if (!kept) {
      const [example] = fc.sample(made.filter((value) => !valid(value)), { numRuns: 1, seed: 7 })
      throw new Error(`${pointer}: the generator rarely makes a value the schema allows, e.g. ${JSON.stringify(example)?.slice(0, 300)}`)
    }
    return kept
  }

  private unchecked(schema: Schema, pointer: string, name: string): fc.Arbitrary<unknown> {
    const constraints = Object.keys(schema).filter((keyword) => !['description', 'examples', 'title', 'default', 'deprecated'].includes(keyword))
    if (typeof schema.$ref === 'string') {
      // Keywords beside $ref apply too: the value is checked against the whole schema afterwards (at()).
      return this.at(schema.$ref.slice(1), name)
    }
    if ('const' in schema) return fc.constant(schema.const)
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const branches = schema[keyword]
      // A value of one branch; the other keywords (and oneOf's 'only one') are checked afterwards (at()).
      if (Array.isArray(branches)) return fc.oneof(...branches.map((_, index) => this.at(`${pointer}/${keyword}/${index}`, name)))
    }
    const allOf = (schema.allOf ?? []) as Schema[]
    const patternsOnly = allOf.every((part) => Object.keys(part).every((keyword) => keyword === 'pattern'))
    if (allOf.length > 0 && !patternsOnly) {
      // Parts that are objects: their properties together; anything else is left to the check of at().
      const parts = allOf.map((_, index) => this.resolvedPointer(`${pointer}/allOf/${index}`))
      return this.object(parts)
    }
    if (!constraints.some((keyword) => keyword !== 'not')) return fc.jsonValue({ maxDepth: 2 })
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : this.impliedTypes(schema)
    return fc.oneof(...types.map((type) => this.ofType(type, schema, pointer, name)))
  }

  /** The pointer a $ref leads to (the schema itself when it has none). */
  private resolvedPointer(pointer: string): string {
    const schema = this.schemaAt(pointer)
    return typeof schema.$ref === 'string' ? this.resolvedPointer(schema.$ref.slice(1)) : pointer
  }

  /** The types a schema without `type` is about, from its keywords. */
  private impliedTypes(schema: Schema): string[] {
    if ('properties' in schema || 'additionalProperties' in schema || 'required' in schema) return ['object']
    if ('items' in schema || 'minItems' in schema || 'maxItems' in schema) return ['array']
    if (['pattern', 'format', 'minLength', 'maxLength'].some((keyword) => keyword in schema) || Array.isArray(schema.allOf)) return ['string']
    if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].some((keyword) => keyword in schema)) return ['number']
    return ['string', 'number', 'boolean', 'null']
  }

  private ofType(type: string, schema: Schema, pointer: string, name: string): fc.Arbitrary<unknown> {
    switch (type) {
      case 'string':
        return this.string(schema, pointer, name)
      case 'integer':
      case 'number':
        return this.number(schema, type === 'integer')
      case 'boolean':
        return fc.boolean()
      case 'null':
        return fc.constant(null)
      case 'array': {
        const items = schema.items ? this.at(`${pointer}/items`, name) : fc.jsonValue({ maxDepth: 1 })
        const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0
        const maxLength = Math.max(minLength, Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, 4))
        return schema.uniqueItems === true ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) }) : fc.array(items, { minLength, maxLength })
      }
      case 'object':
        return this.object([pointer])
      default:
        throw new Error(`${pointer}: unknown type ${type}`)
    }
  }

  /** An object of these schemas' properties (all required ones, some others), and now and then one the document does not name. */
  private object(pointers: string[]): fc.Arbitrary<Record<string, unknown>> {
    const parts = pointers.map((pointer) => ({ pointer, schema: this.schemaAt(pointer) }))
    const properties = new Map<string, string>()
    for (const { pointer, schema } of parts) {
      for (const key of Object.keys(schema.properties ?? {})) properties.set(key, `${pointer}/properties/${pointerSegment(key)}`)
    }
    const required = new Set(parts.flatMap(({ schema }) => (schema.required ?? []) as string[]))
    const open = parts.every(({ schema }) => schema.additionalProperties !== false && schema.propertyNames === undefined)
    // Each optional property is present now and then: about three of them at a time, so that a body with many
    // (a booking's ways to give its time) is not always a pile of them.
    const optional = [...properties.keys()].filter((key) => !required.has(key)).length
    const absentWeight = Math.max(1, Math.round(optional / 3))
    const record = fc
      .tuple(
        ...[...properties].map(([key, pointer]) => {
          const value = this.at(pointer, key).map((found) => [[key, found] as const])
          return required.has(key) ? value : fc.oneof({ arbitrary: fc.constant([]), weight: absentWeight }, { arbitrary: value, weight: 1 })
        }),
      )
      .map((entries) => Object.fromEntries(entries.flat()) as Record<string, unknown>)
    const withAdditional = parts.find(({ schema }) => schema.additionalProperties && typeof schema.additionalProperties === 'object')
    if (withAdditional && properties.size === 0) {
      const { pointer, schema } = withAdditional
      const keys = schema.propertyNames ? this.at(`${pointer}/propertyNames`, 'key').map(String) : fc.stringMatching(/^[a-z][a-zA-Z]{0,7}$/)
      return fc.dictionary(keys, this.at(`${pointer}/additionalProperties`, 'value'), { maxKeys: 4 })
    }
    if (!open) return record
    // JSON Schema allows properties a schema does not name unless it says otherwise, and so must the server.
    const unnamed = fc.dictionary(
      fc.stringMatching(/^[a-z][a-zA-Z]{0,7}$/).filter((key) => !properties.has(key)),
      fc.jsonValue({ maxDepth: 1 }),
      { maxKeys: 2 },
    )
    return fc.tuple(record, fc.option(unnamed, { freq: 6 })).map(([named, others]) => ({ ...others, ...named }))
  }

  private number(schema: Schema, integer: boolean): fc.Arbitrary<number> {
    const bound = (key: string) => (typeof schema[key] === 'number' ? schema[key] : undefined)
    const low = Math.max(bound('minimum') ?? bound('exclusiveMinimum') ?? -1e9, -Number.MAX_SAFE_INTEGER)
    const high = Math.min(bound('maximum') ?? bound('exclusiveMaximum') ?? 1e9, Number.MAX_SAFE_INTEGER)
    const step = bound('multipleOf')
    if (step !== undefined || integer) {
      const unit = step ?? 1
      const lowest = Math.ceil(low / unit) + (bound('exclusiveMinimum') !== undefined && Number.isInteger(low / unit) ? 1 : 0)
      const highest = Math.floor(high / unit) - (bound('exclusiveMaximum') !== undefined && Number.isInteger(high / unit) ? 1 : 0)
      return fc.integer({ min: lowest, max: highest }).map((multiple) => multiple * unit)
    }
    const minExcluded = bound('exclusiveMinimum') !== undefined
    const maxExcluded = bound('exclusiveMaximum') !== undefined
    // Hundredths as people write them, and doubles (which like the edges: 5e-324, the bounds, -0).
    const hundredths = fc.integer({ min: Math.ceil(low * 100) + (minExcluded ? 1 : 0), max: Math.floor(high * 100) - (maxExcluded ? 1 : 0) }).map((value) => value / 100)
    return fc.oneof(hundredths, fc.double({ min: low, max: high, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true }))
  }

  /** Real values of the world for a property or parameter of this name. */
  private realValues(name: string): string[] {
    const { world } = this
    const named = world.idsNamed?.(name) ?? []
    if (named.length > 0) return named
    if (/ids?$/i.test(name)) return world.ids
    if (name === 'imageUrl') return world.imagePaths
    if (name === 'location' || name === 'q') return world.places
    if (name === 'endpoint') return [`${world.pushServiceUrl}/push/one-device`, `${world.pushServiceUrl}/push/another`]
    return []
  }

  private string(schema: Schema, pointer: string, name: string): fc.Arbitrary<string> {
    const valid = this.validatorAt(pointer)
    const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0
    const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined
    const patterns = [schema.pattern, ...((schema.allOf ?? []) as Schema[]).map((part) => part.pattern)].filter((pattern): pattern is string => typeof pattern === 'string')
    const candidates: fc.WeightedArbitrary<string>[] = []
    const real = this.realValues(name).filter((value) => valid(value))
    if (real.length > 0) candidates.push({ arbitrary: fc.constantFrom(...real), weight: 8 })
    const ofFormat = typeof schema.format === 'string' ? formatted(schema.format) : null
    if (ofFormat) candidates.push({ arbitrary: ofFormat, weight: 4 })
    for (const pattern of patterns) {
      try {
        candidates.push({ arbitrary: fc.stringMatching(new RegExp(pattern, 'u')), weight: 4 })
      } catch {
        // A pattern fast-check cannot read (a lookahead): the other candidates, checked against it, remain.
      }
    }
    const short = Math.max(minLength, Math.min(maxLength ?? 30, 30))
    candidates.push({ arbitrary: fc.string({ unit: 'grapheme-ascii', minLength, maxLength: short }), weight: 2 })
    candidates.push({ arbitrary: fc.string({ unit: 'binary', minLength, maxLength: short }), weight: 2 })
    if (maxLength !== undefined && maxLength <= 5000) {
      // At the limit, in characters outside the BMP too (one code point, two UTF-16 units).
      const characters = fc.constantFrom('a', 'é', '日', '\u{1F436}', '\u{1F600}', ' ')
      candidates.push({ arbitrary: fc.string({ unit: characters, minLength: maxLength, maxLength }), weight: 1 })
    }
    const kept = candidates.flatMap(({ arbitrary, weight }) => {
      const fitting = keptTo(arbitrary, valid)
      return fitting ? [{ arbitrary: fitting, weight }] : []
    })
    if (kept.length === 0) throw new Error(`${pointer}: no way found to make a string that fits ${JSON.stringify(schema)}`)
    return fc.oneof(...kept)
  }
}

/** A 1x1 PNG, as every photo of an allowed request (a file that is no image is a 415, which the document names). */
const photo = (name: string, index: number): FilePart => ({ name, filename: `photo-${index + 1}.png`, type: 'image/png', bytes: tinyPng })

/** A value as the texts of a query parameter or a form field: a list repeats the name, null sends nothing. */
const formTexts = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(formTexts) : value === null || value === undefined ? [] : typeof value === 'string' ? [value] : [JSON.stringify(value)]

/** Whether a property of a form schema is a file (or a list of files): its content has a media type. */
function isFileProperty(document: OpenApiDocument, property: Schema) {
  const resolved = resolveSchema(document, property)
  return 'contentMediaType' in resolved || (resolved.items !== undefined && 'contentMediaType' in resolveSchema(document, resolved.items as Schema))
}

/** A body the document allows, in one of its media types (or none, when the body is optional). */
function allowedBodyOf(document: OpenApiDocument, values: AllowedValues, endpoint: Endpoint): fc.Arbitrary<Body> {
  const choices = Object.entries(endpoint.bodies).map(([type, schema]): fc.Arbitrary<Body> => {
    const value = values.at(endpoint.pointers.bodies[type]!, 'body')
    if (type === 'application/json') return value.map((data): Body => ({ kind: 'text', contentType: type, text: JSON.stringify(data) }))
    const properties = (resolveSchema(document, schema).properties ?? {}) as Record<string, Schema>
    const fields = (data: unknown) => Object.entries(data as Record<string, unknown>).filter(([key]) => !(properties[key] && isFileProperty(document, properties[key])))
    if (type === 'application/x-www-form-urlencoded') {
      return value.map((data): Body => {
        const form = new URLSearchParams(fields(data).flatMap(([key, field]) => formTexts(field).map((text) => [key, text])))
        return { kind: 'text', contentType: type, text: form.toString() }
      })
    }
    if (type === 'multipart/form-data') {
      return value.map((data): Body => {
        const files = Object.entries(data as Record<string, unknown>)
          .filter(([key]) => properties[key] && isFileProperty(document, properties[key]))
          .flatMap(([key, file]) => (Array.isArray(file) ? file : [file]).map((_, index) => photo(key, index)))
        return { kind: 'multipart', fields: fields(data).flatMap(([key, field]) => formTexts(field).map((text): [string, string] => [key, text])), files }
      })
    }
    throw new Error(`${endpoint.name}: no allowed bodies of ${type}`)
  })
  if (choices.length === 0) return fc.constant<Body>({ kind: 'none' })
  const body = fc.oneof(...choices)
  return endpoint.bodyRequired ? body : fc.oneof({ arbitrary: body, weight: 3 }, { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 })
}

/**
 * Requests that the document allows to one operation, from the caller it is for (`likely`, with their token or
 * their browser's cookie from our own origin): real path values (now and then an unknown id: a 404), documented
 * query parameters (each required one, some of the others) and a body, all drawn from their schemas.
 */
export function allowedRequestsTo(document: OpenApiDocument, world: World, endpoint: Endpoint, likely: readonly CallerName[], validatorAt: ValidatorAt): fc.Arbitrary<FuzzRequest> {
  const values = new AllowedValues(document, world, validatorAt)
  const segments = endpoint.path.split(/(\{\w+\})/)
  /** The path: real values (the caller's own id more often, when it is one), now and then an unknown id. */
  const pathOf = (caller: CallerName) =>
    fc
      .tuple(
        ...segments.map((segment) => {
          if (!/^\{\w+\}$/.test(segment)) return fc.constant(segment)
          const fitting = world.pathValues(endpoint.path, segment.slice(1, -1))
          const own = fitting.filter((value) => value === world.callerIds?.[caller])
          return fc.oneof(
            { arbitrary: fc.constantFrom(...fitting), weight: 4 },
            ...(own.length > 0 ? [{ arbitrary: fc.constantFrom(...own), weight: 4 }] : []),
            { arbitrary: fc.uuid(), weight: 1 },
          )
        }),
      )
      .map((parts) => parts.join(''))
  const absentWeight = Math.max(1, Math.round(endpoint.queryParameters.filter((parameter) => !parameter.required).length / 3))
  const query = fc
    .tuple(
      ...endpoint.queryParameters.map((parameter) => {
        const value = values.at(endpoint.pointers.parameters[`query:${parameter.name}`]!, parameter.name).map((found) => ({ name: parameter.name, texts: formTexts(found) }))
        return parameter.required ? value : fc.oneof({ arbitrary: fc.constant(null), weight: absentWeight }, { arbitrary: value, weight: 1 })
      }),
    )
    .map((parameters) => {
      const search = new URLSearchParams()
      for (const parameter of parameters) for (const text of parameter?.texts ?? []) search.append(parameter!.name, text)
      const text = search.toString()
      return text ? `?${text}` : ''
    })
  const body = endpoint.method === 'get' ? fc.constant<Body>({ kind: 'none' }) : allowedBodyOf(document, values, endpoint)
  return fc
    .constantFrom(...likely)
    .chain((caller) =>
      fc.record({
        method: fc.constant(endpoint.method.toUpperCase()),
        url: fc.tuple(pathOf(caller), query).map(([pathname, search]) => pathname + search),
        credential: fc.oneof(
          { arbitrary: fc.constant<Credential>({ kind: 'token', of: caller }), weight: 3 },
          { arbitrary: fc.constant<Credential>({ kind: 'cookie', of: caller, origin: 'ours' }), weight: 1 },
        ),
        body,
        headers: fc.constant({ accept: 'application/json' }),
        ip: fc.integer({ min: 1, max: 254 }).map((host) => `203.0.113.${host}`),
      }),
    )
    .map((request) => ({ ...request, [fc.toStringMethod]: () => describeRequest(request) }))
}

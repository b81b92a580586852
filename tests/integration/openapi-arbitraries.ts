import fc from 'fast-check'

// fast-check arbitraries of requests to one OpenAPI operation (openapi-fuzz.test.ts, decision 064): its path
// parameters, query, body and credentials, read from the document the app serves. A generated request is a
// plain description (printable, so a failure shows it and its seed replays it); the test turns it into a
// Request. Values are sometimes what the schema asks for (so a request gets past validation into the rules
// behind it) and sometimes anything at all: random JSON, the wrong type, unicode, control characters,
// oversized strings, real ids of the wrong kind.

export type Schema = { [keyword: string]: unknown }
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema }
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema?: Schema }> } }
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
}

/** Every operation (path x method) of the document, in its order. */
export function endpointsOf(document: OpenApiDocument): Endpoint[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    httpMethods
      .filter((method) => item[method] !== undefined)
      .map((method) => {
        const operation = item[method] as Operation
        const parameters = [...((item.parameters ?? []) as Parameter[]), ...(operation.parameters ?? [])]
        const bodies = Object.fromEntries(Object.entries(operation.requestBody?.content ?? {}).map(([type, media]) => [type, media.schema ?? {}]))
        return {
          method,
          path,
          name: `${method.toUpperCase()} ${path}`,
          pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
          queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
          bodies,
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

/** Values for a schema: what it asks for, or that with one thing spoiled. */
export class SchemaValues {
  private readonly document: OpenApiDocument
  private readonly world: World

  constructor(document: OpenApiDocument, world: World) {
    this.document = document
    this.world = world
  }

  resolve(schema: Schema): Schema {
    const pointer = schema.$ref
    if (typeof pointer !== 'string') return schema
    const name = pointer.replace('#/components/schemas/', '')
    const target = this.document.components.schemas[name]
    if (!target) throw new Error(`${pointer} points at nothing`)
    return this.resolve(target)
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

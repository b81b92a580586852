import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

// Every answer the integration suite gets from /api is checked against the OpenAPI document
// (docs/decisions/009-openapi-from-zod.md): its status must be documented for the path and method, its
// media type too, and a JSON body must match the documented schema (JSON Schema 2020-12). A path the
// document does not list must answer 404, a method it does not list on a path 405, both as an Error.
// appRequest (app.ts), the API route calls (route-calls.ts) and fetch (installed by tests/setup.ts) hand
// each answer here; tests/setup.ts fails the test that received an answer off the document.

type JsonObject = Record<string, unknown>
type ResponseObject = { $ref?: string; content?: Record<string, unknown> }
export type OpenApiDocument = { paths: Record<string, Record<string, unknown>>; components?: JsonObject }

/** One answer, as the client received it (`bodyText` null: the body could not be read). */
export type ApiAnswer = { method: string; pathname: string; status: number; contentType: string | null; bodyText: string | null }

const documentId = 'urn:pawpal:openapi'
const schemaOfErrors = '/components/schemas/Error'

/** A JSON pointer segment (RFC 6901). */
export const pointerSegment = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')

const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json')

/** Matches concrete paths to the document's templates; like the router, a fixed segment beats a parameter. */
function pathMatcher(templates: string[]) {
  const candidates = templates.map((template) => {
    const segments = template.split('/')
    const pattern = segments
      .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')
    return { template, pattern: new RegExp(`^${pattern}$`), rank: segments.map((segment) => (segment.startsWith('{') ? 1 : 0)) }
  })
  const byRank = (a: number[], b: number[]) => {
    const differing = a.findIndex((value, index) => value !== b[index])
    return differing === -1 ? 0 : (a[differing] ?? 0) - (b[differing] ?? 0)
  }
  return (pathname: string) =>
    candidates.filter((candidate) => candidate.pattern.test(pathname)).sort((a, b) => byRank(a.rank, b.rank))[0]?.template
}

/**
 * The schemas of one document as validators (JSON Schema 2020-12 with the formats of ajv-formats), by JSON
 * pointer: '/components/schemas/Error', '/paths/~1api~1dogs/post/requestBody/content/application~1json/schema'.
 */
export function documentSchemaValidators(document: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true })
  addFormats(ajv)
  // The document is added whole (its schemas refer to '#/components/...'): its own fields are no keywords to
  // check, and neither are the schema keywords OpenAPI 3.1 adds to JSON Schema.
  ajv.addVocabulary(['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags'])
  ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example'])
  ajv.addSchema(document, documentId)
  const validators = new Map<string, ValidateFunction>()
  const validatorAt = (pointer: string) => {
    let validate = validators.get(pointer)
    if (!validate) {
      validate = ajv.compile({ $ref: `${documentId}#${pointer}` })
      validators.set(pointer, validate)
    }
    return validate
  }
  return { ajv, validatorAt }
}

/** The checker of one document: the problems of an answer, none when it is documented. */
export function createAnswerChecker(document: OpenApiDocument) {
  const { ajv, validatorAt } = documentSchemaValidators(document)
  const at = (pointer: string) =>
    pointer
      .split('/')
      .slice(1)
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (node as JsonObject | undefined)?.[key], document)
  const templateOf = pathMatcher(Object.keys(document.paths))

  function bodyProblems(answer: ApiAnswer, schemaPointer: string): string[] {
    if (answer.bodyText === null) return []
    let body: unknown
    try {
      body = JSON.parse(answer.bodyText)
    } catch {
      return [`the body is not JSON: ${answer.bodyText.slice(0, 200)}`]
    }
    const validate = validatorAt(schemaPointer)
    if (!validate(body)) return [`the body is off its schema (${schemaPointer}): ${ajv.errorsText(validate.errors, { separator: '; ' })}`]
    const undeclared = [...new Set(undeclaredFields(schemaPointer, body, ''))]
    return undeclared.length > 0 ? [`the body has fields its schema (${schemaPointer}) does not declare: ${undeclared.join(', ')}`] : []
  }

  /** The schemas that apply to a value: the schema, its $ref and allOf, and the anyOf/oneOf branches it matches. */
  function branchesOf(pointer: string, value: unknown): string[] {
    const schema = at(pointer) as JsonObject
    const branches = [pointer]
    if (typeof schema.$ref === 'string') branches.push(...branchesOf(schema.$ref.slice(1), value))
    ;((schema.allOf ?? []) as unknown[]).forEach((_, index) => branches.push(...branchesOf(`${pointer}/allOf/${index}`, value)))
    for (const keyword of ['anyOf', 'oneOf']) {
      ;((schema[keyword] ?? []) as unknown[]).forEach((_, index) => {
        const branch = `${pointer}/${keyword}/${index}`
        if (validatorAt(branch)(value)) branches.push(...branchesOf(branch, value))
      })
    }
    return branches
  }

  /**
   * JSON Schema leaves an object open to fields it does not name; an answer may not carry one the document
   * does not declare (its paths, as ajv writes them). An object schema naming no properties is free-form.
   */
  function undeclaredFields(pointer: string, value: unknown, path: string): string[] {
    const schemas = branchesOf(pointer, value).map((branch) => ({ pointer: branch, schema: at(branch) as JsonObject }))
    if (Array.isArray(value)) {
      return schemas
        .filter(({ schema }) => schema.items)
        .flatMap((branch) => value.flatMap((item, index) => undeclaredFields(`${branch.pointer}/items`, item, `${path}/${index}`)))
    }
    if (!value || typeof value !== 'object') return []
    const entries = Object.entries(value)
    const open = schemas.filter(({ schema }) => schema.additionalProperties !== undefined && schema.additionalProperties !== false)
    if (open.length > 0) {
      return open.flatMap((branch) => entries.flatMap(([key, field]) => undeclaredFields(`${branch.pointer}/additionalProperties`, field, `${path}/${key}`)))
    }
    const declaring = schemas.filter(({ schema }) => schema.properties)
    if (declaring.length === 0) return []
    return entries.flatMap(([key, field]) => {
      const declared = declaring.filter(({ schema }) => (schema.properties as JsonObject)[key] !== undefined)
      if (declared.length === 0) return [`${path}/${key}`]
      return declared.flatMap((branch) => undeclaredFields(`${branch.pointer}/properties/${pointerSegment(key)}`, field, `${path}/${key}`))
    })
  }

  /** An answer the document does not list an operation for: a 404 (unknown path) or 405 (unknown method) Error. */
  function fallbackProblems(answer: ApiAnswer, expected: 404 | 405, why: string): string[] {
    if (answer.status !== expected) return [`${why}, so it must answer ${expected}, not ${answer.status}`]
    return bodyProblems(answer, schemaOfErrors)
  }

  return function problemsOf(answer: ApiAnswer): string[] {
    const template = templateOf(answer.pathname)
    if (!template) return fallbackProblems(answer, 404, 'the document lists no such path')
    const method = answer.method.toLowerCase() === 'head' ? 'get' : answer.method.toLowerCase()
    const operationPointer = `/paths/${pointerSegment(template)}/${method}`
    const operation = at(operationPointer) as { responses: Record<string, ResponseObject> } | undefined
    if (!operation) {
      // A path of the admins' console (`x-admins-only`) answers anyone else 404 for every method, as an unknown path does.
      const adminsOnly = (at(`/paths/${pointerSegment(template)}`) as JsonObject)['x-admins-only'] === true
      if (adminsOnly && answer.status === 404) return bodyProblems(answer, schemaOfErrors)
      return fallbackProblems(answer, 405, `${template} documents no ${method.toUpperCase()}`)
    }

    const status = String(answer.status)
    const key = [status, `${status[0]}XX`, 'default'].find((candidate) => operation.responses[candidate])
    if (!key) return [`${answer.status} is not a documented answer of ${method.toUpperCase()} ${template}`]
    const reference = operation.responses[key]?.$ref
    const responsePointer = reference ? reference.slice(1) : `${operationPointer}/responses/${key}`
    const response = at(responsePointer) as ResponseObject

    if (answer.bodyText === null || method !== answer.method.toLowerCase()) return [] // unreadable, or HEAD
    const documented = Object.keys(response.content ?? {})
    if (!answer.bodyText) return documented.length > 0 ? [`the body is empty; documented: ${documented.join(', ')}`] : []
    const mediaType = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase()
    if (!documented.includes(mediaType)) {
      return [`${answer.status} of ${method.toUpperCase()} ${template} is documented as ${documented.join(', ') || 'no body'}, not ${mediaType || 'a body without a type'}`]
    }
    if (!isJson(mediaType)) return []
    return bodyProblems(answer, `${responsePointer}/content/${pointerSegment(mediaType)}/schema`)
  }
}

// ---- the suite's checker: answers are checked as they arrive, problems collected for tests/setup.ts ----

let checker: Promise<(answer: ApiAnswer) => string[]> | undefined
const problems: string[] = []
const pending = new Set<Promise<void>>()

async function servedDocumentChecker() {
  const { getOpenApiDocument } = await import('#app/api-docs/openapi.server.ts')
  // As GET /api/openapi.json serves it (JSON), not the objects it is built from.
  return createAnswerChecker(JSON.parse(JSON.stringify(getOpenApiDocument())) as OpenApiDocument)
}

/**
 * Checks the answer to a request for a /api path against the document, reading a clone of the body so the
 * test still reads the original. Call it before anything reads the response. `asSent`: the body is still
 * in its Content-Encoding (the app's own answer; fetch has decoded the ones it returns).
 */
export function checkApiAnswer(method: string, url: string, response: Response, { asSent = false } = {}) {
  const { pathname } = new URL(url)
  if (pathname !== '/api' && !pathname.startsWith('/api/')) return
  const copy = response.clone()
  const check = (async () => {
    const found = await (async () => {
      // A connection that breaks mid-body is the test's business: then only the status is checked.
      const bodyText = await (asSent ? decodedText(copy) : copy.text()).catch(() => null)
      checker ??= servedDocumentChecker()
      return (await checker)({ method, pathname, status: response.status, contentType: response.headers.get('content-type'), bodyText })
    })().catch((error: unknown) => [`the answer could not be checked: ${String(error)}`])
    for (const problem of found) problems.push(`${method} ${pathname} answered ${response.status}: ${problem}`)
  })()
  pending.add(check)
  void check.then(() => pending.delete(check))
}

/** The body as a client reads it: a compressed answer (a shared copy, decision 022) decoded first. */
async function decodedText(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer())
  const encoding = response.headers.get('content-encoding')
  return (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8')
}

/** The problems of the answers received so far (waiting for the checks still running), then forgotten. */
export async function takeApiProblems() {
  await Promise.all(pending)
  return problems.splice(0)
}

/** Checks every answer `fetch` gets from a /api path of a local server (the app started as a process). */
export function checkFetchedApiAnswers() {
  const fetchUnchecked = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    const response = await fetchUnchecked(input, init)
    const url = input instanceof Request ? input.url : String(input)
    const { hostname } = new URL(url)
    if (hostname === '127.0.0.1' || hostname === 'localhost') {
      checkApiAnswer(init?.method ?? (input instanceof Request ? input.method : 'GET'), url, response)
    }
    return response
  }
}

import { describe, expect, test } from 'vitest'
import { type ApiAnswer, checkApiAnswer, createAnswerChecker, type OpenApiDocument, takeApiProblems } from './openapi-validator.ts'

// The checker every integration answer from /api goes through must itself refuse what the document does
// not describe; a small hand-made document shows each rule.

const document: OpenApiDocument = {
  paths: {
    '/api/users/me': {
      get: { responses: { 200: { description: 'Me.', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } } },
    },
    '/api/users/{id}': {
      get: {
        responses: {
          200: { description: 'A user.', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } },
          404: { $ref: '#/components/responses/NotFound' },
        },
      },
    },
    '/api/users/{id}/calendar': {
      get: { responses: { 200: { description: 'ICS.', content: { 'text/calendar': { schema: { type: 'string' } } } } } },
    },
    '/api/users/{id}/settings': {
      get: {
        responses: {
          200: {
            description: 'A user with settings.',
            content: {
              'application/json': {
                schema: {
                  allOf: [
                    { $ref: '#/components/schemas/User' },
                    {
                      type: 'object',
                      properties: {
                        labels: { type: 'object', additionalProperties: { type: 'string' } },
                        extra: { type: 'object' },
                        friends: { type: 'array', items: { $ref: '#/components/schemas/User' } },
                      },
                    },
                  ],
                },
              },
            },
          },
        },
      },
    },
    '/api/auth/google': { get: { responses: { 302: { description: 'To Google.' } } } },
  },
  components: {
    schemas: {
      User: {
        type: 'object',
        properties: { id: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' }, bio: { type: ['string', 'null'] } },
        required: ['id', 'createdAt', 'bio'],
      },
      Error: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    },
    responses: { NotFound: { description: 'Missing.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } },
  },
}

const problemsOf = createAnswerChecker(document)
const user = { id: 'u1', createdAt: '2026-03-02T09:00:00.000Z', bio: null }
const answer = (pathname: string, status: number, body?: unknown, overrides: Partial<ApiAnswer> = {}): ApiAnswer => ({
  method: 'GET',
  pathname,
  status,
  contentType: body === undefined ? null : 'application/json; charset=utf-8',
  bodyText: body === undefined ? '' : JSON.stringify(body),
  ...overrides,
})

describe('the OpenAPI answer checker', () => {
  test('passes documented answers: a templated path, a referenced response, a redirect without a body, another media type', () => {
    expect(problemsOf(answer('/api/users/u1', 200, user))).toEqual([])
    expect(problemsOf(answer('/api/users/u1', 404, { message: 'User not found' }))).toEqual([])
    expect(problemsOf(answer('/api/auth/google', 302))).toEqual([])
    expect(problemsOf(answer('/api/users/u1/calendar', 200, undefined, { contentType: 'text/calendar', bodyText: 'BEGIN:VCALENDAR' }))).toEqual([])
    expect(problemsOf(answer('/api/users/u1', 200, undefined, { method: 'HEAD' }))).toEqual([])
  })

  test('fails a body off its schema: a missing field, a wrong type, a bad format', () => {
    expect(problemsOf(answer('/api/users/u1', 200, { id: 'u1', bio: null })).join()).toMatch(/off its schema.*must have required property 'createdAt'/)
    expect(problemsOf(answer('/api/users/u1', 200, { ...user, bio: 42 })).join()).toMatch(/bio must be string,null/)
    expect(problemsOf(answer('/api/users/u1', 200, { ...user, createdAt: 'yesterday' })).join()).toMatch(/must match format "date-time"/)
    expect(problemsOf(answer('/api/users/u1', 404, { error: 'gone' })).join()).toMatch(/NotFound.*must have required property 'message'/)
  })

  test('fails a field the schema does not declare, through references, allOf and arrays; open maps and free-form objects pass', () => {
    const settings = { ...user, labels: { a: 'b' }, extra: { anything: 1 }, friends: [user] }
    expect(problemsOf(answer('/api/users/u1/settings', 200, settings))).toEqual([])
    expect(problemsOf(answer('/api/users/u1', 200, { ...user, email: 'u1@example.com' })).join()).toMatch(/does not declare: \/email$/)
    expect(problemsOf(answer('/api/users/u1/settings', 200, { ...settings, friends: [{ ...user, phone: '1' }], theme: 'dark' })).join()).toMatch(
      /does not declare: \/friends\/0\/phone, \/theme$/,
    )
  })

  test('fails an undocumented status, media type, a body that is not JSON, and a missing body', () => {
    expect(problemsOf(answer('/api/users/u1', 500, { message: 'Oops' }))).toEqual(['500 is not a documented answer of GET /api/users/{id}'])
    expect(problemsOf(answer('/api/users/u1', 200, undefined, { contentType: 'text/html', bodyText: '<p>Hi</p>' })).join()).toMatch(
      /documented as application\/json, not text\/html/,
    )
    expect(problemsOf(answer('/api/users/u1', 200, undefined, { contentType: 'application/json', bodyText: '{' })).join()).toMatch(/not JSON/)
    expect(problemsOf(answer('/api/users/u1', 200)).join()).toMatch(/the body is empty/)
  })

  test('an unknown path must answer a 404 error, an unknown method a 405 error', () => {
    expect(problemsOf(answer('/api/nothing', 404, { message: 'Not found' }))).toEqual([])
    expect(problemsOf(answer('/api/nothing', 200, user))).toEqual(['the document lists no such path, so it must answer 404, not 200'])
    expect(problemsOf(answer('/api/users/me', 405, { message: 'Method not allowed' }, { method: 'DELETE' }))).toEqual([])
    expect(problemsOf(answer('/api/users/me', 204, undefined, { method: 'DELETE' }))).toEqual([
      '/api/users/me documents no DELETE, so it must answer 405, not 204',
    ])
  })

  test('a fixed path segment beats a parameter, as in the router', () => {
    // /api/users/me answers no 404 while /api/users/{id} does.
    expect(problemsOf(answer('/api/users/me', 404, { message: 'User not found' }))).toEqual(['404 is not a documented answer of GET /api/users/me'])
  })
})

describe('the checker the suite uses', () => {
  test('checks against the served document without consuming the body the test reads', async () => {
    const offSchema = Response.json({ id: 'u1' })
    checkApiAnswer('GET', 'http://localhost/api/users/me', offSchema)
    expect(await offSchema.json()).toEqual({ id: 'u1' })
    checkApiAnswer('GET', 'http://localhost/api/users/me', Response.json({ message: 'Oops', errors: {} }, { status: 500 }))
    checkApiAnswer('GET', 'http://localhost/sitters', new Response('<p>pages are not checked</p>', { status: 500 }))

    const problems = await takeApiProblems()

    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/^GET \/api\/users\/me answered 200: the body is off its schema .*must have required property 'name'/)
    expect(problems[1]).toBe('GET /api/users/me answered 500: 500 is not a documented answer of GET /api/users/me')
  })
})

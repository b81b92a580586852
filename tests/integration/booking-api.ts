import { expect } from 'vitest'
import { appRequest, bearer } from './app.ts'
import { apiTokenFor, insertDog, insertSitter, insertUser } from './fixtures.ts'

// Calling the bookings API through the real request handler, as an API client holding a token would.

export type Answer<T = Record<string, unknown>> = { status: number; body: T }

export async function call<T = Record<string, unknown>>(method: string, path: string, token: string, body?: unknown): Promise<Answer<T>> {
  const response = await appRequest(path, {
    method,
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // not JSON (the ICS feed)
  }
  return { status: response.status, body: parsed as T }
}

/** A user with a token, ready to call the API. */
export type Actor = { id: string; name: string; token: string }

export async function owner(name = 'Olivia Owner'): Promise<Actor> {
  const user = await insertUser({ name })
  return { ...user, token: await apiTokenFor(user) }
}

export async function sitter(options: Parameters<typeof insertSitter>[0] = {}): Promise<Actor> {
  const user = await insertSitter({ name: 'Sam Sitter', services: [{ service: 'walking', hourlyRateCents: 2400 }], ...options })
  return { ...user, token: await apiTokenFor(user) }
}

/** An owner with a dog, and a sitter who walks for $24 an hour. */
export async function ownerDogAndSitter() {
  const theOwner = await owner()
  const dogId = await insertDog(theOwner.id, { name: 'Rex' })
  const theSitter = await sitter()
  return { owner: theOwner, sitter: theSitter, dogId, parties: { dogId, ownerId: theOwner.id, sitterId: theSitter.id } }
}

/** POST /api/bookings that must succeed; the booking's JSON. */
export async function requestBooking(token: string, body: Record<string, unknown>) {
  const answer = await call('POST', '/api/bookings', token, body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { id: string } & Record<string, unknown>
}

export const setStatus = (token: string, bookingId: string, status: string, extra: Record<string, unknown> = {}) =>
  call('PATCH', `/api/bookings/${bookingId}/status`, token, { status, ...extra })

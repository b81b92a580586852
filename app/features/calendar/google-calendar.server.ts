import { z } from 'zod'
import { env } from '#app/lib/env.server.ts'

// The three Google Calendar API v3 calls Pawpal makes, against GOOGLE_CALENDAR_URL (DESIGN.md ruling 11;
// tests point it at tests/fakes/google.ts). DESIGN.md names @googleapis/calendar + google-auth-library,
// which are not installed here; these are the same REST calls through fetch, kept behind this one module
// so the library can replace it without touching its callers (decision 020).

export type GoogleEventTime = { dateTime: string; timeZone?: string }

export type GoogleEventInput = {
  /** Our own id (5-1024 characters a-v and 0-9): inserting it twice answers 409, so a retry never duplicates. */
  id?: string
  summary: string
  description?: string
  location?: string
  start: GoogleEventTime
  end: GoogleEventTime
}

const EventSchema = z.object({
  id: z.string(),
  summary: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
  htmlLink: z.string().optional(),
  status: z.string().optional(),
  start: z.object({ dateTime: z.string().optional(), date: z.string().optional(), timeZone: z.string().optional() }).optional(),
  end: z.object({ dateTime: z.string().optional(), date: z.string().optional(), timeZone: z.string().optional() }).optional(),
})

export type GoogleEvent = z.infer<typeof EventSchema>

/** A refusal or failure of the Calendar API (status 0: Google could not be reached). */
export class GoogleCalendarError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.name = 'GoogleCalendarError'
    this.status = status
  }
}

const primary = 'primary'
const timeoutMs = 10_000

async function call(accessToken: string, method: string, path: string, body?: unknown) {
  let response: Response
  try {
    response = await fetch(`${env.GOOGLE_CALENDAR_URL}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new GoogleCalendarError(0, `Google Calendar could not be reached (${error instanceof Error ? error.message : String(error)})`)
  }
  if (response.ok) return response.status === 204 ? null : ((await response.json().catch(() => null)) as unknown)
  const problem = (await response.json().catch(() => null)) as { error?: { message?: string } } | null
  throw new GoogleCalendarError(response.status, problem?.error?.message ?? `Google Calendar answered ${response.status}`)
}

/** Creates an event in the user's primary calendar. */
export async function insertEvent(accessToken: string, event: GoogleEventInput): Promise<GoogleEvent> {
  const created = EventSchema.safeParse(await call(accessToken, 'POST', `/calendars/${primary}/events`, event))
  if (!created.success) throw new GoogleCalendarError(502, 'Google Calendar answered with an unreadable event')
  return created.data
}

/** Deletes an event from the user's primary calendar; one already gone (404, 410) counts as deleted. */
export async function deleteEvent(accessToken: string, eventId: string) {
  try {
    await call(accessToken, 'DELETE', `/calendars/${primary}/events/${encodeURIComponent(eventId)}`)
  } catch (error) {
    if (error instanceof GoogleCalendarError && (error.status === 404 || error.status === 410)) return
    throw error
  }
}

/** The events of the user's primary calendar between two instants, in start order. */
export async function listEvents(accessToken: string, range: { timeMin: string; timeMax: string }): Promise<GoogleEvent[]> {
  const query = new URLSearchParams({ ...range, singleEvents: 'true', orderBy: 'startTime', maxResults: '250' })
  const listed = z.object({ items: z.array(EventSchema).default([]) }).safeParse(await call(accessToken, 'GET', `/calendars/${primary}/events?${query}`))
  if (!listed.success) throw new GoogleCalendarError(502, 'Google Calendar answered with an unreadable event list')
  return listed.data.items
}

import { calendar, type calendar_v3 } from '@googleapis/calendar'
import { gaxios, OAuth2Client } from 'google-auth-library'
import { z } from 'zod'
import { env } from '#app/lib/env.server.ts'

// The Google Calendar API v3 calls Pawpal makes, through @googleapis/calendar with its root URL
// from GOOGLE_API_URL (DESIGN.md ruling 11; tests point it at tests/fakes/google.ts). The only module that
// talks to Google Calendar (decision 020).

export type GoogleEventTime = { dateTime: string; timeZone?: string }

export type GoogleEventInput = {
  /** Our own id (5-1024 characters a-v and 0-9): inserting it twice answers 409, so a retry never duplicates. */
  id?: string
  summary: string
  description?: string
  location?: string
  start: GoogleEventTime
  end: GoogleEventTime
  /** A recurring event's RRULE and EXDATE lines (a weekly series). */
  recurrence?: string[]
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

/** Our own idempotent ids and the minute sweep retry; the library's retries would only slow a failing accept. */
const requestOptions = { timeout: 10_000, retry: false }

function calendarFor(accessToken: string): calendar_v3.Calendar {
  const auth = new OAuth2Client()
  auth.setCredentials({ access_token: accessToken })
  return calendar({ version: 'v3', auth, rootUrl: env.GOOGLE_API_URL })
}

/** Runs one call, turning the library's errors into ours (status 0: Google could not be reached). */
async function call<T>(request: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await request()).data
  } catch (error) {
    if (!(error instanceof gaxios.GaxiosError)) throw error
    const status = error.status ?? error.response?.status
    if (!status) throw new GoogleCalendarError(0, `Google Calendar could not be reached (${error.message})`)
    const problem = error.response?.data as { error?: { message?: string } } | undefined
    throw new GoogleCalendarError(status, problem?.error?.message ?? `Google Calendar answered ${status}`)
  }
}

/** Creates an event in the user's primary calendar. */
export async function insertEvent(accessToken: string, event: GoogleEventInput): Promise<GoogleEvent> {
  const api = calendarFor(accessToken)
  const created = EventSchema.safeParse(await call(() => api.events.insert({ calendarId: primary, requestBody: event }, requestOptions)))
  if (!created.success) throw new GoogleCalendarError(502, 'Google Calendar answered with an unreadable event')
  return created.data
}

/** Replaces an event of the user's primary calendar (a booking whose time or dogs changed): the same event, never a second. */
export async function updateEvent(accessToken: string, eventId: string, event: GoogleEventInput): Promise<GoogleEvent> {
  const api = calendarFor(accessToken)
  const updated = EventSchema.safeParse(await call(() => api.events.update({ calendarId: primary, eventId, requestBody: event }, requestOptions)))
  if (!updated.success) throw new GoogleCalendarError(502, 'Google Calendar answered with an unreadable event')
  return updated.data
}

/** Google's id of one occurrence of a recurring event: the event's id and the occurrence's original start in UTC. */
export const instanceIdOf = (eventId: string, originalStart: number) =>
  `${eventId}_${new Date(originalStart).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`

/** Replaces one occurrence of a recurring event (an occurrence moved to another time): it stays part of the event. */
export async function updateEventInstance(accessToken: string, recurringEventId: string, originalStartTime: GoogleEventTime, event: GoogleEventInput): Promise<GoogleEvent> {
  const api = calendarFor(accessToken)
  const eventId = instanceIdOf(recurringEventId, Date.parse(originalStartTime.dateTime))
  const requestBody = { ...event, recurringEventId, originalStartTime }
  const updated = EventSchema.safeParse(await call(() => api.events.update({ calendarId: primary, eventId, requestBody }, requestOptions)))
  if (!updated.success) throw new GoogleCalendarError(502, 'Google Calendar answered with an unreadable event')
  return updated.data
}

/** Deletes an event from the user's primary calendar; one already gone (404, 410) counts as deleted. */
export async function deleteEvent(accessToken: string, eventId: string) {
  try {
    const api = calendarFor(accessToken)
    await call(() => api.events.delete({ calendarId: primary, eventId }, requestOptions))
  } catch (error) {
    if (error instanceof GoogleCalendarError && (error.status === 404 || error.status === 410)) return
    throw error
  }
}

/** The events of the user's primary calendar between two instants, in start order. */
export async function listEvents(accessToken: string, range: { timeMin: string; timeMax: string }): Promise<GoogleEvent[]> {
  const api = calendarFor(accessToken)
  const answer = await call(() =>
    api.events.list({ calendarId: primary, ...range, singleEvents: true, orderBy: 'startTime', maxResults: 250 }, requestOptions),
  )
  const listed = z.object({ items: z.array(EventSchema).default([]) }).safeParse(answer)
  if (!listed.success) throw new GoogleCalendarError(502, 'Google Calendar answered with an unreadable event list')
  return listed.data.items
}

import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { listDogFacesOf } from '#app/features/dogs/dogs.server.ts'
import { getPublicSitter } from '#app/features/sitters/public-sitter.server.ts'
import { firstNameOf } from '#app/features/sitters/sitter-format.ts'
import { getTimeZoneOf } from '#app/features/accounts/users.server.ts'
import { defaultTimeZone, localDateTime } from '#app/lib/zoned-time.ts'
import { changeSeriesStatus, requestSeries, type SeriesConflict, seriesStatusMessages } from './booking-series.server.ts'
import { findSeriesOfParty } from './series-records.server.ts'
import { defaultServiceOf } from './pricing.ts'
import { SeriesStatusSchema } from './schema.ts'
import type { SeriesFormField } from './series-form-fields.ts'
import { SeriesRequestFormSchema } from './series-forms.ts'

// The weekly series screens: the owner's request form (/bookings/series/new?sitter=) and the answers on the series'
// page (/bookings/series/{id}). Both post to the functions the API calls (booking-series.server.ts), so a refusal
// reads the same on the page and in the API, at the field it concerns.

/** The request form: the sitter, the owner's dogs, and the form's values (from the query after a change of service). */
export async function getSeriesRequestScreen(user: { id: string }, sitterId: string, query: URLSearchParams) {
  const sitter = sitterId ? await getPublicSitter(sitterId) : null
  if (!sitter) return { page: 'not-found' as const }
  if (sitter.id === user.id) return { page: 'yourself' as const }
  const dogs = await listDogFacesOf(user.id)
  const asked = (name: string) => query.get(name) ?? undefined
  const service = sitter.services.find((offered) => offered.service === query.get('service'))?.service ?? defaultServiceOf(sitter.services)
  return {
    page: 'form' as const,
    sitter: {
      id: sitter.id,
      name: sitter.name,
      firstName: firstNameOf(sitter.name),
      services: sitter.services,
      weekly: sitter.availability,
      acceptsMultipleDogs: sitter.acceptsMultipleDogs,
      cancellationTerms: sitter.cancellationTerms,
    },
    dogs: dogs.map((dog) => ({ id: dog.id, name: dog.name, breed: dog.breed, photo: dog.avatar })),
    today: localDateTime(Date.now(), (await getTimeZoneOf(sitter.id)) ?? defaultTimeZone).date,
    chosen: { dogIds: query.getAll('dogIds'), weekdays: query.getAll('weekdays') },
    defaults: {
      dogId: asked('dogId') ?? (dogs.length === 1 ? dogs[0]?.id : undefined),
      service,
      firstDate: asked('firstDate'),
      endDate: asked('endDate'),
      timePeriod: asked('timePeriod'),
      startTime: asked('startTime'),
      endTime: asked('endTime'),
      duration: asked('duration'),
      notes: asked('notes'),
      location: asked('location'),
    } satisfies Partial<Record<SeriesFormField, string>>,
  }
}

export type SeriesFormOutcome = { ok: true; seriesId: string } | { ok: false; status: number; result: SubmissionResult<string[]>; retryAfterSeconds?: number }

/** The request form's submit: the API's rules; a refusal comes back at its field (the time's at the start time). */
export async function submitSeriesRequestForm(user: { id: string }, sitterId: string, formData: FormData): Promise<SeriesFormOutcome> {
  formData.set('sitterId', sitterId)
  const submission = parseWithZod(formData, { schema: SeriesRequestFormSchema })
  if (submission.status !== 'success') return { ok: false, status: 400, result: submission.reply() }
  const outcome = await requestSeries(user, submission.value)
  if (outcome.ok) return outcome
  const field = outcome.field === 'slots' ? (submission.value.service === 'walking' ? 'startTime' : 'timePeriod') : outcome.field === 'dogIds' || outcome.field === 'sitterId' ? 'dogId' : outcome.field
  const result = submission.reply({ fieldErrors: field ? { [field]: [outcome.message] } : {}, formErrors: field ? [] : [outcome.message] })
  return { ok: false, status: outcome.status, result, ...(outcome.retryAfterSeconds ? { retryAfterSeconds: outcome.retryAfterSeconds } : {}) }
}

export type SeriesAnswerOutcome = { ok: true; status: string } | { ok: false; status: number; message: string; conflicts: SeriesConflict[] }

/** Accept, decline, cancel or end from the series page: an unticked 'Add to Google Calendar' box sends nothing. */
export async function submitSeriesStatusForm(user: { id: string }, seriesId: string, formData: FormData): Promise<SeriesAnswerOutcome> {
  // Whose series it is, before what the form says: anyone else gets 'Series not found', whatever they sent.
  if (!(await findSeriesOfParty(user.id, seriesId))) return { ok: false, status: 404, message: seriesStatusMessages.notFound, conflicts: [] }
  const from = formData.get('from')
  const parsed = SeriesStatusSchema.safeParse({
    status: formData.get('status'),
    ...(typeof from === 'string' && from ? { from } : {}),
    addToCalendar: formData.get('addToCalendar') === 'on',
  })
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Please try again', conflicts: [] }
  const outcome = await changeSeriesStatus(user, seriesId, parsed.data)
  if (!outcome.ok) return { ok: false, status: outcome.status, message: outcome.message, conflicts: outcome.conflicts ?? [] }
  return { ok: true, status: parsed.data.status }
}

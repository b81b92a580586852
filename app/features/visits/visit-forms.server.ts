import { parseWithZod } from '@conform-to/zod/v4'
import type { ToastInput } from '#app/lib/toast.ts'
import { type MultipartForm, UploadError, uploadMessages } from '#app/lib/upload.server.ts'
import { CheckInSchema, CheckOutSchema, entryAdded, VisitEntrySchema, visitMessages } from './schema.ts'
import { checkInPlaceLabel } from './visit-format.ts'
import { positionUnavailableField, type VisitForm, type VisitFormIntent, type VisitFormRefusal } from './visit-form-fields.ts'
import { addVisitEntry, addVisitPhotoFile, checkIn, checkOut } from './visit-log.server.ts'

// The booking page's visit forms (/bookings/{id}, issue 32): check in, an activity or a note, a photo, check
// out. Each is a plain POST that works without JavaScript; a saved form answers with its toast, a refused one
// with its message, shown beside the form it came from.

export type VisitFormOutcome = { ok: true; toast: ToastInput } | { ok: false; status: number; refusal: VisitFormRefusal }

const refusal = (form: VisitForm, status: number, message: string, note?: string): VisitFormOutcome => ({
  ok: false,
  status,
  refusal: { form, message, ...(note ? { note } : {}) },
})

/** What was typed in a form's note, to give back with its refusal. */
const typedNote = (fields: FormData) => {
  const note = fields.get('note')
  return typeof note === 'string' && note.trim() ? note : undefined
}

const firstError = (error: Record<string, string[] | null> | null | undefined) =>
  Object.values(error ?? {})
    .flat()
    .find((message): message is string => Boolean(message)) ?? 'Check the form and try again.'

export async function submitVisitForm(intent: VisitFormIntent, userId: string, bookingId: string, form: MultipartForm, now = Date.now()): Promise<VisitFormOutcome> {
  if (intent === 'check-in') return submitCheckIn(userId, bookingId, form.fields, now)
  if (intent === 'visit-entry') return submitVisitEntry(userId, bookingId, form.fields, now)
  if (intent === 'visit-photo') return submitVisitPhoto(userId, bookingId, form, now)
  return submitCheckOut(userId, bookingId, form.fields, now)
}

async function submitCheckIn(userId: string, bookingId: string, fields: FormData, now: number): Promise<VisitFormOutcome> {
  const submission = parseWithZod(fields, { schema: CheckInSchema })
  if (submission.status !== 'success') return refusal('check-in', 400, firstError(submission.error))
  const { latitude, longitude } = submission.value
  const position = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null
  const outcome = await checkIn(userId, bookingId, position, now)
  if (!outcome.ok) return refusal('check-in', outcome.status, outcome.message)
  const place = outcome.visit.checkIn ? checkInPlaceLabel(outcome.visit.checkIn) : null
  const description = fields.has(positionUnavailableField) ? 'Your phone did not give its position: checked in without it.' : place
  return { ok: true, toast: { type: 'success', title: 'Checked in', ...(description ? { description } : {}) } }
}

async function submitVisitEntry(userId: string, bookingId: string, fields: FormData, now: number): Promise<VisitFormOutcome> {
  const form = fields.get('kind') === 'note' ? 'note' : 'activity'
  const note = typedNote(fields)
  const submission = parseWithZod(fields, { schema: VisitEntrySchema })
  if (submission.status !== 'success') return refusal(form, 400, firstError(submission.error), note)
  const outcome = await addVisitEntry(userId, bookingId, submission.value, now)
  if (!outcome.ok) return refusal(form, outcome.status, outcome.message, note)
  return { ok: true, toast: { type: 'success', title: entryAdded(submission.value.kind) } }
}

async function submitVisitPhoto(userId: string, bookingId: string, form: MultipartForm, now: number): Promise<VisitFormOutcome> {
  if (form.oversized.photo?.length) return refusal('photo', 413, uploadMessages.tooLarge)
  const [file] = form.files.photo ?? []
  if (!file) return refusal('photo', 400, visitMessages.photoRequired)
  try {
    const outcome = await addVisitPhotoFile(userId, bookingId, file, now)
    if (!outcome.ok) return refusal('photo', outcome.status, outcome.message)
  } catch (error) {
    if (error instanceof UploadError) return refusal('photo', error.status, error.message)
    throw error
  }
  return { ok: true, toast: { type: 'success', title: 'Photo added' } }
}

async function submitCheckOut(userId: string, bookingId: string, fields: FormData, now: number): Promise<VisitFormOutcome> {
  const note = typedNote(fields)
  const submission = parseWithZod(fields, { schema: CheckOutSchema })
  if (submission.status !== 'success') return refusal('check-out', 400, firstError(submission.error), note)
  const outcome = await checkOut(userId, bookingId, submission.value.note, now)
  if (!outcome.ok) return refusal('check-out', outcome.status, outcome.message, note)
  return { ok: true, toast: { type: 'success', title: 'Checked out: the report card is ready' } }
}

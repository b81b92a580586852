import type { SubmissionResult } from '@conform-to/react'
import { listDogFacesOf } from '#app/features/dogs/dogs.server.ts'
import { acceptsMultipleDogs } from '#app/features/sitters/sitter-profile.server.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { answerProposal, proposeChange } from './booking-proposals.server.ts'
import type { BookingJson } from './booking-reads.server.ts'
import { bookingStyles } from './periods.ts'
import { slotMinutes } from './slots.ts'
import { BookingChangeSchema, proposalAnswers } from './schema.ts'
import type { SitterService } from '#app/features/sitters/options.ts'

// The booking page's forms for changes both sides agree to (issue 33 part 2): 'Propose a change' and the answer to a
// waiting one. They call the functions the API calls. The proposal form shows the booking as it stands; only what
// the user changed is proposed (a time left on 'Keep' keeps every slot of the booking), and a refusal comes back at
// its field with everything typed.

export const changeFormId = 'booking-change'
export const changeFormFields = ['date', 'startTime', 'duration', 'timePeriod', 'startTimeCustom', 'endTimeCustom', 'dogIds', 'notes'] as const

type Failure = { ok: false; status: number; result: SubmissionResult<string[]> }
type Outcome = { ok: true; toast: ToastInput } | Failure

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/** What the form asks, as `POST /api/bookings/{id}/changes` takes it: only the parts that differ from the booking. */
function proposalOf(booking: BookingJson, form: FormData) {
  const style = bookingStyles[booking.service as SitterService]
  const date = text(form, 'date')
  const notes = text(form, 'notes').trim()
  const dogIds = form.getAll('dogIds').filter((value): value is string => typeof value === 'string' && value !== '')
  const time: Record<string, unknown> = {}
  if (style === 'walk') {
    // A new duration alone keeps the walk's start: a walk is one slot.
    const [slot] = booking.timeSlots
    const duration = Number(text(form, 'duration')) || (slot ? slotMinutes(slot) : 60)
    const startTime = text(form, 'startTime') || (slot && booking.timeSlots.length === 1 && duration !== slotMinutes(slot) ? slot.startTime : '')
    if (startTime) Object.assign(time, { startTime, duration })
  }
  if (style === 'periods' && text(form, 'timePeriod')) {
    const timePeriod = text(form, 'timePeriod')
    Object.assign(time, timePeriod === 'custom' ? { timePeriod, startTime: text(form, 'startTimeCustom') || undefined, endTime: text(form, 'endTimeCustom') || undefined } : { timePeriod })
  }
  const sameDogs = dogIds.length === 0 || dogIds.join() === booking.dogIds.join()
  return {
    ...(date && date !== booking.date ? { date } : {}),
    ...time,
    ...(booking.viewerRole === 'owner' && !sameDogs ? { dogIds } : {}),
    ...(notes !== (booking.notes ?? '') ? { notes: notes || null } : {}),
  }
}

/** The form field a message about an API field belongs to. */
function formFieldOf(field: string | undefined, style: string) {
  if (field === 'date' || field === 'dogIds' || field === 'notes') return field
  if (field === 'endTime' && style === 'periods') return 'endTimeCustom'
  if (field && ['slots', 'timePeriod', 'timeSlot', 'timeSlots', 'startTime', 'endTime', 'duration'].includes(field)) return style === 'walk' ? 'startTime' : 'timePeriod'
  return undefined
}

function refused(form: FormData, status: number, message: string, field: string | undefined): Failure {
  const initialValue = Object.fromEntries(changeFormFields.map((name) => [name, name === 'dogIds' ? form.getAll(name).map(String) : text(form, name)]))
  return {
    ok: false,
    status,
    result: { status: 'error', initialValue, error: field ? { [field]: [message] } : { '': [message] } },
  }
}

export async function submitChangeProposal(user: { id: string }, booking: BookingJson, form: FormData): Promise<Outcome> {
  const style = bookingStyles[booking.service as SitterService]
  const parsed = BookingChangeSchema.safeParse(proposalOf(booking, form))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return refused(form, 400, issue?.message ?? 'Please check the change', formFieldOf(String(issue?.path[0] ?? ''), style))
  }
  const outcome = await proposeChange(user, booking.id, parsed.data)
  if (!outcome.ok) return refused(form, outcome.status, outcome.message, formFieldOf(outcome.field, style))
  const other = booking.viewerRole === 'owner' ? booking.sitter.name : booking.owner.name
  return { ok: true, toast: { type: 'success', title: 'Change proposed', description: `${other} can accept or decline it. The booking stays as it is until then.` } }
}

const answerToasts = {
  accepted: { title: 'Change accepted', description: 'The booking now reads as proposed.' },
  declined: { title: 'Change declined', description: 'The booking stays as it was.' },
  withdrawn: { title: 'Change withdrawn', description: 'The booking stays as it was.' },
} as const

export async function submitChangeAnswer(user: { id: string }, booking: BookingJson, form: FormData): Promise<{ ok: true; toast: ToastInput } | { ok: false; status: number; message: string }> {
  const status = proposalAnswers.find((answer) => answer === form.get('status'))
  if (!status) return { ok: false, status: 400, message: `Status must be one of ${proposalAnswers.join(', ')}` }
  const outcome = await answerProposal(user, booking.id, text(form, 'changeId'), status)
  if (!outcome.ok) return { ok: false, status: outcome.status, message: outcome.message }
  return { ok: true, toast: { type: 'success', ...answerToasts[status] } }
}

/** The dogs the owner may propose on the change form, and whether several: the owner's view of a booking that can change. */
export async function changeFormDogs(booking: BookingJson) {
  if (booking.viewerRole !== 'owner' || !booking.changeable) return null
  const [dogs, several] = await Promise.all([listDogFacesOf(booking.ownerId), acceptsMultipleDogs(booking.sitterId)])
  return { several, dogs: dogs.map((dog) => ({ id: dog.id, name: dog.name, breed: dog.breed, photo: dog.avatar })) }
}

import { href } from 'react-router'
import { getAccount } from '#app/features/accounts/users.server.ts'
import { listDogFacesOf } from '#app/features/dogs/dogs.server.ts'
import { coordinatesOfSubmittedText } from '#app/features/geo/location-form.ts'
import type { CancellationTerms } from '#app/features/sitters/cancellation-terms.ts'
import { serviceLabels, type SitterService } from '#app/features/sitters/options.ts'
import { firstNameOf } from '#app/features/sitters/sitter-format.ts'
import { getPublicSitter, type PublicSitter } from '#app/features/sitters/public-sitter.server.ts'
import { env } from '#app/lib/env.server.ts'
import { isClockTime } from '#app/lib/zoned-time.ts'
import { type BookableMonth, getBookableMonth, getTimeRefusals } from './bookable-days.server.ts'
import { closedDayLabels, formatDayTitle, readDate } from '#app/features/availability/calendar-dates.ts'
import { createBooking } from './create-booking.server.ts'
import { bookingFormMessages } from './form-messages.ts'
import { type BookingStyle, bookingStyles, isQuarterHour, periodLabels } from './periods.ts'
import { formatRate } from '#app/features/sitters/rates.ts'
import { defaultServiceOf, priceCentsFor } from './pricing.ts'
import { BookingRequestSchema } from './schema.ts'
import { requestFieldsOf, timeOfAnswers } from './service-times.ts'
import { formatSlot, slotMinutes } from './slots.ts'
import { getTimeChoices, type TimeChoices } from './time-choices.server.ts'
import {
  isBookingPeriod,
  isWalkDuration,
  stepProblems,
  timeAnswersOf,
  type WizardAnswerName,
  type WizardAnswers,
  wizardAnswerNames,
  type WizardFlow,
  type WizardStep,
  wizardStepAnswers,
  wizardStepCount,
} from './wizard-flows.ts'

// The booking wizards' steps on the server (wizard-flows.ts names them). A step is shown only when the
// steps before it are complete and acceptable (an open day, a free time, one of your dogs); otherwise
// the first step that is not comes back with what is wrong. The last step posts to createBooking, the
// function POST /api/bookings calls, so the wizards refuse exactly what the API refuses.

export type WizardErrors = Partial<Record<WizardAnswerName | 'form', string[]>>

export type WizardStepView = {
  kind: 'step'
  flow: WizardFlow
  step: WizardStep
  sitter: { id: string; name: string; firstName: string; profilePhoto: string | null }
  /** Where closing the wizard leads without JavaScript. */
  closeTo: string
  /** The conversation the chat dialog returns to, carried from step to step. */
  back: string | null
  answers: WizardAnswers
  errors: WizardErrors
  month: BookableMonth | null
  /** How the sitter's service is booked: what the time step asks. */
  style: BookingStyle
  times: TimeChoices | null
  dogs: { id: string; name: string; breed: string; photo: string | null }[] | null
  /** The request page, on the dog step when the sitter takes several dogs and the owner has several: the wizard books one. */
  severalDogsPath: string | null
  summary: {
    date: string | null
    time: string | null
    dogName: string | null
    service: string
    priceCents: number | null
    rate: string | null
    /** The sitter's terms, which the booking will keep (DESIGN.md ruling 28). */
    cancellationTerms: CancellationTerms
  } | null
  /** MAP_TILE_URL, on the step with the meeting place's map. */
  tileUrl: string | null
}

export type WizardView = WizardStepView | { kind: 'unavailable'; title: string; description: string }

export type WizardTarget = { sitterId: string; flow: WizardFlow; step: WizardStep; back: string | null; month?: string | null }

type Viewer = { id: string; role: Parameters<typeof createBooking>[0]['role'] }

/** Longer values cannot be what the step asks for. Free text has no limit here: too long is refused with its own message, never cut. */
const maxAnswerLength: Record<WizardAnswerName, number> = {
  date: 10,
  timePeriod: 20,
  startTime: 5,
  endTime: 5,
  duration: 2,
  dogId: 100,
  notes: Infinity,
  location: Infinity,
  latitude: 30,
  longitude: 30,
  coordinatesFor: Infinity,
}

/** The answers a query or form carries, each kept only when it has the shape its step asks for. */
export function readWizardAnswers(source: { get: (name: string) => FormDataEntryValue | null }): WizardAnswers {
  const answers: WizardAnswers = {}
  for (const name of wizardAnswerNames) {
    const raw = source.get(name)
    const text = typeof raw === 'string' ? (name === 'notes' ? raw : raw.trim()) : ''
    if (text === '' || text.length > maxAnswerLength[name]) continue
    const fits =
      name === 'date'
        ? readDate(text) !== null
        : name === 'startTime' || name === 'endTime'
          ? isClockTime(text) && isQuarterHour(text)
          : name === 'timePeriod'
            ? isBookingPeriod(text)
            : name === 'duration'
              ? isWalkDuration(text)
              : name === 'latitude' || name === 'longitude'
                ? Number.isFinite(Number(text))
                : true
    if (fits) answers[name] = text
  }
  return answers
}

/** The chat dialog goes back to the conversation it came from (only this sitter's); the map's wizard to the map. */
export function wizardClosePath(flow: WizardFlow, sitterId: string, back: string | null) {
  if (flow === 'quick') return href('/map')
  const thread = href('/messages/:userId', { userId: sitterId })
  const conversations = [thread, `${href('/messages')}?${new URLSearchParams({ userId: sitterId })}`]
  return back && conversations.includes(back) ? back : thread
}

const unavailable = (title: string, description: string): WizardView => ({ kind: 'unavailable', title, description })

/** The step asked for, or the first earlier step that is missing something (with what, when the user went past it). */
export async function loadWizardStep(viewer: Viewer, target: WizardTarget, answers: WizardAnswers): Promise<{ view: WizardView; status: number }> {
  const sitter = await getPublicSitter(target.sitterId)
  if (!sitter) return { view: unavailable('Sitter not found', 'This sitter does not exist or is not taking bookings.'), status: 404 }
  if (sitter.id === viewer.id) return { view: unavailable('You cannot book yourself', 'Choose another sitter to book.'), status: 409 }
  const context = await wizardContext(viewer, sitter, target, answers)
  const blocked = await firstUnfinishedStep(context, target.step)
  if (blocked) return { view: await stepView(context, blocked.step, blocked.errors), status: 400 }
  return { view: await stepView(context, target.step, {}), status: 200 }
}

export type WizardSubmission =
  | { ok: true; bookingId: string; sitterName: string; closeTo: string }
  | { ok: false; view: WizardView; status: number; retryAfterSeconds?: number }

/** The last step's Confirm: every step checked again, then createBooking. */
export async function submitWizard(viewer: Viewer, target: Omit<WizardTarget, 'step'>, answers: WizardAnswers): Promise<WizardSubmission> {
  const sitter = await getPublicSitter(target.sitterId)
  if (!sitter) return { ok: false, view: unavailable('Sitter not found', 'This sitter does not exist or is not taking bookings.'), status: 404 }
  if (sitter.id === viewer.id) return { ok: false, view: unavailable('You cannot book yourself', 'Choose another sitter to book.'), status: 409 }
  const context = await wizardContext(viewer, sitter, { ...target, step: wizardStepCount }, answers)
  const blocked = await firstUnfinishedStep(context, (wizardStepCount + 1) as WizardStep)
  if (blocked) {
    const missing = target.flow === 'quick' ? bookingFormMessages.missingInformation : bookingFormMessages.missingDateAndDog
    return { ok: false, view: await stepView(context, blocked.step, { ...blocked.errors, form: [missing] }), status: 400 }
  }

  const place = target.flow === 'chat' ? { location: answers.location ?? null, ...coordinatesOfSubmittedText(placeFields(answers)) } : {}
  const parsed = BookingRequestSchema.safeParse({
    sitterId: sitter.id,
    dogId: answers.dogId,
    date: answers.date,
    notes: answers.notes,
    service: context.service,
    ...requestFieldsOf(context.style, timeAnswersOf(answers)),
    ...place,
  })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = String(issue?.path[0] ?? '')
    return { ok: false, view: await refusalView(context, field, issue?.message ?? bookingFormMessages.missingInformation), status: 400 }
  }
  const outcome = await createBooking(viewer, parsed.data)
  if (!outcome.ok) {
    const view = await refusalView(context, ('field' in outcome ? outcome.field : undefined) ?? '', outcome.message)
    return { ok: false, view, status: outcome.status, ...(outcome.status === 429 ? { retryAfterSeconds: outcome.retryAfterSeconds } : {}) }
  }
  return { ok: true, bookingId: outcome.bookingId, sitterName: sitter.name, closeTo: context.closeTo }
}

type WizardContext = {
  viewer: Viewer
  sitter: PublicSitter
  flow: WizardFlow
  answers: WizardAnswers
  closeTo: string
  back: string | null
  month: string | null
  service: SitterService
  style: BookingStyle
  rateCents: number | null
  dogs: { id: string; name: string; breed: string; photo: string | null }[]
}

async function wizardContext(viewer: Viewer, sitter: PublicSitter, target: WizardTarget, answers: WizardAnswers): Promise<WizardContext> {
  const service = defaultServiceOf(sitter.services) ?? 'walking'
  const dogs = await listDogFacesOf(viewer.id)
  return {
    viewer,
    sitter,
    flow: target.flow,
    answers,
    closeTo: wizardClosePath(target.flow, sitter.id, target.back),
    back: target.flow === 'chat' ? wizardClosePath('chat', sitter.id, target.back) : null,
    month: target.month ?? null,
    service,
    style: bookingStyles[service],
    rateCents: sitter.services.find((offered) => offered.service === service)?.hourlyRateCents ?? null,
    dogs: dogs.map((dog) => ({ id: dog.id, name: dog.name, breed: dog.breed, photo: dog.avatar })),
  }
}

/** The first step before `step` with something missing or refused, and what; null when all are fine. */
async function firstUnfinishedStep(context: WizardContext, step: WizardStep) {
  for (let earlier = 1; earlier < step; earlier++) {
    const errors = await stepErrors(context, earlier as WizardStep)
    if (Object.keys(errors).length > 0) return { step: earlier as WizardStep, errors }
  }
  return null
}

async function stepErrors(context: WizardContext, step: WizardStep): Promise<WizardErrors> {
  const { flow, answers } = context
  const missing = Object.entries(stepProblems(flow, step, answers, context.style)).map(([name, message]) => [name, [message]])
  if (missing.length > 0) return Object.fromEntries(missing) as WizardErrors
  const asked = wizardStepAnswers[flow][step]
  if (asked.includes('date') && answers.date) {
    const month = await getBookableMonth(context.sitter.id, { date: answers.date })
    const state = month?.days.find((day) => day.date === answers.date)?.state ?? 'past'
    if (state !== 'open') return { date: [`${formatDayTitle(answers.date)} is ${closedDayLabels[state]}. Please choose another day.`] }
  }
  if (asked.includes('timePeriod') && answers.date) {
    const time = timeOfAnswers(context.style, timeAnswersOf(answers))
    const refusals = time && (await getTimeRefusals(context.sitter, { date: answers.date, service: context.service }, { chosen: time.slots }))
    const refusal = refusals?.chosen
    if (refusal) return { [timeAnswerOf(context.style)]: [refusal] }
  }
  if (asked.includes('dogId') && !context.dogs.some((dog) => dog.id === answers.dogId)) return { dogId: [bookingFormMessages.chooseDog] }
  return {}
}

/** Where a refusal of the time is shown: under a walk's start time, else under the periods. */
const timeAnswerOf = (style: BookingStyle): WizardAnswerName => (style === 'walk' ? 'startTime' : 'timePeriod')

/** A refusal shown on the step that asked for the field it concerns; anything else on the last step. */
async function refusalView(context: WizardContext, field: string, message: string) {
  const timeFields = ['timePeriod', 'timeSlot', 'timeSlots', 'slots', 'period']
  const answer: WizardAnswerName | null =
    field === 'latitude' || field === 'longitude'
      ? 'location'
      : timeFields.includes(field)
        ? timeAnswerOf(context.style)
        : (wizardAnswerNames as readonly string[]).includes(field)
          ? (field as WizardAnswerName)
          : null
  const step = answer ? (([1, 2, 3] as const).find((candidate) => wizardStepAnswers[context.flow][candidate].includes(answer)) ?? null) : null
  if (!answer || !step) return stepView(context, wizardStepCount, { form: [message] })
  return stepView(context, step, { [answer]: [message] })
}

async function stepView(context: WizardContext, step: WizardStep, errors: WizardErrors): Promise<WizardStepView> {
  const { sitter, flow, answers } = context
  const asked = wizardStepAnswers[flow][step]
  const last = step === wizardStepCount
  const placeDefaults = flow === 'chat' && asked.includes('location') && !answers.location ? await ownPlace(context.viewer.id) : {}
  const onlyDog = asked.includes('dogId') && !answers.dogId && context.dogs.length === 1 ? { dogId: context.dogs[0]?.id } : {}
  return {
    kind: 'step',
    flow,
    step,
    sitter: { id: sitter.id, name: sitter.name, firstName: firstNameOf(sitter.name), profilePhoto: sitter.profilePhoto },
    closeTo: context.closeTo,
    back: context.back,
    answers: { ...answers, ...placeDefaults, ...onlyDog },
    errors,
    month: asked.includes('date') ? await getBookableMonth(sitter.id, { month: context.month, date: answers.date }) : null,
    style: context.style,
    times: asked.includes('timePeriod')
      ? await getTimeChoices(sitter, { date: answers.date ?? null, service: context.service, rateCents: context.rateCents })
      : null,
    dogs: asked.includes('dogId') ? context.dogs : null,
    severalDogsPath: asked.includes('dogId') && sitter.acceptsMultipleDogs && context.dogs.length > 1 ? href('/sitters/:id/book', { id: sitter.id }) : null,
    summary: last ? summaryOf(context) : null,
    tileUrl: asked.includes('location') ? env.MAP_TILE_URL : null,
  }
}

/** The owner's own saved place: where most walks start. */
async function ownPlace(userId: string): Promise<WizardAnswers> {
  const account = await getAccount(userId)
  if (!account.location) return {}
  const point = account.latitude !== null && account.longitude !== null
  return {
    location: account.location,
    ...(point ? { latitude: String(account.latitude), longitude: String(account.longitude), coordinatesFor: account.location } : {}),
  }
}

function placeFields(answers: WizardAnswers) {
  const number = (text: string | undefined) => (text === undefined ? null : Number(text))
  return { location: answers.location, latitude: number(answers.latitude), longitude: number(answers.longitude), coordinatesFor: answers.coordinatesFor }
}

function summaryOf(context: WizardContext): NonNullable<WizardStepView['summary']> {
  const { answers } = context
  const time = timeOfAnswers(context.style, timeAnswersOf(answers))
  return {
    date: answers.date ? formatDayTitle(answers.date) : null,
    time: time && describeTime(context.style, time),
    dogName: context.dogs.find((dog) => dog.id === answers.dogId)?.name ?? null,
    service: serviceLabels[context.service],
    priceCents: time ? priceCentsFor(context.service, context.rateCents, time.slots) : null,
    rate: context.rateCents === null ? null : formatRate(context.service, context.rateCents),
    cancellationTerms: context.sitter.cancellationTerms,
  }
}

/** 'Morning, 08:00 - 12:00', '09:00 - 09:30 (30 minutes)'. */
function describeTime(style: BookingStyle, time: NonNullable<ReturnType<typeof timeOfAnswers>>) {
  const slots = time.slots.map(formatSlot).join(', ')
  if (style === 'walk') return `${slots} (${time.slots.reduce((sum, slot) => sum + slotMinutes(slot), 0)} minutes)`
  return time.period && time.period !== 'custom' ? `${periodLabels[time.period]}, ${slots}` : slots
}

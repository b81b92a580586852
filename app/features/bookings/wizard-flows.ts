import { bookingFormMessages } from './form-messages.ts'
import { bookingPeriods, type BookingStyle, walkDurations } from './periods.ts'
import { type TimeAnswers, timeProblems } from './service-times.ts'

// The two booking wizards of spec section 2, one step per URL (/sitters/{id}/book/{flow}/{step}, DESIGN.md
// ruling 14): 'quick', the map's quick view (a date; the time; the dog, notes, a summary and Confirm),
// and 'chat', the dialog from a conversation (a date with the time; the dog and notes; the meeting place
// on a map, a summary and Confirm Booking). The time is asked as its service is booked (ruling 21: a
// walk's start and duration, a period of the day, the whole day or the night), the same in both. What a
// step needs before the next one opens is decided here, once, for the server's answer and for the
// browser's disabled Continue button.

export const wizardFlows = ['quick', 'chat'] as const
export type WizardFlow = (typeof wizardFlows)[number]

export const wizardStepCount = 3
export type WizardStep = 1 | 2 | 3

export const wizardAnswerNames = [
  'date',
  'timePeriod',
  'startTime',
  'endTime',
  'duration',
  'dogId',
  'notes',
  'location',
  'latitude',
  'longitude',
  'coordinatesFor',
] as const
export type WizardAnswerName = (typeof wizardAnswerNames)[number]
export type WizardAnswers = Partial<Record<WizardAnswerName, string>>

/** The answers each step asks for; the others travel along as hidden fields. */
export const wizardStepAnswers: Record<WizardFlow, Record<WizardStep, readonly WizardAnswerName[]>> = {
  quick: { 1: ['date'], 2: ['timePeriod', 'startTime', 'endTime', 'duration'], 3: ['dogId', 'notes'] },
  chat: { 1: ['date', 'timePeriod', 'startTime', 'endTime', 'duration'], 2: ['dogId', 'notes'], 3: ['location', 'latitude', 'longitude', 'coordinatesFor'] },
}

export const isWizardFlow = (text: string | undefined): text is WizardFlow => (wizardFlows as readonly string[]).includes(text ?? '')

export function readWizardStep(text: string | undefined): WizardStep | null {
  return text === '1' || text === '2' || text === '3' ? (Number(text) as WizardStep) : null
}

export const isBookingPeriod = (text: string | undefined) => (bookingPeriods as readonly string[]).includes(text ?? '')
export const isWalkDuration = (text: string | undefined) => (walkDurations as readonly number[]).includes(Number(text))

/** What is missing on a step, by answer; empty when the step is complete. `style`: how the sitter's service is booked. */
export function stepProblems(flow: WizardFlow, step: WizardStep, answers: WizardAnswers, style: BookingStyle): Partial<Record<WizardAnswerName, string>> {
  const asked = wizardStepAnswers[flow][step]
  const problems: Partial<Record<WizardAnswerName, string>> = {}
  if (asked.includes('date') && !answers.date) problems.date = bookingFormMessages.chooseDate
  if (asked.includes('timePeriod')) Object.assign(problems, timeProblems(style, timeAnswersOf(answers)))
  if (asked.includes('dogId') && !answers.dogId) problems.dogId = bookingFormMessages.chooseDog
  return problems
}

/** The time answers of a wizard, by the names service-times.ts reads. */
export const timeAnswersOf = (answers: WizardAnswers): TimeAnswers => ({
  timePeriod: answers.timePeriod,
  startTime: answers.startTime,
  endTime: answers.endTime,
  duration: answers.duration,
})

/** What the browser shows when a step could not reach the server (a flaky phone connection), by what was asked. */
export type WizardTrouble = { kind: 'failed'; title: string; description: string }

export const wizardTroubles = {
  load: { kind: 'failed', title: 'Could not load sitter profile', description: 'Please check your connection and try again.' },
  quick: { kind: 'failed', title: 'Booking failed', description: 'There was an error creating your booking. Please try again.' },
  chat: {
    kind: 'failed',
    title: 'Booking failed',
    description: 'There was an error creating your booking or adding it to Google Calendar. Please try again.',
  },
} as const satisfies Record<string, WizardTrouble>

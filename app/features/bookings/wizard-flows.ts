import { href } from 'react-router'
import { bookingFormMessages } from './form-messages.ts'
import { bookingPeriods, type TimeSlot } from './periods.ts'

// The two booking wizards of spec section 2, one step per URL (/sitters/{id}/book/{flow}/{step}, DESIGN.md
// ruling 14): 'quick', the map's quick view (a date; a period of the day; the dog, notes, a summary and
// Confirm), and 'chat', the dialog from a conversation (a date with a time slot; the dog and notes; the
// meeting place on a map, a summary and Confirm Booking). What a step needs before the next one opens
// is decided here, once, for the server's answer and for the browser's disabled Continue button.

export const wizardFlows = ['quick', 'chat'] as const
export type WizardFlow = (typeof wizardFlows)[number]

export const wizardStepCount = 3
export type WizardStep = 1 | 2 | 3

/** The conversation dialog's time slots (spec section 9, 'Dialog time slots'); 'custom' takes a start and an end. */
export const dialogSlots = {
  morning: { startTime: '09:00', endTime: '12:00' },
  afternoon: { startTime: '12:00', endTime: '17:00' },
  evening: { startTime: '17:00', endTime: '21:00' },
} as const satisfies Record<string, TimeSlot>
export const dialogSlotNames = [...(Object.keys(dialogSlots) as (keyof typeof dialogSlots)[]), 'custom'] as const
export type DialogSlot = (typeof dialogSlotNames)[number]

export const wizardAnswerNames = [
  'date',
  'timePeriod',
  'slot',
  'startTime',
  'endTime',
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
  quick: { 1: ['date'], 2: ['timePeriod', 'startTime', 'endTime'], 3: ['dogId', 'notes'] },
  chat: { 1: ['date', 'slot', 'startTime', 'endTime'], 2: ['dogId', 'notes'], 3: ['location', 'latitude', 'longitude', 'coordinatesFor'] },
}

export const isWizardFlow = (text: string | undefined): text is WizardFlow => (wizardFlows as readonly string[]).includes(text ?? '')

export function readWizardStep(text: string | undefined): WizardStep | null {
  return text === '1' || text === '2' || text === '3' ? (Number(text) as WizardStep) : null
}

export const isBookingPeriod = (text: string | undefined) => (bookingPeriods as readonly string[]).includes(text ?? '')
export const isDialogSlot = (text: string | undefined): text is DialogSlot => (dialogSlotNames as readonly string[]).includes(text ?? '')

/** What is missing on a step, by answer; empty when the step is complete. */
export function stepProblems(flow: WizardFlow, step: WizardStep, answers: WizardAnswers): Partial<Record<WizardAnswerName, string>> {
  const asked = wizardStepAnswers[flow][step]
  const problems: Partial<Record<WizardAnswerName, string>> = {}
  if (asked.includes('date') && !answers.date) problems.date = bookingFormMessages.chooseDate
  if (asked.includes('timePeriod') && !isBookingPeriod(answers.timePeriod)) problems.timePeriod = bookingFormMessages.choosePeriod
  if (asked.includes('slot') && !isDialogSlot(answers.slot)) problems.slot = bookingFormMessages.chooseTime
  if (asked.includes('dogId') && !answers.dogId) problems.dogId = bookingFormMessages.chooseDog
  const custom = asked.includes('startTime') && (answers.timePeriod === 'custom' || answers.slot === 'custom')
  if (custom) {
    if (!answers.startTime || !answers.endTime) problems[answers.startTime ? 'endTime' : 'startTime'] = bookingFormMessages.chooseStartAndEnd
    else if (answers.endTime <= answers.startTime) problems.endTime = bookingFormMessages.endBeforeStart
  }
  return problems
}

/** The first step before `step` that is not complete, with what it misses; null when all are. */
export function firstIncompleteStep(flow: WizardFlow, answers: WizardAnswers, step: WizardStep) {
  for (let earlier = 1 as WizardStep; earlier < step; earlier = (earlier + 1) as WizardStep) {
    const problems = stepProblems(flow, earlier, answers)
    if (Object.keys(problems).length > 0) return { step: earlier, problems }
  }
  return null
}

/** The time the answers name: a period's window is the server's business; the dialog's slots and custom times are a start and an end. */
export function chosenTimes(answers: WizardAnswers): { startTime: string; endTime: string } | null {
  if (answers.slot && answers.slot !== 'custom' && answers.slot in dialogSlots) return dialogSlots[answers.slot as keyof typeof dialogSlots]
  if ((answers.slot === 'custom' || answers.timePeriod === 'custom') && answers.startTime && answers.endTime) {
    return { startTime: answers.startTime, endTime: answers.endTime }
  }
  return null
}

/** A step's own address; the answers go in the query (GET steps) or the body (the last step's POST). */
export function wizardStepPath(sitterId: string, flow: WizardFlow, step: WizardStep) {
  return href('/sitters/:id/book/:flow/:step', { id: sitterId, flow, step: String(step) })
}

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

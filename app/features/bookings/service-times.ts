import { serviceLabels, type SitterService } from '#app/features/sitters/options.ts'
import { bookingFormMessages } from './form-messages.ts'
import { type BookingPeriod, type BookingStyle, bookingStyles, type DayPeriod, dayPeriods, periodLabels, periodWindows, type TimeSlot, walkDurations, walkSlot } from './periods.ts'
import { formatSlot, slotMinutes } from './slots.ts'

// A request's time, fitted to how its service is booked (DESIGN.md ruling 21). Every way of asking
// (the API's four variants, each booking screen) ends here once the service is known, so the slots
// a screen prices are the slots createBooking stores. Safe in the browser.

export type BookingTime = { period: BookingPeriod | null; slots: TimeSlot[] }

export const serviceTimeMessages = {
  walkLength: `A walk lasts ${walkDurations.join(' or ')} minutes: send startTime with duration ${walkDurations.join(' or ')}`,
  periodsOnly: (service: SitterService) =>
    `${serviceLabels[service]} is booked in the ${dayPeriods.map((period) => `${periodLabels[period].toLowerCase()} (${formatSlot(periodWindows[period])})`).join(', ')} or at custom times`,
  wholeDay: `Daycare is booked by the day (${formatSlot(periodWindows.all_day)}): choose the period all_day`,
  wholeNight: `Boarding is booked by the night (${formatSlot(periodWindows.overnight)}, ending the next morning): choose the period overnight`,
} as const

const sameSlots = (a: readonly TimeSlot[], b: readonly TimeSlot[]) => a.length === b.length && a.every((slot, index) => formatSlot(slot) === formatSlot(b[index] ?? slot))

/** The booking's time for `service`, or why the asked time does not fit it. */
export function fitTimeToService(service: SitterService, asked: BookingTime): BookingTime | { message: string } {
  const { period, slots } = asked
  switch (bookingStyles[service]) {
    case 'walk':
      // API variant (a) for a walk: a 60-minute walk as the period's window starts.
      if (period && period !== 'custom') return { period: null, slots: [walkSlot(periodWindows[period].startTime, 60)] }
      if (slots.some((slot) => !(walkDurations as readonly number[]).includes(slotMinutes(slot)))) return { message: serviceTimeMessages.walkLength }
      return { period: null, slots }
    case 'periods':
      if (period === 'overnight' || period === 'all_day') return { message: serviceTimeMessages.periodsOnly(service) }
      return { period, slots }
    case 'day':
      if (period === 'all_day' || (!period && sameSlots(slots, [periodWindows.all_day]))) return { period: 'all_day', slots: [periodWindows.all_day] }
      return { message: serviceTimeMessages.wholeDay }
    case 'night':
      if (period === 'overnight' || (!period && sameSlots(slots, [periodWindows.overnight]))) return { period: 'overnight', slots: [periodWindows.overnight] }
      return { message: serviceTimeMessages.wholeNight }
  }
}

/** The time fields a screen sends (the wizards' answers, the request forms' fields), by name. */
export type TimeAnswers = { timePeriod?: string | undefined; startTime?: string | undefined; endTime?: string | undefined; duration?: string | undefined }

const isDayPeriod = (text: string | undefined) => (dayPeriods as readonly string[]).includes(text ?? '')

/** The time the answers name for a service booked in `style`; null while something is missing. */
export function timeOfAnswers(style: BookingStyle, answers: TimeAnswers): BookingTime | null {
  const { timePeriod, startTime, endTime, duration } = answers
  switch (style) {
    case 'walk':
      return startTime && (walkDurations as readonly number[]).includes(Number(duration)) ? { period: null, slots: [walkSlot(startTime, Number(duration))] } : null
    case 'periods':
      if (isDayPeriod(timePeriod)) return { period: timePeriod as BookingPeriod, slots: [periodWindows[timePeriod as DayPeriod]] }
      return timePeriod === 'custom' && startTime && endTime && endTime > startTime ? { period: 'custom', slots: [{ startTime, endTime }] } : null
    case 'day':
      return { period: 'all_day', slots: [periodWindows.all_day] }
    case 'night':
      return { period: 'overnight', slots: [periodWindows.overnight] }
  }
}

/** The answers as POST /api/bookings fields: a walk as its start and duration, anything else as its period (custom with its times). */
export function requestFieldsOf(style: BookingStyle, answers: TimeAnswers) {
  if (style === 'walk') return { startTime: answers.startTime, duration: answers.duration === undefined ? undefined : Number(answers.duration) }
  if (style === 'day') return { timePeriod: 'all_day' }
  if (style === 'night') return { timePeriod: 'overnight' }
  const custom = answers.timePeriod === 'custom'
  return { timePeriod: answers.timePeriod, ...(custom ? { startTime: answers.startTime, endTime: answers.endTime } : {}) }
}

/** What is missing from the time answers, by field; empty when they name a time. */
export function timeProblems(style: BookingStyle, answers: TimeAnswers): Partial<Record<keyof TimeAnswers, string>> {
  if (timeOfAnswers(style, answers) !== null) return {}
  if (style === 'walk') {
    return {
      ...(answers.startTime ? {} : { startTime: bookingFormMessages.chooseStartTime }),
      ...((walkDurations as readonly number[]).includes(Number(answers.duration)) ? {} : { duration: bookingFormMessages.chooseDuration }),
    }
  }
  if (answers.timePeriod !== 'custom') return { timePeriod: bookingFormMessages.choosePeriod }
  if (!answers.startTime || !answers.endTime) return { [answers.startTime ? 'endTime' : 'startTime']: bookingFormMessages.chooseStartAndEnd }
  return { endTime: bookingFormMessages.endBeforeStart }
}

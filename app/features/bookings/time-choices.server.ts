import type { SitterService } from '#app/features/sitters/options.ts'
import { createBookingMessages } from './create-booking.server.ts'
import { getTimeRefusals } from './bookable-days.server.ts'
import { type BookingPeriod, bookingStyles, type BookingStyle, dayPeriods, type DayPeriod, periodLabels, periodWindows, slotsOfPeriods, walkDurations, walkSlot } from './periods.ts'
import { defaultServiceOf, priceCentsFor, rateForDogs } from './pricing.ts'
import { formatSlot } from './slots.ts'
import { quarterHours } from '#app/lib/zoned-time.ts'

// The times a booking screen offers for a service on a chosen day (DESIGN.md ruling 21): the periods of
// the day with their price, each disabled with the reason createBooking would give (passed, outside the
// sitter's hours, taken); the quarter hours a walk or custom times can start at, only those that are
// free; a walk's durations with their price. Before a day is chosen there is nothing to offer: what is
// free depends on the day.

export type PeriodChoice = {
  value: BookingPeriod
  label: string
  /** '08:00 - 12:00'; null for custom times. */
  window: string | null
  priceCents: number | null
  /** Why this period cannot be asked for on the chosen day; null when it can. */
  refusal: string | null
}

/** A period of the multi-period form: what it books (for a walker, a 60-minute walk as the period starts). */
export type SeveralPeriodChoice = Omit<PeriodChoice, 'value' | 'window'> & { value: DayPeriod; window: string }

export type TimeChoices = {
  style: BookingStyle
  /** The chosen day, or null: then nothing below is offered yet. */
  date: string | null
  periods: PeriodChoice[]
  /** The multi-period form's choices (walks and periods of the day; none for daycare and boarding). */
  severalPeriods: SeveralPeriodChoice[]
  /** The quarter hours a walk (or custom times) can start at that day. */
  startTimes: string[]
  /** The quarter hours custom times can end at. */
  endTimes: string[]
  durations: { minutes: number; priceCents: number | null }[]
  /** Why the other quarter hours are not offered, one line per reason. */
  notes: string[]
}

const periodsOf: Record<BookingStyle, readonly BookingPeriod[]> = {
  walk: [],
  periods: [...dayPeriods, 'custom'],
  day: ['all_day'],
  night: ['overnight'],
}

export async function getTimeChoices(
  sitter: { id: string; name: string },
  request: { date: string | null; service: SitterService; rateCents: number | null },
  now = Date.now(),
): Promise<TimeChoices> {
  const style = bookingStyles[request.service]
  const price = (slots: Parameters<typeof priceCentsFor>[2]) => priceCentsFor(request.service, request.rateCents, slots)
  const durations = style === 'walk' ? walkDurations.map((minutes) => ({ minutes, priceCents: price([walkSlot('08:00', minutes)]) })) : []
  const periods = periodsOf[style]
  const windowOf = (period: BookingPeriod) => (period === 'custom' ? null : periodWindows[period])
  const several = style === 'walk' || style === 'periods' ? dayPeriods : []
  const { date } = request
  const empty = { style, date, startTimes: [], endTimes: [], durations, notes: [] }
  const choice = (period: BookingPeriod, refusal: string | null): PeriodChoice => {
    const window = windowOf(period)
    return { value: period, label: periodLabels[period], window: window && formatSlot(window), priceCents: window && price([window]), refusal }
  }
  const severalChoice = (period: DayPeriod, refusal: string | null): SeveralPeriodChoice => {
    const slots = slotsOfPeriods(style, [period])
    return { value: period, label: periodLabels[period], window: slots.map(formatSlot).join(', '), priceCents: price(slots), refusal }
  }
  if (!date) return { ...empty, periods: periods.map((period) => choice(period, null)), severalPeriods: several.map((period) => severalChoice(period, null)) }

  // The shortest piece each start time must hold: a walk's shortest duration, a quarter hour of custom time.
  const shortest = style === 'walk' ? walkDurations[0] : 15
  const startsAsked = style === 'walk' || periods.includes('custom')
  const asked: Record<string, { startTime: string; endTime: string }[]> = {
    ...Object.fromEntries(periods.flatMap((period) => (period === 'custom' ? [] : [[period, [periodWindows[period]]]]))),
    ...(startsAsked ? Object.fromEntries(quarterHours.map((time) => [`at ${time}`, [walkSlot(time, shortest)]])) : {}),
    ...Object.fromEntries(several.map((period) => [`several ${period}`, slotsOfPeriods(style, [period])])),
  }
  const refusals = (await getTimeRefusals(sitter, { date, service: request.service }, asked, now)) ?? {}
  const refusalOf = (key: string) => refusals[key] ?? null
  const startTimes = startsAsked ? quarterHours.filter((time) => refusalOf(`at ${time}`) === null) : []
  const startRefusals = startsAsked ? quarterHours.map((time) => refusalOf(`at ${time}`)) : []
  const notes = [...new Set(startRefusals.filter((refusal) => refusal !== null))].map((refusal) =>
    refusal === createBookingMessages.pastTime ? 'Earlier times today have passed.' : refusal,
  )
  return {
    ...empty,
    periods: periods.map((period) => choice(period, period === 'custom' ? (startTimes.length === 0 ? 'No free time on this day.' : null) : refusalOf(period))),
    severalPeriods: several.map((period) => severalChoice(period, refusalOf(`several ${period}`))),
    startTimes,
    endTimes: style === 'walk' ? [] : startTimes.map((time) => walkSlot(time, 15).endTime).filter((time) => time !== '00:00'),
    notes,
  }
}

/** A request screen's choices for one of the sitter's services (the one asked, else the default) on a day; null when the sitter offers none. */
export async function requestTimeChoices(
  sitter: { id: string; name: string; services: readonly { service: SitterService; hourlyRateCents: number | null; extraDogRateCents: number | null }[] },
  asked: { date: string | null; service?: string | null; dogCount?: number },
) {
  const offered = sitter.services.find((offer) => offer.service === asked.service) ?? sitter.services.find((offer) => offer.service === defaultServiceOf(sitter.services))
  return offered ? getTimeChoices(sitter, { date: asked.date, service: offered.service, rateCents: rateForDogs(offered, asked.dogCount ?? 1) }) : null
}

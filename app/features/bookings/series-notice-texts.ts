import { serviceLabels, type SitterService } from '#app/features/sitters/options.ts'
import { formatBookingDate, formatDogNames } from './booking-format.ts'
import type { SeriesChange } from './series-change-types.ts'
import { formatWeekdays } from './series-format.ts'
import { formatSlot } from './slots.ts'
import type { TimeSlot } from './periods.ts'
import type { Party } from './transitions.ts'

// What each party hears of a weekly series (issue 33 part 1): the sitter of a request and of its cancellation (both
// parties when it expired unanswered), the owner of the answer, the other party of an end, both of dates the sweep
// could not book. One text for the notification centre, the e-mail (series-notices.server.ts) and the demo data.

const other = (party: Party): Party => (party === 'owner' ? 'sitter' : 'owner')

export function seriesReadersOf(change: SeriesChange, actor: Party | null): Party[] {
  if (change === 'requested' || (change === 'cancelled' && actor)) return ['sitter']
  if (change === 'accepted' || change === 'declined') return ['owner']
  return actor ? [other(actor)] : ['owner', 'sitter']
}

export type SeriesNoticeFacts = {
  series: { service: string; weekdays: readonly number[]; slots: readonly TimeSlot[]; timeZone: string; firstDate: string }
  ownerName: string
  sitterName: string
  dogs: readonly { name: string }[]
  actor: Party | null
  /** The dates the series could not book, with why. */
  conflicts: readonly { date: string; reason: string }[]
  /** The first date an end takes away. */
  from: string | null
  /** How many bookings an end cancelled inside their cancellation terms' notice. */
  cancelledLate: number
}

/** The subject and text of a series change, as its readers read it. */
export function seriesNoticeText(change: SeriesChange, facts: SeriesNoticeFacts) {
  const { series, ownerName, sitterName, actor } = facts
  const dogNames = formatDogNames(facts.dogs)
  const what = `weekly ${(serviceLabels[series.service as SitterService] ?? series.service).toLowerCase()} for ${dogNames}`
  const when = `${formatWeekdays(series.weekdays)}, ${series.slots.map(formatSlot).join(' and ')} (${series.timeZone} time), from ${formatBookingDate(series.firstDate)}`
  const unbooked = (count: number) => `${count} ${count === 1 ? 'date' : 'dates'}`
  const actorName = actor ? { owner: ownerName, sitter: sitterName }[actor] : 'Pawpal'
  const late = facts.cancelledLate
  const lateText = late > 0 ? ` ${late === 1 ? '1 booking' : `${late} bookings`} inside the cancellation terms' notice ${late === 1 ? 'counts' : 'count'} as cancelled late by ${actorName}.` : ''
  const texts: Record<SeriesChange, { subject: string; text: string }> = {
    requested: { subject: `New weekly request: ${dogNames}`, text: `${ownerName} asks for ${what}: ${when}.` },
    accepted: {
      subject: `Weekly care accepted: ${dogNames}`,
      text: `${sitterName} accepted your ${what}.${facts.conflicts.length > 0 ? ` ${unbooked(facts.conflicts.length)} could not be booked.` : ''}`,
    },
    declined: { subject: `Weekly request declined: ${dogNames}`, text: `${sitterName} declined your ${what}.` },
    // Without an actor the sweep cancelled it: its last date passed before the sitter answered.
    cancelled: actor
      ? { subject: `Weekly request cancelled: ${dogNames}`, text: `${ownerName} cancelled the request for ${what}.` }
      : { subject: `Weekly request expired: ${dogNames}`, text: `The request for ${what} expired: its last date passed before it was answered.` },
    ended: {
      subject: `Weekly care ended: ${dogNames}`,
      text: `${actorName} ended the ${what}${facts.from ? ` from ${formatBookingDate(facts.from)}` : ''}.${lateText}`,
    },
    conflicts: { subject: `Dates not booked: ${dogNames}`, text: `${unbooked(facts.conflicts.length)} of the ${what} could not be booked.` },
  }
  return texts[change]
}

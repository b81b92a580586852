// Cancellation terms (issue 33 part 4, DESIGN.md ruling 28): each sitter picks one; a cancellation of an accepted
// booking, by either party, is late when it comes later than the terms' notice before the start. No payments yet:
// the terms decide what is shown before a request and what is counted on profiles. Pure, safe in the browser.

export const cancellationTerms = ['flexible', 'moderate', 'strict'] as const
export type CancellationTerms = (typeof cancellationTerms)[number]

const hour = 60 * 60_000

/** How long before the start a cancellation is still in time. */
export const noticeHours: Record<CancellationTerms, number> = { flexible: 2, moderate: 24, strict: 72 }

export const termsLabels: Record<CancellationTerms, { title: string; detail: string }> = {
  flexible: { title: 'Flexible', detail: 'Cancel up to 2 hours before the start.' },
  moderate: { title: 'Moderate', detail: 'Cancel up to 24 hours before the start.' },
  strict: { title: 'Strict', detail: 'Cancel up to 72 hours before the start.' },
}

export const isCancellationTerms = (value: unknown): value is CancellationTerms => (cancellationTerms as readonly unknown[]).includes(value)

/** A booking stored before terms existed has none: it is read as flexible. */
export const termsOf = (stored: string | null | undefined): CancellationTerms => (isCancellationTerms(stored) ? stored : 'flexible')

/** The instant (ms) after which cancelling a booking starting at `start` is late under `terms`. */
export const lateCancellationFrom = (terms: CancellationTerms, start: number) => start - noticeHours[terms] * hour

/** Whether cancelling at `now` a booking starting at `start` is late under `terms`. */
export const isLateCancellation = (terms: CancellationTerms, start: number, now: number) => now > lateCancellationFrom(terms, start)

/** Whether cancelling `booking` at `now` counts as late: only an accepted booking can be, inside its terms' notice. */
export const cancelsLate = (booking: { status: string; cancellationTerms: string | null }, start: number, now: number) =>
  booking.status === 'accepted' && isLateCancellation(termsOf(booking.cancellationTerms), start, now)

/** 'Cancelled late: 1 of 30 bookings'. */
export function formatLateCancellations({ late, accepted }: { late: number; accepted: number }) {
  return `Cancelled late: ${late} of ${accepted} ${accepted === 1 ? 'booking' : 'bookings'}`
}

/** 'Cancellation: Moderate. Cancel up to 24 hours before the start.': the terms wherever a sitter's or a booking's show. */
export const formatCancellationTerms = (terms: CancellationTerms) => `Cancellation: ${termsLabels[terms].title}. ${termsLabels[terms].detail}`

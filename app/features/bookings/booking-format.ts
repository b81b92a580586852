import { formatDayTitle, formatWeekday } from '#app/features/availability/calendar-dates.ts'
import type { HistoryStep } from './booking-history.server.ts'

// How booking dates read in e-mails, messages and calendars: spec section 9's 'EEEE, MMMM d, yyyy'.
// Written out: the root date-fns import loads all of date-fns and slows the server's start by seconds, and a page's
// first Intl object costs a phone's browser tens of milliseconds before the page can hydrate (app/lib/number-format.ts).

/** 'Monday, March 2, 2026' for '2026-03-02'. */
export const formatBookingDate = (date: string) => `${formatWeekday(date)}, ${formatDayTitle(date)}`

/**
 * 'Rex', 'Rex and Luna', 'Rex, Luna, and Max': a booking's dogs wherever they are named. en-US's list, written out as
 * counts are (app/lib/number-format.ts).
 */
export function formatNameList(names: readonly string[]) {
  if (names.length <= 2) return names.join(' and ')
  return `${names.slice(0, -1).join(', ')}, and ${names.at(-1)}`
}

/** The same list of dogs given as records. */
export const formatDogNames = (dogs: readonly { name: string }[]) => formatNameList(dogs.map((dog) => dog.name))

/** The names of a booking's dogs found in `dogs` ('Rex and Luna'); null when none is. */
export function dogNamesOf(booking: { dogIds: readonly string[] }, dogs: ReadonlyMap<string, { name: string }>) {
  const found = booking.dogIds.flatMap((dogId) => dogs.get(dogId) ?? [])
  return found.length > 0 ? formatDogNames(found) : null
}

/** What a booking's history says of each of its entries (the booking page, a report's snapshot). */
export const historyLabels: Record<HistoryStep, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  rejected: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired unanswered',
  completed: 'Completed',
  'change-proposed': 'Change proposed',
  changed: 'Change accepted',
  'change-declined': 'Change declined',
  'change-withdrawn': 'Change withdrawn',
}

import { format } from 'date-fns'

// How booking dates read in e-mails, messages and calendars (spec section 9's 'EEEE, MMMM d, yyyy').

/** 'Monday, March 2, 2026' for '2026-03-02'. */
export function formatBookingDate(date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return format(new Date(year, month - 1, day), 'EEEE, MMMM d, yyyy')
}

// How booking dates read in e-mails, messages and calendars: spec section 9's 'EEEE, MMMM d, yyyy'.
// Written with Intl: the root date-fns import loads all of date-fns and slows the server's start by seconds.

const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** 'Monday, March 2, 2026' for '2026-03-02'. */
export function formatBookingDate(date: string) {
  return longDate.format(new Date(`${date}T00:00:00Z`))
}

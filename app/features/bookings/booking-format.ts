// How booking dates read in e-mails, messages and calendars: spec section 9's 'EEEE, MMMM d, yyyy'.
// Written with Intl: the root date-fns import loads all of date-fns and slows the server's start by seconds.

const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** 'Monday, March 2, 2026' for '2026-03-02'. */
export function formatBookingDate(date: string) {
  return longDate.format(new Date(`${date}T00:00:00Z`))
}

const dogList = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' })

/** 'Rex', 'Rex and Luna', 'Rex, Luna, and Max': a booking's dogs wherever they are named. */
export const formatNameList = (names: readonly string[]) => dogList.format(names)

/** The same list of dogs given as records. */
export const formatDogNames = (dogs: readonly { name: string }[]) => formatNameList(dogs.map((dog) => dog.name))

/** The names of a booking's dogs found in `dogs` ('Rex and Luna'); null when none is. */
export function dogNamesOf(booking: { dogIds: readonly string[] }, dogs: ReadonlyMap<string, { name: string }>) {
  const found = booking.dogIds.flatMap((dogId) => dogs.get(dogId) ?? [])
  return found.length > 0 ? formatDogNames(found) : null
}

/** One formatter a zone: making one costs more than the history it formats (a tenth of a booking page's CPU). */
const momentFormats = new Map<string, Intl.DateTimeFormat>()

/** 'Thu 26 Nov, 10:04' in the booking's zone: when something happened to a booking (its history). */
export function formatBookingMoment(iso: string, timeZone: string) {
  let format = momentFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })
    momentFormats.set(timeZone, format)
  }
  return format.format(new Date(iso))
}

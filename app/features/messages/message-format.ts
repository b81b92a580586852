// How times read in the messages screens, in the viewer's own time zone (stored with their account), so
// the server's render and the browser's agree. US English words, 24-hour clock times as on every
// booking screen (issue 19).

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${timeZone}|${JSON.stringify(options)}`
  let found = formatters.get(key)
  if (!found) formatters.set(key, (found = new Intl.DateTimeFormat('en-US', { ...options, timeZone })))
  return found
}

const dayKey = (iso: string, timeZone: string) => formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso))

/** '14:05'. */
export function formatClock(iso: string, timeZone: string) {
  return formatter(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso))
}

/** The heading of a day in a thread: 'Today', 'Yesterday' or 'Monday, March 2, 2026'. */
export function formatDayHeading(iso: string, now: string, timeZone: string) {
  const day = dayKey(iso, timeZone)
  if (day === dayKey(now, timeZone)) return 'Today'
  if (day === dayKey(new Date(Date.parse(now) - 86_400_000).toISOString(), timeZone)) return 'Yesterday'
  return formatter(timeZone, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso))
}

export function isSameDay(a: string, b: string, timeZone: string) {
  return dayKey(a, timeZone) === dayKey(b, timeZone)
}

/** A conversation's time in the list: the clock today, 'Yesterday', else 'Mar 2' (with the year when not this year). */
export function formatListTime(iso: string, now: string, timeZone: string) {
  const heading = formatDayHeading(iso, now, timeZone)
  if (heading === 'Today') return formatClock(iso, timeZone)
  if (heading === 'Yesterday') return heading
  const sameYear = dayKey(iso, timeZone).slice(-4) === dayKey(now, timeZone).slice(-4)
  return formatter(timeZone, sameYear ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso))
}

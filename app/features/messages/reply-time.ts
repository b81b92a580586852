// How the measured reply time (reply-time.server.ts) reads, on every screen that shows it: rounded up to
// the next whole minute, hour or day, so it never promises a quicker answer than the sitter gives.
// Pure, safe in the browser.

const hourMinutes = 60
const dayMinutes = 24 * hourMinutes

/** 'Usually replies within a minute', '... within 40 minutes', '... within an hour', '... within 2 days'. */
export function formatReplyTime(medianMinutes: number) {
  const within = (count: number, one: string, many: string) => `Usually replies within ${count <= 1 ? one : `${count} ${many}`}`
  if (medianMinutes < hourMinutes) return within(Math.ceil(medianMinutes), 'a minute', 'minutes')
  if (medianMinutes < dayMinutes) return within(Math.ceil(medianMinutes / hourMinutes), 'an hour', 'hours')
  return within(Math.ceil(medianMinutes / dayMinutes), 'a day', 'days')
}

// How a sitter's numbers read on every screen (money: lib/money.ts). Pure, safe in the browser.

const hourMinutes = 60
const dayMinutes = 24 * hourMinutes

/**
 * 'Usually replies within a minute', '... within 40 minutes', '... within an hour', '... within 2 days': the
 * median reply time measured from messages (messages/reply-time.server.ts), rounded up to the next whole
 * minute, hour or day, so it never promises a quicker answer than the person gives.
 */
export function formatReplyTime(medianMinutes: number) {
  const within = (count: number, one: string, many: string) => `Usually replies within ${count <= 1 ? one : `${count} ${many}`}`
  if (medianMinutes < hourMinutes) return within(Math.ceil(medianMinutes), 'a minute', 'minutes')
  if (medianMinutes < dayMinutes) return within(Math.ceil(medianMinutes / hourMinutes), 'an hour', 'hours')
  return within(Math.ceil(medianMinutes / dayMinutes), 'a day', 'days')
}

/** '4.8' (ratings are means of whole stars, kept to one decimal). */
export const formatRating = (rating: number) => rating.toFixed(1)

/** '1 review', '12 reviews'. */
export const reviewCountText = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`

/** '1 completed booking', '12 completed bookings'. */
export const formatCompletedBookings = (count: number) => `${count} completed ${count === 1 ? 'booking' : 'bookings'}`

/** 'Anna' of 'Anna Keller' (the 'Book with' card). */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || name

/** 'On time for 48 of 50 visits': checked in no later than 15 minutes after the start (visits/reliability.server.ts). */
export const formatReliability = ({ onTime, visits }: { onTime: number; visits: number }) => `On time for ${onTime} of ${visits} ${visits === 1 ? 'visit' : 'visits'}`

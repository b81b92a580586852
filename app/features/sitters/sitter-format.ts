// How a sitter's numbers read on every screen (money: lib/money.ts). Pure, safe in the browser.

/** '4.8' (ratings are means of whole stars, kept to one decimal). */
export const formatRating = (rating: number) => rating.toFixed(1)

/** '1 review', '12 reviews'. */
export const reviewCountText = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`

/** 'a minute', '25 minutes', 'an hour', '3 hours', 'a day', '2 days': how long a sitter usually takes to reply. */
export function replyTimeText(minutes: number) {
  const count = (value: number, one: string, many: string) => (value <= 1 ? one : `${value} ${many}`)
  if (minutes < 60) return count(Math.max(1, Math.round(minutes)), 'a minute', 'minutes')
  if (minutes < 24 * 60) return count(Math.ceil(minutes / 60), 'an hour', 'hours')
  return count(Math.ceil(minutes / (24 * 60)), 'a day', 'days')
}

/** 'Anna' of 'Anna Keller' (the 'Book with' card). */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || name

// How a sitter's numbers read on every screen (money: lib/money.ts). Pure, safe in the browser.

/** '4.8' (ratings are means of whole stars, kept to one decimal). */
export const formatRating = (rating: number) => rating.toFixed(1)

/** '1 review', '12 reviews'. */
export const reviewCountText = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`

/** '1 completed booking', '12 completed bookings'. */
export const formatCompletedBookings = (count: number) => `${count} completed ${count === 1 ? 'booking' : 'bookings'}`

/** 'Anna' of 'Anna Keller' (the 'Book with' card). */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || name

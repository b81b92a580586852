// How a sitter's numbers read on every screen (DESIGN.md ruling 15: money is stored in cents, shown in
// USD). Pure, safe in the browser.

/** '$20/hour', '$22.50/hour'. */
export function formatHourlyRate(cents: number) {
  const dollars = cents / 100
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}/hour`
}

/** '4.8' (ratings are means of whole stars, kept to one decimal). */
export const formatRating = (rating: number) => rating.toFixed(1)

/** '1 review', '12 reviews'. */
export const reviewCountText = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`

// Money (DESIGN.md ruling 15): stored in cents, carried in cents, shown in USD. Dollars exist only at the
// two edges that speak them: the JSON API (spec section 3: price, rates) and the rate inputs of the forms.
// Pure, safe in the browser.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** '$48.00', '$1,250.50'. */
export const formatUsd = (cents: number) => usd.format(cents / 100)

/** Cents as the API's and the forms' dollars (22.5); null stays null. */
export function centsToDollars(cents: number): number
export function centsToDollars(cents: number | null): number | null
export function centsToDollars(cents: number | null) {
  return cents === null ? null : cents / 100
}

/** Dollars from the API or a form as cents, to the nearest cent. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100)

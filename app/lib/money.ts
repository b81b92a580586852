import { formatCount } from './number-format.ts'

// Money (DESIGN.md ruling 15): stored in cents, carried in cents, shown in USD. Dollars exist only at the
// two edges that speak them: the JSON API (spec section 3: price, rates) and the rate inputs of the forms.
// Pure, safe in the browser.

/** '$48.00', '$1,250.50', '-$5.00': en-US's currency format, written out as counts are (number-format.ts). */
export function formatUsd(cents: number) {
  const whole = Math.round(Math.abs(cents))
  return `${cents < 0 ? '-' : ''}$${formatCount(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`
}

/** Cents as the API's and the forms' dollars (22.5); null stays null. */
export function centsToDollars(cents: number): number
export function centsToDollars(cents: number | null): number | null
export function centsToDollars(cents: number | null) {
  return cents === null ? null : cents / 100
}

/** Dollars from the API or a form as cents, to the nearest cent. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100)

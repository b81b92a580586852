import { formatUsd } from '#app/lib/money.ts'
import type { SitterService } from './options.ts'

// A sitter's rates and their units (DESIGN.md ruling 21), the one home of that knowledge: every service
// has its own unit (walks, sitting, training and grooming by the hour, daycare by the day, boarding by the
// night), so a rate reads with its unit everywhere, and rates of different units are never compared.
// bookings/pricing.ts prices a booking from them. Pure, safe in the browser.

export type RateUnit = 'hour' | 'day' | 'night'

export const rateUnits: Record<SitterService, RateUnit> = {
  walking: 'hour',
  sitting: 'hour',
  training: 'hour',
  grooming: 'hour',
  daycare: 'day',
  boarding: 'night',
}

/** '$28/hour', '$60/day', '$22.50/night': a rate in whole dollars reads without its cents. */
export const formatRateIn = (unit: RateUnit, cents: number) => `${formatUsd(cents).replace(/\.00$/, '')}/${unit}`

/** A service's rate in its own unit: '$28/hour' for walking, '$45/night' for boarding. */
export const formatRate = (service: SitterService, cents: number) => formatRateIn(rateUnits[service], cents)

/** What each further dog adds to a service's rate (DESIGN.md ruling 28): '+ $10/hour for each further dog'. */
export const formatExtraDogRate = (service: SitterService, cents: number) => `+ ${formatRate(service, cents)} for each further dog`

/** The units in the order a list's 'from' price looks at them: the shortest booking first. */
const unitOrder: readonly RateUnit[] = ['hour', 'day', 'night']

export type StartingRate = { cents: number; unit: RateUnit }

/**
 * What a list shows as 'from $20/hour': the lowest rate among the sitter's services of the shortest unit
 * they offer with a rate (an hour's rate is not compared with a night's); null when no service has one.
 */
export function startingRate(services: readonly { service: SitterService; hourlyRateCents: number | null }[]): StartingRate | null {
  for (const unit of unitOrder) {
    const rates = services.flatMap(({ service, hourlyRateCents }) => (rateUnits[service] === unit && hourlyRateCents !== null ? [hourlyRateCents] : []))
    if (rates.length > 0) return { cents: Math.min(...rates), unit }
  }
  return null
}

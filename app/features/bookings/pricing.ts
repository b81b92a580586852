import type { SitterService } from '#app/features/sitters/options.ts'
import { formatExtraDogRate, formatRate, rateUnits } from '#app/features/sitters/rates.ts'
import type { TimeSlot } from './periods.ts'
import { totalMinutes } from './slots.ts'

// What a booking costs (DESIGN.md ruling 21): a sitter sets one rate per service in that service's unit
// (sitters/rates.ts), and a booking costs that rate times the hours, days or nights booked, fixed when it
// is requested. Several dogs (ruling 28): each dog after the first adds the sitter's extra-dog rate for the
// service, in the same unit. Every request screen shows this same figure before sending.

/** The price in cents of `slots` of `service` at `rateCents` (each slot of a daily or nightly service is one day or night); null when the sitter set no rate. */
export function priceCentsFor(service: SitterService, rateCents: number, slots: readonly TimeSlot[]): number
export function priceCentsFor(service: SitterService, rateCents: number | null, slots: readonly TimeSlot[]): number | null
export function priceCentsFor(service: SitterService, rateCents: number | null, slots: readonly TimeSlot[]) {
  if (rateCents === null) return null
  return rateUnits[service] === 'hour' ? Math.round((rateCents * totalMinutes(slots)) / 60) : rateCents * slots.length
}

/** The rate per hour, day or night for `dogCount` dogs: the base rate plus the extra-dog rate for each further dog; null without a base rate. */
export function rateForDogs(rate: { hourlyRateCents: number | null; extraDogRateCents: number | null }, dogCount: number) {
  if (rate.hourlyRateCents === null) return null
  return rate.hourlyRateCents + (rate.extraDogRateCents ?? 0) * Math.max(0, dogCount - 1)
}

/** The rate as a price row explains it: '$25/hour', or '$25/hour + $10/hour for each further dog' when further dogs add to it. */
export function formatRateForDogs(service: SitterService, rate: { hourlyRateCents: number; extraDogRateCents: number | null }, dogCount: number) {
  const base = formatRate(service, rate.hourlyRateCents)
  if (dogCount < 2 || !rate.extraDogRateCents) return base
  return `${base} ${formatExtraDogRate(service, rate.extraDogRateCents)}`
}

/** The service a request books when it names none: walking when the sitter offers it, else their first. */
export function defaultServiceOf<Service extends string>(offered: readonly { service: Service }[]) {
  return (offered.find((s) => s.service === 'walking') ?? offered[0])?.service
}

import type { SitterService } from '#app/features/sitters/options.ts'
import { formatUsd } from '#app/lib/money.ts'
import type { TimeSlot } from './periods.ts'
import { totalMinutes } from './slots.ts'

// What a booking costs (DESIGN.md ruling 21): a sitter sets one rate per service in that service's unit
// (walks, sitting, training and grooming by the hour, daycare by the day, boarding by the night), and a
// booking costs that rate times the hours, days or nights booked, fixed when it is requested. Every
// request screen shows this same figure before sending, and onboarding asks each rate in its unit.

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
export const formatRate = (service: SitterService, cents: number) => `${formatUsd(cents).replace(/\.00$/, '')}/${rateUnits[service]}`

/** The price in cents of `slots` of `service` at `rateCents` (each slot of a daily or nightly service is one day or night); null when the sitter set no rate. */
export function priceCentsFor(service: SitterService, rateCents: number, slots: readonly TimeSlot[]): number
export function priceCentsFor(service: SitterService, rateCents: number | null, slots: readonly TimeSlot[]): number | null
export function priceCentsFor(service: SitterService, rateCents: number | null, slots: readonly TimeSlot[]) {
  if (rateCents === null) return null
  return rateUnits[service] === 'hour' ? Math.round((rateCents * totalMinutes(slots)) / 60) : rateCents * slots.length
}

/** The service a request books when it names none: walking when the sitter offers it, else their first. */
export function defaultServiceOf<Service extends string>(offered: readonly { service: Service }[]) {
  return (offered.find((s) => s.service === 'walking') ?? offered[0])?.service
}

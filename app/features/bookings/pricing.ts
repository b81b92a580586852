import type { SitterService } from '#app/features/sitters/options.ts'
import { formatUsd } from '#app/lib/money.ts'
import type { TimeSlot } from './periods.ts'
import { totalMinutes } from './slots.ts'

// What a booking costs (DESIGN.md ruling 3): the sitter's hourly rate for the service times the booked
// time, fixed when it is requested. The request screens show the same figure before sending.

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

/** The price in cents of `slots` at `hourlyRateCents`; null when the sitter set no rate for the service. */
export function priceCentsFor(hourlyRateCents: number, slots: readonly TimeSlot[]): number
export function priceCentsFor(hourlyRateCents: number | null, slots: readonly TimeSlot[]): number | null
export function priceCentsFor(hourlyRateCents: number | null, slots: readonly TimeSlot[]) {
  return hourlyRateCents === null ? null : Math.round((hourlyRateCents * totalMinutes(slots)) / 60)
}

/** The service a request books when it names none: walking when the sitter offers it, else their first. */
export function defaultServiceOf<Service extends string>(offered: readonly { service: Service }[]) {
  return (offered.find((s) => s.service === 'walking') ?? offered[0])?.service
}

import { addDays, toMinutes, zonedInstant } from '#app/lib/zoned-time.ts'
import type { TimeSlot } from './periods.ts'

// Time slots as the booking stores them (local HH:mm on the booking's date, in its zone) and as
// instants, for overlap checks and calendars. A slot whose end is not after its start runs past midnight.

export type Interval = { start: number; end: number }
export type BookingTimes = { date: string; timeZone: string; slots: readonly TimeSlot[] }

const dayMinutes = 24 * 60

export const endsNextDay = (slot: TimeSlot) => toMinutes(slot.endTime) <= toMinutes(slot.startTime)

export function slotMinutes(slot: TimeSlot) {
  const minutes = toMinutes(slot.endTime) - toMinutes(slot.startTime)
  return minutes > 0 ? minutes : minutes + dayMinutes
}

export const totalMinutes = (slots: readonly TimeSlot[]) => slots.reduce((sum, slot) => sum + slotMinutes(slot), 0)

export function slotInterval(date: string, slot: TimeSlot, timeZone: string): Interval {
  return {
    start: zonedInstant(date, slot.startTime, timeZone),
    end: zonedInstant(endsNextDay(slot) ? addDays(date, 1) : date, slot.endTime, timeZone),
  }
}

/** A booking's slots as instants; a booking stored without slots takes its whole day. */
export function bookingIntervals(booking: BookingTimes): Interval[] {
  const slots = booking.slots.length > 0 ? booking.slots : [{ startTime: '00:00', endTime: '00:00' }]
  return slots.map((slot) => slotInterval(booking.date, slot, booking.timeZone))
}

/** From the start of the first slot to the end of the last. */
export function bookingSpan(booking: BookingTimes): Interval {
  const intervals = bookingIntervals(booking)
  return {
    start: Math.min(...intervals.map((interval) => interval.start)),
    end: Math.max(...intervals.map((interval) => interval.end)),
  }
}

const isoAt = (instant: number) => new Date(instant).toISOString()

/**
 * What the booking lists sort and filter by, stored with the booking (migrations 010 and 039): when it starts, when
 * its date ends in its zone and when it ends (the tabs' 'today or later' is either end ahead, in every zone).
 */
export function listingTimes(booking: BookingTimes) {
  const span = bookingSpan(booking)
  return { startsAt: isoAt(span.start), dayEndsAt: isoAt(zonedInstant(booking.date, '24:00', booking.timeZone)), endsAt: isoAt(span.end) }
}

export const intervalsOverlap = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end

/** The part of a slot on each local day it touches, in minutes from that day's midnight. */
export function daySegments(date: string, slot: TimeSlot): { date: string; from: number; to: number }[] {
  const from = toMinutes(slot.startTime)
  const to = toMinutes(slot.endTime)
  if (!endsNextDay(slot)) return [{ date, from, to }]
  return [{ date, from, to: dayMinutes }, ...(to > 0 ? [{ date: addDays(date, 1), from: 0, to }] : [])]
}

export const formatSlot = (slot: TimeSlot) => `${slot.startTime} - ${slot.endTime}`

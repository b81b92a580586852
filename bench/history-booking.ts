import { listingTimes } from '#app/features/bookings/slots.ts'
import { addDays } from '#app/lib/zoned-time.ts'

// The bookings of a busy user's history the benches write straight into the database (bench/bookings.ts,
// bench/busy-history.ts): one a day around today, in every status a booking on that side of today can have.

type Parties = { ownerId: string; dogId: string; sitterId: string }

/**
 * A walk `offset` days from `today`: before it completed, cancelled or declined; from it on accepted, pending or
 * cancelled (`turn` picks the status and the hour), with its time slot.
 */
export function historyBooking(parties: Parties, today: string, offset: number, turn: number) {
  const id = crypto.randomUUID()
  const date = addDays(today, offset)
  const status = offset < 0 ? (['completed', 'completed', 'cancelled', 'rejected'] as const)[turn % 4]! : (['accepted', 'pending', 'accepted', 'cancelled'] as const)[turn % 4]!
  const slot = { startTime: `${String(8 + (turn % 10)).padStart(2, '0')}:00`, endTime: `${String(9 + (turn % 10)).padStart(2, '0')}:00` }
  const now = new Date().toISOString()
  return {
    booking: {
      id,
      ...parties,
      requestedById: parties.ownerId,
      date,
      timeZone: 'Europe/Zurich',
      ...listingTimes({ date, timeZone: 'Europe/Zurich', slots: [slot] }),
      service: 'walking',
      hourlyRateCents: 2500,
      priceCents: 2500,
      status,
      createdAt: now,
      updatedAt: now,
    },
    slot: { bookingId: id, position: 1, ...slot },
  }
}

import { expressionBuilder, type Kysely } from 'kysely'
import type { DogBookingState } from '#app/features/dogs/dogs.server.ts'
import { db, type Database } from '#app/lib/db.server.ts'
import { findBookings } from './booking-records.server.ts'
import { bookingSpan } from './slots.ts'

// What the dogs feature asks the bookings feature before a dog is removed (the routes hand this to
// deleteDog): whether bookings still count on it. A pending request that has started is expired, and an
// accepted booking that has ended is history, whatever their stored status says yet.

/** The bookings the dog is in, first or further (DESIGN.md ruling 28). */
const withDog = (dogId: string) => {
  const eb = expressionBuilder<Database, 'bookings'>()
  return eb.or([eb('bookings.dogId', '=', dogId), eb('bookings.id', 'in', eb.selectFrom('bookingDogs').select('bookingDogs.bookingId').where('bookingDogs.dogId', '=', dogId))])
}

/** 'active' while a pending request or an accepted booking of the dog lies ahead; 'past' when all are history. */
export async function dogBookingState(dogId: string, executor: Kysely<Database> = db, now = Date.now()): Promise<DogBookingState> {
  const bookings = await findBookings(withDog(dogId), executor)
  if (bookings.length === 0) return 'none'
  const ahead = bookings.some((booking) => {
    const { start, end } = bookingSpan(booking)
    return (booking.status === 'pending' && start > now) || (booking.status === 'accepted' && end > now)
  })
  return ahead ? 'active' : 'past'
}

/** Whether the user sits (or was asked to sit) the dog in any booking: such a sitter may see its photos. */
export async function isSitterOfDog(userId: string, dogId: string) {
  const row = await db.selectFrom('bookings').select('id').where(withDog(dogId)).where('sitterId', '=', userId).executeTakeFirst()
  return Boolean(row)
}

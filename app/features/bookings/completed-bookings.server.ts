import { db } from '#app/lib/db.server.ts'

/** How many bookings a sitter has completed (DESIGN.md ruling 5: the sitter marks them completed). */
export async function countCompletedBookings(sitterId: string) {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('sitterId', '=', sitterId)
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

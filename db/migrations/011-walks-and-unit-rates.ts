import { type Kysely, sql } from 'kysely'

// DESIGN.md ruling 21: rates in each service's unit, walks of 30 or 60 minutes.
// - Daycare and boarding rates were per hour and are now per day (08-20) and per night (20-08): both
//   windows are 12 hours, so each rate becomes 12 times the hourly one and a whole day or night costs
//   what it cost before. Bookings keep their rate at request time in the same unit, so theirs follow.
// - Walks still to happen (pending or accepted) that were booked as a period or as a stretch other than
//   30 or 60 minutes become a 60-minute walk from the same start (what API variant (a) now means), priced
//   at their hourly rate. Ended bookings keep the time and price they had. Plain SQL and per-row
//   arithmetic in TypeScript, so it runs the same on SQLite and PostgreSQL.

const hoursPerDayOrNight = 12
const dayOrNight = sql`"service" in ('daycare', 'boarding')`

export async function up(db: Kysely<unknown>) {
  await sql`update "sitterServices" set "hourlyRateCents" = "hourlyRateCents" * ${hoursPerDayOrNight} where ${dayOrNight} and "hourlyRateCents" is not null`.execute(db)
  await sql`update "bookings" set "hourlyRateCents" = "hourlyRateCents" * ${hoursPerDayOrNight} where ${dayOrNight} and "hourlyRateCents" is not null`.execute(db)

  const slots = await sql<{ bookingId: string; position: number; startTime: string; endTime: string; hourlyRateCents: number | null }>`
    select s."bookingId", s."position", s."startTime", s."endTime", b."hourlyRateCents"
    from "bookingTimeSlots" s join "bookings" b on b."id" = s."bookingId"
    where b."service" = 'walking' and b."status" in ('pending', 'accepted')
    order by s."bookingId", s."position"`.execute(db)
  const byBooking = Map.groupBy(slots.rows, (slot) => slot.bookingId)
  for (const [bookingId, rows] of byBooking) {
    if (rows.every((slot) => [30, 60].includes(minutesOf(slot)))) continue
    let minutes = 0
    for (const slot of rows) {
      const length = [30, 60].includes(minutesOf(slot)) ? minutesOf(slot) : 60
      minutes += length
      const endTime = clock((toMinutes(slot.startTime) + length) % (24 * 60))
      await sql`update "bookingTimeSlots" set "endTime" = ${endTime} where "bookingId" = ${bookingId} and "position" = ${slot.position}`.execute(db)
    }
    const rate = rows[0]?.hourlyRateCents
    const price = rate == null ? 0 : Math.round((rate * minutes) / 60)
    await sql`update "bookings" set "period" = null, "priceCents" = ${price} where "id" = ${bookingId}`.execute(db)
  }
}

export async function down(db: Kysely<unknown>) {
  // Walks keep their 60 minutes (the periods they came from are not recorded); the rates go back to hours.
  await sql`update "sitterServices" set "hourlyRateCents" = "hourlyRateCents" / ${hoursPerDayOrNight} where ${dayOrNight} and "hourlyRateCents" is not null`.execute(db)
  await sql`update "bookings" set "hourlyRateCents" = "hourlyRateCents" / ${hoursPerDayOrNight} where ${dayOrNight} and "hourlyRateCents" is not null`.execute(db)
}

const toMinutes = (clockTime: string) => Number(clockTime.slice(0, 2)) * 60 + Number(clockTime.slice(3, 5))
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

function minutesOf(slot: { startTime: string; endTime: string }) {
  const minutes = toMinutes(slot.endTime) - toMinutes(slot.startTime)
  return minutes > 0 ? minutes : minutes + 24 * 60
}

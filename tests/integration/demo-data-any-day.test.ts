import { sql } from 'kysely'
import { afterAll, expect, test } from 'vitest'
import { migrateToLatest } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { findBookings } from '#app/features/bookings/booking-records.server.ts'
import { scheduleRefusal } from '#app/features/bookings/booking-rules.server.ts'
import { seedDemoData } from '#db/seed.ts'
import { closeEmptyDatabases, newEmptyDatabase } from './empty-databases.ts'

// The demo data (db/seed.ts) is made relative to the day it is seeded on: Sam's blocked days are days from today,
// and his weekly series with Olivia takes the weekdays they leave free. Its dates are skipped, moved and refused
// by rules that failed on four days of the week: on a Friday in Zurich (days Tuesday, Wednesday and Friday) no
// date could move to the next day; on a Saturday, a Tuesday or a Wednesday the moved date was the skipped one
// (on a Saturday a Friday walk moved to Saturday evening, when Sam does not work). So it is seeded on each day of a week.

afterAll(closeEmptyDatabases)

const fridayInZurich = Date.parse('2026-11-26T23:30:00Z')
const day = 24 * 60 * 60 * 1000
const weekdayNames = ['Friday', 'Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday']

test.each(weekdayNames.map((name, index) => ({ name, now: new Date(fridayInZurich + index * day) })))(
  'the demo data seeds on a $name in Zurich, its weekly series inside Sam’s hours, with one date moved, one skipped and one refused',
  async ({ now }) => {
    const database = await newEmptyDatabase(`any-day-${now.getTime()}`)
    await migrateToLatest(database)
    await seedDemoData(database, { storage, now })

    const { id: sitterId } = await database.selectFrom('users').select('id').where('email', '=', 'sitter@pawpal.test').executeTakeFirstOrThrow()
    const series = await findBookings(sql<boolean>`"seriesId" is not null and "sitterId" = ${sitterId}`, database)
    const weekly = await database.selectFrom('sitterAvailability').select(['weekday', 'startTime', 'endTime']).where('sitterId', '=', sitterId).execute()
    const blockedDates = (await database.selectFrom('sitterBlockedDates').select('date').where('sitterId', '=', sitterId).execute()).map((row) => row.date)
    for (const booking of series) expect(scheduleRefusal('Sam', booking, { weekly, blockedDates }), `${booking.date} ${booking.status}`).toBeNull()

    const skipped = series.filter((booking) => booking.status === 'cancelled')
    const moved = series.filter((booking) => booking.date !== booking.seriesDate)
    expect(skipped).toHaveLength(1)
    expect(moved).toHaveLength(1)
    expect(moved[0]?.status).toBe('accepted')
    expect(await database.selectFrom('bookingSeriesConflicts').select('date').execute()).toHaveLength(1)
  },
  120_000,
)

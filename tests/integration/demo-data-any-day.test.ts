import { expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { seedDemoData } from '#db/seed.ts'

// The demo data (db/seed.ts) is made relative to the day it is seeded on. Its weekly series moves a date to the
// next day, which must be no day of the series: on a Friday in Zurich its days are Tuesday, Wednesday and Friday
// (Sam's blocked days fall on Sunday and Monday), and Tuesday's next day is Wednesday. Seeding failed that day.

test('the demo data seeds on a Friday in Zurich, with its weekly series moved, skipped and refused dates', async () => {
  await migrateToLatest()
  await seedDemoData(db, { storage, now: new Date('2026-11-26T23:30:00Z') })
  const items = await db.selectFrom('bookings').select(['status', 'date']).where('seriesId', 'is not', null).execute()
  expect(items.filter((item) => item.status === 'cancelled')).toHaveLength(1)
  const conflicts = await db.selectFrom('bookingSeriesConflicts').select('date').execute()
  expect(conflicts).toHaveLength(1)
}, 120_000)

import { expect, test } from 'vitest'
import { formatNotificationTime } from './notification-format.ts'

// The centre's times are Intl's en-GB readings in the viewer's zone (written out, not made by Intl: decision 120).

const now = '2026-12-03T12:00:00.000Z'

test("a notice's time reads as Intl's en-GB in the viewer's zone: today, yesterday, this year's days and other years'", () => {
  for (const timeZone of ['Europe/Zurich', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata']) {
    const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })
    const thisYear = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone })
    const otherYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone })
    const year = new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone })
    for (let instant = Date.parse('2025-06-01T00:00:00Z'); instant < Date.parse('2026-12-01T00:00:00Z'); instant += 41 * 3_600_000 + 13 * 60_000) {
      const day = (year.format(instant) === year.format(Date.parse(now)) ? thisYear : otherYear).format(instant)
      expect(formatNotificationTime(new Date(instant).toISOString(), now, timeZone)).toBe(`${day}, ${clock.format(instant)}`)
    }
    expect(formatNotificationTime('2026-12-03T11:00:00.000Z', now, timeZone)).toBe(`Today, ${clock.format(Date.parse('2026-12-03T11:00:00.000Z'))}`)
  }
})

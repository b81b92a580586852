import { expect, test } from 'vitest'
import { formatBookingMoment } from './booking-moment.ts'

test("a booking history's moments read in the booking's zone as Intl's en-GB writes them, across a daylight-saving change", () => {
  const moments = ['2026-11-26T09:04:00.000Z', '2026-03-29T00:59:59.000Z', '2026-03-29T01:00:00.000Z', '2026-09-06T22:30:00.000Z', '2026-12-31T23:00:00.000Z']
  const intl = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Zurich' })
  expect(moments.map((iso) => formatBookingMoment(iso, 'Europe/Zurich'))).toEqual(moments.map((iso) => intl.format(Date.parse(iso))))
  expect(formatBookingMoment('2026-11-26T03:30:00.000Z', 'America/New_York')).toBe('Wed 25 Nov, 22:30')
})

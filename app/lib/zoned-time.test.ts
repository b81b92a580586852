import { describe, expect, test } from 'vitest'
import { addDays, formatLongDate, formatZonedIso, isClockTime, isLocalDate, isoWeekday, isTimeZone, localDateOf, localDateTime, localDateTimeOf, zonedInstant } from './zoned-time.ts'

describe('local dates and clock times', () => {
  test('only real dates written yyyy-MM-dd', () => {
    expect(isLocalDate('2026-03-02')).toBe(true)
    expect(isLocalDate('2028-02-29')).toBe(true)
    for (const text of ['2026-02-30', '2026-02-29', '2026-13-01', '2026-3-2', '02.03.2026', '2026-03-02T00:00', '']) {
      expect(isLocalDate(text), text).toBe(false)
    }
  })

  test('only clock times 00:00 to 23:59 (24:00 only as the end of a day)', () => {
    expect(isClockTime('00:00')).toBe(true)
    expect(isClockTime('23:59')).toBe(true)
    for (const text of ['24:00', '25:00', '9:00', '12:60', '12:00:00', 'noon']) expect(isClockTime(text), text).toBe(false)
    expect(isClockTime('24:00', { endOfDay: true })).toBe(true)
  })

  test('weekdays and day arithmetic across months and years', () => {
    expect(isoWeekday('2026-03-02')).toBe(1)
    expect(isoWeekday('2026-03-08')).toBe(7)
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
    expect(addDays('2026-03-29', 0)).toBe('2026-03-29')
    expect(addDays('2026-01-05', -400)).toBe('2024-12-01')
    expect(addDays('2026-11-30', 45)).toBe('2027-01-14')
    // Years below 100 stay what they are (Date.UTC would read them as 1900 to 1999).
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01')
  })
})

describe('zones', () => {
  test('Zurich winter time is UTC+1, summer time UTC+2', () => {
    expect(new Date(zonedInstant('2026-01-15', '09:00', 'Europe/Zurich')).toISOString()).toBe('2026-01-15T08:00:00.000Z')
    expect(new Date(zonedInstant('2026-07-15', '09:00', 'Europe/Zurich')).toISOString()).toBe('2026-07-15T07:00:00.000Z')
    expect(new Date(zonedInstant('2026-07-15', '09:00', 'America/New_York')).toISOString()).toBe('2026-07-15T13:00:00.000Z')
  })

  test('on the night clocks change, local times land on the right instants', () => {
    // 29 March 2026: 02:00 becomes 03:00 in Zurich; 25 October 2026: 03:00 becomes 02:00.
    expect(new Date(zonedInstant('2026-03-29', '01:30', 'Europe/Zurich')).toISOString()).toBe('2026-03-29T00:30:00.000Z')
    expect(new Date(zonedInstant('2026-03-29', '03:30', 'Europe/Zurich')).toISOString()).toBe('2026-03-29T01:30:00.000Z')
    expect(new Date(zonedInstant('2026-10-25', '04:00', 'Europe/Zurich')).toISOString()).toBe('2026-10-25T03:00:00.000Z')
    expect(zonedInstant('2026-03-30', '00:00', 'Europe/Zurich') - zonedInstant('2026-03-29', '00:00', 'Europe/Zurich')).toBe(23 * 3_600_000)
  })

  test('an instant reads back as the local date and time, with the offset of that moment', () => {
    const instant = Date.parse('2026-07-15T22:30:00Z')
    expect(localDateTime(instant, 'Europe/Zurich')).toEqual({ date: '2026-07-16', time: '00:30', minutes: 30 })
    expect(formatZonedIso(instant, 'Europe/Zurich')).toBe('2026-07-16T00:30:00+02:00')
    expect(formatZonedIso(Date.parse('2026-01-15T08:00:00Z'), 'Europe/Zurich')).toBe('2026-01-15T09:00:00+01:00')
    expect(formatZonedIso(Date.parse('2026-01-15T08:00:00Z'), 'America/New_York')).toBe('2026-01-15T03:00:00-05:00')
  })

  test("a stored time's local date is the day in Zurich unless a zone is named (a profile's 'member since', a review's day)", () => {
    expect(localDateOf('2026-01-15T23:30:00.000Z')).toBe('2026-01-16')
    expect(localDateOf('2026-07-15T21:59:59.000Z')).toBe('2026-07-15')
    expect(localDateOf('2026-07-15T22:00:00.000Z')).toBe('2026-07-16')
    expect(localDateOf('2026-07-16T02:00:00.000Z', 'America/New_York')).toBe('2026-07-15')
    expect(localDateTimeOf('2026-07-16T02:00:00.000Z', 'America/New_York')).toEqual({ date: '2026-07-15', time: '22:00', minutes: 1320 })
    expect(formatLongDate('2026-01-15T23:30:00.000Z')).toBe('January 16, 2026')
    expect(formatLongDate('not a time')).toBeNull()
  })

  test('IANA names are zones; anything else is not', () => {
    expect(isTimeZone('Europe/Zurich')).toBe(true)
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true)
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })
})

describe('readings kept by instant', () => {
  test('the same instant read again, in another zone and after many others, gives each zone its own reading', () => {
    const instant = Date.UTC(2026, 6, 1, 10, 30)
    expect(localDateTime(instant, 'Europe/Zurich')).toEqual({ date: '2026-07-01', time: '12:30', minutes: 750 })
    expect(localDateTime(instant, 'America/New_York')).toEqual({ date: '2026-07-01', time: '06:30', minutes: 390 })
    // More instants than are kept: the oldest readings are let go, never mixed up.
    for (let minute = 0; minute < 60_000; minute++) localDateTime(instant + minute * 60_000, 'Asia/Tokyo')
    expect(localDateTime(instant, 'Europe/Zurich')).toEqual({ date: '2026-07-01', time: '12:30', minutes: 750 })
    expect(localDateTime(instant, 'Asia/Tokyo')).toEqual({ date: '2026-07-01', time: '19:30', minutes: 1170 })
  })
})

import { describe, expect, test } from 'vitest'
import { BookingRequestSchema, readTimeSlot } from './schema.ts'

describe('readTimeSlot', () => {
  test('reads 24-hour and 12-hour times', () => {
    expect(readTimeSlot('09:00')).toBe(9 * 60)
    expect(readTimeSlot('9:00 AM')).toBe(9 * 60)
    expect(readTimeSlot('12:00 AM')).toBe(0)
    expect(readTimeSlot('12:30 PM')).toBe(12 * 60 + 30)
    expect(readTimeSlot('07:00 pm')).toBe(19 * 60)
  })

  test('refuses what is no time', () => {
    for (const text of ['25:00', '9:00', '13:00 PM', '0:00 AM', '09:60', 'nine']) expect(readTimeSlot(text), text).toBeNull()
  })
})

describe('BookingRequestSchema', () => {
  const base = { dogId: 'dog', sitterId: 'sitter', date: '2026-03-02' }

  test('a time slot late in the evening runs past midnight', () => {
    expect(BookingRequestSchema.parse({ ...base, timeSlot: '23:30' }).slots).toEqual([{ startTime: '23:30', endTime: '00:30' }])
  })

  test('empty notes and location are stored as nothing', () => {
    expect(BookingRequestSchema.parse({ ...base, timePeriod: 'all_day', notes: '  ', location: '' })).toMatchObject({
      slots: [{ startTime: '08:00', endTime: '20:00' }],
      notes: null,
      location: null,
    })
  })
})

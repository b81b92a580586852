import { expect, test } from 'vitest'
import { weeklyAvailabilityGrid } from './availability-grid.ts'

test('a day part is marked when a range that day overlaps it, and only that day', () => {
  const grid = weeklyAvailabilityGrid([
    { weekday: 1, startTime: '07:00', endTime: '09:00' },
    { weekday: 3, startTime: '17:00', endTime: '21:00' },
    { weekday: 6, startTime: '08:00', endTime: '20:00' },
  ])

  expect(grid.map((day) => day.day)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
  expect(grid[0]).toEqual({ weekday: 1, day: 'Mon', morning: true, afternoon: false, evening: false })
  expect(grid[1]).toEqual({ weekday: 2, day: 'Tue', morning: false, afternoon: false, evening: false })
  expect(grid[2]).toMatchObject({ morning: false, afternoon: false, evening: true })
  expect(grid[5]).toMatchObject({ morning: true, afternoon: true, evening: true })
})

test('a range that ends where a day part begins does not mark it', () => {
  const [monday] = weeklyAvailabilityGrid([{ weekday: 1, startTime: '06:00', endTime: '08:00' }])
  expect(monday).toMatchObject({ morning: false, afternoon: false, evening: false })
})

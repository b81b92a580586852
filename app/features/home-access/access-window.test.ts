import { describe, expect, test } from 'vitest'
import { accessWindowState, formatWindowMoment } from './access-window.ts'

// The window rule of DESIGN.md ruling 27 at its edges: from 2 hours before the start (included) until the end
// (excluded), for an accepted booking only.

const start = Date.parse('2026-12-03T08:00:00Z')
const end = Date.parse('2026-12-03T09:00:00Z')
const span = { start, end }
const minute = 60_000

describe('the home-access window', () => {
  test.each([
    [start - 120 * minute - 1, 'not-yet'],
    [start - 120 * minute, 'open'],
    [start, 'open'],
    [end - 1, 'open'],
    [end, 'closed'],
  ])('of an accepted booking at %i: %s', (now, state) => {
    expect(accessWindowState({ status: 'accepted', span }, now)).toBe(state)
  })

  test.each(['pending', 'rejected', 'cancelled', 'completed'])('is never open for a %s booking', (status) => {
    expect(accessWindowState({ status, span }, start)).toBe('not-accepted')
  })

  test("says its moments in the booking's zone", () => {
    expect(formatWindowMoment(start - 120 * minute, 'Europe/Zurich')).toBe('07:00 on Thursday, December 3, 2026')
  })
})

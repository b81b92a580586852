import { expect, test, vi } from 'vitest'
import { knownOffsetAt, knowZoneOffsets, type ZoneOffsets } from './zone-offsets.ts'
import { formatLongDate, localDateTime, zoneOffsetsAround } from './zoned-time.ts'

// The offsets the server sends read a zone as Intl does (the expected readings are Intl's own), so the browser that
// reads through them shows what the server rendered.

// As in a browser, where the offsets sent are used (the server reads Intl).
vi.stubGlobal('document', {})

const zones = ['Europe/Zurich', 'America/New_York', 'America/Sao_Paulo', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kolkata', 'Africa/Casablanca', 'UTC']
const now = Date.parse('2026-12-03T12:00:00Z')
const hourMs = 3_600_000

const intlOffset = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
  return (instant: number) => {
    const part = (type: string) => Number(format.formatToParts(instant).find((entry) => entry.type === type)?.value)
    return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - instant
  }
}

/** The instants (ms) at which a span's offset changes. */
const changesOf = (span: ZoneOffsets) => span.offsets.filter((_, index) => index >= 2 && index % 2 === 0).map((from) => from * 1000)

test.each(zones)("%s: every third hour of the span sent, and each second around its changes, reads Intl's offset", (timeZone) => {
  const span = zoneOffsetsAround(now, timeZone)
  knowZoneOffsets(span)
  const expected = intlOffset(timeZone)
  const [first, until] = [span.offsets[0]! * 1000, span.until * 1000]
  expect(first).toBeLessThanOrEqual(now - 365 * 24 * hourMs)
  expect(until).toBeGreaterThanOrEqual(now + 365 * 24 * hourMs)
  const instants = []
  for (let instant = first; instant < until; instant += 3 * hourMs) instants.push(instant)
  for (const from of changesOf(span)) instants.push(from - 1000, from, from + 1000)
  const wrong = instants.filter((instant) => knownOffsetAt(timeZone, instant) !== expected(instant))
  expect(wrong.map((instant) => new Date(instant).toISOString())).toEqual([])
  expect(knownOffsetAt(timeZone, first - 1000)).toBeUndefined()
  expect(knownOffsetAt(timeZone, until)).toBeUndefined()
})

test('a zone with daylight saving has its changes in the span, one without has none', () => {
  expect(changesOf(zoneOffsetsAround(now, 'Europe/Zurich')).map((from) => new Date(from).toISOString())).toEqual([
    '2026-03-29T01:00:00.000Z',
    '2026-10-25T01:00:00.000Z',
    '2027-03-28T01:00:00.000Z',
    '2027-10-31T01:00:00.000Z',
  ])
  expect(changesOf(zoneOffsetsAround(now, 'Asia/Kolkata'))).toEqual([])
})

test("a long date and a local reading through the offsets sent are Intl's", () => {
  for (const timeZone of zones) {
    knowZoneOffsets(zoneOffsetsAround(now, timeZone))
    const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone })
    const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })
    for (let instant = now - 300 * 24 * hourMs; instant < now + 300 * 24 * hourMs; instant += 37 * hourMs + 11 * 60_000) {
      expect(formatLongDate(new Date(instant).toISOString(), timeZone)).toBe(longDate.format(instant))
      expect(localDateTime(instant, timeZone).time).toBe(clock.format(instant))
    }
  }
})

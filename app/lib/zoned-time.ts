import { formatLongLocalDate } from './calendar-names.ts'
import { knownOffsetAt, type ZoneOffsets } from './zone-offsets.ts'

// Local calendar dates (`yyyy-MM-dd`) and clock times (`HH:mm`) in an IANA time zone (DESIGN.md section 1:
// bookings are stored as the sitter's local date and times plus the zone). Conversions go through Intl,
// which knows every zone and its daylight-saving rules; no zone library is needed. In the browser, through the
// offsets a page brought for its viewer's zone where it has them (zone-offsets.ts, decision 121).

export const defaultTimeZone = 'Europe/Zurich'

const minuteMs = 60_000
const dayMs = 24 * 60 * minuteMs

const localDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/
const clockPattern = /^([01]\d|2[0-3]):([0-5]\d)$/

/** A real calendar date written yyyy-MM-dd (2026-02-30 is not one). */
export function isLocalDate(text: string) {
  const match = localDatePattern.exec(text)
  if (!match) return false
  const [, year, month, day] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(2000, month - 1, day))
  // Set apart: Date.UTC reads the years 0 to 99 as 1900 to 1999, which turned 0099-12-31 away.
  date.setUTCFullYear(year, month - 1, day)
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** A clock time HH:mm from 00:00 to 23:59; `24:00` too when it may close a day. */
export function isClockTime(text: string, { endOfDay = false } = {}) {
  return clockPattern.test(text) || (endOfDay && text === '24:00')
}

export const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))

export const fromMinutes = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

const twoDigits = (number: number) => (number < 10 ? `0${number}` : String(number))

/** The date `days` after `date` (before, when negative). From its numbers, not by parsing and formatting a timestamp: a list page asks it dozens of times. */
export function addDays(date: string, days: number) {
  const day = new Date(0)
  day.setUTCFullYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + days)
  return `${String(day.getUTCFullYear()).padStart(4, '0')}-${twoDigits(day.getUTCMonth() + 1)}-${twoDigits(day.getUTCDate())}`
}

/** Every quarter hour of a day, '00:00' to '23:45': the times a screen offers as choices (DESIGN.md ruling 21). */
export const quarterHours = Array.from({ length: 96 }, (_, index) => fromMinutes(index * 15))

/** 1 (Monday) to 7 (Sunday). */
export function isoWeekday(date: string) {
  return new Date(`${date}T00:00:00Z`).getUTCDay() || 7
}

/** Whole days from one local date to another. */
export function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs)
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** Whether Intl knows the zone (an IANA name such as Europe/Zurich). */
export function isTimeZone(timeZone: string) {
  if (timeZone.length === 0 || timeZone.length > 64) return false
  try {
    formatterFor(timeZone)
    return true
  } catch {
    return false
  }
}

/** The zone's wall-clock reading of an instant, written as if it were UTC (whole seconds), from Intl. */
function readWallClock(instant: number, timeZone: string) {
  const parts = formatterFor(timeZone).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value)
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'))
}

/** readWallClock, kept by instant. */
function wallClock(instant: number, timeZone: string) {
  let readings = wallClockReadings.get(timeZone)
  const kept = readings?.get(instant)
  if (kept !== undefined) return kept
  const reading = readWallClock(instant, timeZone)
  if (++wallClockReadingCount > maxWallClockReadings) {
    wallClockReadings.clear()
    wallClockReadingCount = 1
  }
  if (!readings || !wallClockReadings.has(timeZone)) {
    readings = new Map()
    wallClockReadings.set(timeZone, readings)
  }
  readings.set(instant, reading)
  return reading
}

/**
 * Each zone's readings already made, by instant: a page of bookings asks the same few hundred instants on
 * every request, and formatToParts was a tenth of a booking list's CPU time.
 */
const wallClockReadings = new Map<string, Map<number, number>>()
let wallClockReadingCount = 0
const maxWallClockReadings = 50_000

const offsetSpanDays = 400
const spans = new Map<string, ZoneOffsets>()

/**
 * `timeZone`'s offsets from Intl, from `offsetSpanDays` before the day of `instant` to as many after, for the browser
 * (zone-offsets.ts); made once a zone a day.
 */
export function zoneOffsetsAround(instant: number, timeZone: string): ZoneOffsets {
  const start = Math.floor(instant / dayMs) * dayMs - offsetSpanDays * dayMs
  const key = `${timeZone}|${start}`
  const kept = spans.get(key)
  if (kept) return kept
  const intlOffset = (second: number) => readWallClock(second * 1000, timeZone) / 1000 - second
  const first = start / 1000
  const offsets = [first, intlOffset(first)]
  const daySeconds = dayMs / 1000
  for (let day = first + daySeconds; day <= first + 2 * offsetSpanDays * daySeconds; day += daySeconds) {
    const offset = intlOffset(day)
    if (offset === offsets.at(-1)) continue
    // The second the change took effect: zones change at most once a day.
    let [before, after] = [day - daySeconds, day]
    while (after - before > 1) {
      const middle = Math.floor((before + after) / 2)
      if (intlOffset(middle) === offset) after = middle
      else before = middle
    }
    offsets.push(after, offset)
  }
  if (spans.size > 1000) spans.clear()
  const span = { timeZone, offsets, until: first + (2 * offsetSpanDays + 1) * daySeconds }
  spans.set(key, span)
  return span
}

/** The viewer's zone, the moment of the render and the zone's offsets around it: a page's times read the same on the server and in the browser (which reads them through `knowZoneOffsets`, without Intl). */
export function viewerClock(viewer: { timeZone: string }) {
  const now = Date.now()
  return { timeZone: viewer.timeZone, now: new Date(now).toISOString(), zoneOffsets: zoneOffsetsAround(now, viewer.timeZone) }
}

function offsetAt(instant: number, timeZone: string) {
  const second = Math.floor(instant / 1000) * 1000
  return knownOffsetAt(timeZone, second) ?? wallClock(second, timeZone) - second
}

/**
 * The instant at which clocks in the zone show `date` `time` (`24:00` is midnight at the end of the day).
 * A time skipped by a daylight-saving jump lands just after the jump.
 */
export function zonedInstant(date: string, time: string, timeZone: string) {
  const wall = Date.parse(`${date}T00:00:00Z`) + toMinutes(time) * minuteMs
  const guess = wall - offsetAt(wall, timeZone)
  return wall - offsetAt(guess, timeZone)
}

/** The local date, clock time and minutes past midnight in the zone at an instant. */
export function localDateTime(instant: number, timeZone: string) {
  // Through the offset, whose readings are kept by the second: `now` is a new instant on every request.
  const iso = new Date(instant + offsetAt(instant, timeZone)).toISOString()
  const time = iso.slice(11, 16)
  return { date: iso.slice(0, 10), time, minutes: toMinutes(time) }
}

/** ISO 8601 with the zone's offset at that instant, as Google Calendar writes it: 2026-03-02T09:00:00+01:00. */
export function formatZonedIso(instant: number, timeZone: string) {
  const offsetMinutes = Math.round(offsetAt(instant, timeZone) / minuteMs)
  const local = new Date(instant + offsetMinutes * minuteMs).toISOString().slice(0, 19)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const absolute = Math.abs(offsetMinutes)
  return `${local}${sign}${fromMinutes(absolute)}`
}

/** The local date and clock time in the zone of an instant the database wrote (a valid ISO 8601 time). */
export const localDateTimeOf = (iso: string, timeZone = defaultTimeZone) => localDateTime(Date.parse(iso), timeZone)

/** The local date (yyyy-MM-dd) in the zone of an instant the database wrote. */
export const localDateOf = (iso: string, timeZone = defaultTimeZone) => localDateTimeOf(iso, timeZone).date

/** 'November 21, 2026' (spec section 9: US English long date) for an instant, in the zone; null when it is not a date. */
export function formatLongDate(iso: string, timeZone = defaultTimeZone) {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return null
  return formatLongLocalDate(localDateTime(time, timeZone).date)
}

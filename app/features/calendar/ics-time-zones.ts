import { localDateTime } from '#app/lib/zoned-time.ts'

// VTIMEZONE blocks for a feed's recurring events (weekly series, issue 33). A weekly series keeps
// its clock time across daylight-saving changes only when its times are local times of its zone (DTSTART;TZID=),
// and RFC 5545 wants every TZID defined in the file: calendar apps that know the IANA name use their own rules,
// the others (ical.js among them) read these. The zone's offset changes come from Intl, written out one by one
// for the years the feed covers, so no zone database is needed.

const minuteMs = 60_000
const weekMs = 7 * 24 * 60 * minuteMs

/** The zone's UTC offset at an instant, in minutes. */
function offsetMinutesAt(instant: number, timeZone: string) {
  const minute = Math.floor(instant / minuteMs) * minuteMs
  const { date, time } = localDateTime(minute, timeZone)
  return (Date.parse(`${date}T${time}:00Z`) - minute) / minuteMs
}

export type OffsetChange = { at: number; before: number; after: number }

/** Every change of the zone's offset from `from` to `to`, found week by week and narrowed to the minute. */
export function offsetChanges(timeZone: string, from: number, to: number): OffsetChange[] {
  const changes: OffsetChange[] = []
  let offset = offsetMinutesAt(from, timeZone)
  for (let start = from; start < to; start += weekMs) {
    const end = Math.min(start + weekMs, to)
    const next = offsetMinutesAt(end, timeZone)
    if (next === offset) continue
    let low = Math.floor(start / minuteMs)
    let high = Math.floor(end / minuteMs)
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2)
      if (offsetMinutesAt(middle * minuteMs, timeZone) === offset) low = middle
      else high = middle
    }
    changes.push({ at: high * minuteMs, before: offset, after: next })
    offset = next
  }
  return changes
}

const formatOffset = (minutes: number) => {
  const absolute = Math.abs(minutes)
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(absolute / 60)).padStart(2, '0')}${String(absolute % 60).padStart(2, '0')}`
}

/** The wall-clock reading of an instant at an offset, as a local DATE-TIME. */
const wallClockAt = (instant: number, offsetMinutes: number) =>
  new Date(instant + offsetMinutes * minuteMs).toISOString().slice(0, 19).replace(/[-:]/g, '')

function observance(kind: 'STANDARD' | 'DAYLIGHT', onset: string, before: number, after: number) {
  return [`BEGIN:${kind}`, `DTSTART:${onset}`, `TZOFFSETFROM:${formatOffset(before)}`, `TZOFFSETTO:${formatOffset(after)}`, `END:${kind}`]
}

/** The VTIMEZONE lines of a zone: its offset at `from`, then each change until `to`. */
export function vTimezoneLines(timeZone: string, from: number, to: number) {
  const initial = offsetMinutesAt(from, timeZone)
  const changes = offsetChanges(timeZone, from, to)
  const firstKind = changes[0] && changes[0].after < changes[0].before ? 'DAYLIGHT' : 'STANDARD'
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(firstKind, wallClockAt(from, initial), initial, initial),
    ...changes.flatMap((change) => observance(change.after > change.before ? 'DAYLIGHT' : 'STANDARD', wallClockAt(change.at, change.before), change.before, change.after)),
    'END:VTIMEZONE',
  ]
}

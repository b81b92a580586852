import { distanceInMiles, type GeoPoint } from '#app/features/geo/distance.ts'
import { addDays, localDateTime, zonedInstant } from '#app/lib/zoned-time.ts'

// The rules of a visit log (issue 32, DESIGN.md ruling 27), pure and safe in the browser: when a sitter may check
// in, how a check-in position becomes 'at the place' / 'elsewhere' in 50 m steps, which route points are never
// stored, how long a route is, and when an alarm is due.

const minute = 60_000
const metersPerMile = 1609.344

export const visitRules = {
  checkInOpensBeforeStartMs: 30 * minute,
  atPlaceWithinMeters: 150,
  distanceStepMeters: 50,
  homeZoneMeters: 200,
  maxPhotos: 10,
  maxRoutePoints: 2000,
  maxRouteBatch: 100,
  /** Faster than a dog is walked, run or cycled beside: a point that far from the last is a GPS error or made up. */
  maxRouteSpeedMetersPerSecond: 10,
  /** A phone's position wanders this far while standing still. */
  routeJitterMeters: 50,
  missedCheckInAfterMs: 15 * minute,
  missedCheckOutAfterMs: 30 * minute,
  dailyUpdateFromTime: '08:00',
  dailyUpdateDueTime: '20:00',
} as const

export const activityKinds = ['pee', 'poo', 'food', 'water', 'medication', 'play'] as const
export type ActivityKind = (typeof activityKinds)[number]
export const entryKinds = [...activityKinds, 'note'] as const
export type EntryKind = (typeof entryKinds)[number]

export const entryLabels: Record<EntryKind, string> = {
  pee: 'Pee',
  poo: 'Poo',
  food: 'Food',
  water: 'Water',
  medication: 'Medication',
  play: 'Play',
  note: 'Note',
}

export const checkInPlaces = ['at_place', 'elsewhere', 'no_position'] as const
export type CheckInPlace = (typeof checkInPlaces)[number]

/** What a visit's alarms say (visitAlarms.kind: the kind, and for a daily update ':' and its local date). */
export const alarmKinds = ['missed-check-in', 'missed-check-out', 'missed-update'] as const
export type AlarmKind = (typeof alarmKinds)[number]

export const alarmKey = (kind: AlarmKind, date?: string) => (kind === 'missed-update' ? `${kind}:${date}` : kind)

export function readAlarmKey(key: string): { kind: AlarmKind; date: string | null } {
  const [kind, date] = key.split(':') as [AlarmKind, string | undefined]
  return { kind, date: date ?? null }
}

/** Boarding and daycare get a daily update with a photo instead of a walk's route. */
export const dailyUpdateServices = ['boarding', 'daycare'] as const
export const hasDailyUpdates = (service: string) => (dailyUpdateServices as readonly string[]).includes(service)
export const tracksRoute = (service: string) => service === 'walking'

type Span = { start: number; end: number }

/** Check-in is open from 30 minutes before the start until the end. */
export function checkInWindow(span: Span) {
  return { opensAt: span.start - visitRules.checkInOpensBeforeStartMs, closesAt: span.end }
}

export const metersBetween = (a: GeoPoint, b: GeoPoint) => distanceInMiles(a, b) * metersPerMile

/** Where a check-in happened, kept as a place and a distance in 50 m steps: the coordinates go no further. */
export function classifyCheckIn(position: GeoPoint | null, meetingPlace: GeoPoint | null): { place: CheckInPlace; distanceMeters: number | null } {
  if (!position || !meetingPlace) return { place: 'no_position', distanceMeters: null }
  const meters = metersBetween(position, meetingPlace)
  const place = meters <= visitRules.atPlaceWithinMeters ? 'at_place' : 'elsewhere'
  return { place, distanceMeters: Math.round(meters / visitRules.distanceStepMeters) * visitRules.distanceStepMeters }
}

export type RoutePoint = GeoPoint & { at: number }

/** Whether a point lies within 200 m of a home: such a point is measured but never stored. */
export const isNearAHome = (point: GeoPoint, homes: readonly GeoPoint[]) => homes.some((home) => metersBetween(point, home) <= visitRules.homeZoneMeters)

/**
 * The points a walk can have passed, in time order: each within reach of the last one kept (at most 10 m/s, plus a
 * phone's 50 m of wander). A jump across town in a second (a GPS error, or a made-up point) is left out, so the length
 * the owner reads is the walk's. `after` is where the route so far ended. A phone's first fix is often far off: when
 * it is all the route has and the two points after it agree, it is the one left out.
 */
export function reachablePoints(points: readonly RoutePoint[], after?: RoutePoint) {
  const kept: RoutePoint[] = []
  for (const [index, point] of points.entries()) {
    const last = kept.at(-1) ?? after
    if (!last || reaches(last, point)) kept.push(point)
    else if (!after && kept.length === 1 && points[index + 1] && reaches(point, points[index + 1]!)) kept[0] = point
  }
  return kept
}

const reaches = (from: RoutePoint, to: RoutePoint) =>
  metersBetween(from, to) <= visitRules.routeJitterMeters + (visitRules.maxRouteSpeedMetersPerSecond * Math.max(0, to.at - from.at)) / 1000

/** The length of a path through the points in their order, in metres. */
export function pathMeters(points: readonly GeoPoint[]) {
  let meters = 0
  for (let index = 1; index < points.length; index++) meters += metersBetween(points[index - 1]!, points[index]!)
  return meters
}

/**
 * The local dates of a boarding or daycare booking that owe an update with a photo: each date the booking covers
 * some of between 08:00 and 20:00 in its zone, due at 20:00 or at the booking's end if that comes first.
 */
export function dailyUpdateDues(span: Span, timeZone: string): { date: string; dueAt: number }[] {
  const dues: { date: string; dueAt: number }[] = []
  const last = localDateTime(span.end - 1, timeZone).date
  for (let date = localDateTime(span.start, timeZone).date; date <= last; date = addDays(date, 1)) {
    const dueTime = zonedInstant(date, visitRules.dailyUpdateDueTime, timeZone)
    if (span.start < dueTime && span.end > zonedInstant(date, visitRules.dailyUpdateFromTime, timeZone)) dues.push({ date, dueAt: Math.min(dueTime, span.end) })
  }
  return dues
}

/** '1.2 km' or '850 m', for the report card. */
export function formatMeters(meters: number) {
  return meters >= 1000 ? `${(meters / 1000).toFixed(1)} km` : `${Math.round(meters)} m`
}

/** '1 h 05 min' or '25 min'. */
export function formatDuration(milliseconds: number) {
  const minutes = Math.max(0, Math.round(milliseconds / minute))
  const hours = Math.floor(minutes / 60)
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`
}

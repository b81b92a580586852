import type { VisitLogJson } from '../visit-log.server.ts'

// A walk's route as a small inline drawing (no map library, no tiles: nothing leaves the page). Points near
// either home were never stored, so the line starts and ends a little away from them.

const width = 320
const height = 180
const margin = 12

type Point = { latitude: number; longitude: number }

/** The points fitted into the drawing, north up, with metres the same length across and down. */
function fitted(points: readonly Point[]) {
  const midLatitude = (Math.min(...points.map((point) => point.latitude)) + Math.max(...points.map((point) => point.latitude))) / 2
  const squeeze = Math.cos((midLatitude * Math.PI) / 180)
  const xs = points.map((point) => point.longitude * squeeze)
  const ys = points.map((point) => -point.latitude)
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  const scale = Math.min((width - 2 * margin) / (maxX - minX || 1), (height - 2 * margin) / (maxY - minY || 1))
  const offsetX = (width - (maxX - minX) * scale) / 2
  const offsetY = (height - (maxY - minY) * scale) / 2
  return xs.map((x, index) => `${(offsetX + (x - minX) * scale).toFixed(1)},${(offsetY + (ys[index]! - minY) * scale).toFixed(1)}`)
}

export function RouteDrawing({ points, label }: { points: NonNullable<VisitLogJson['route']>['points']; label: string }) {
  if (points.length < 2) return null
  const coordinates = fitted(points)
  const [startX, startY] = coordinates[0]!.split(',')
  const [endX, endY] = coordinates.at(-1)!.split(',')
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} className="h-auto w-full max-w-sm rounded-lg border border-stone-200 bg-stone-50">
      <polyline points={coordinates.join(' ')} fill="none" stroke="currentColor" strokeWidth={3} strokeLinejoin="round" strokeLinecap="round" className="text-brand-700" />
      <circle cx={startX} cy={startY} r={5} className="fill-white stroke-brand-700" strokeWidth={2} />
      <circle cx={endX} cy={endY} r={5} className="fill-brand-700" />
    </svg>
  )
}

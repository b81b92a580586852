import type { ReactNode } from 'react'
import type { VisitLogJson } from '../visit-log.server.ts'
import { checkInPlaceLabel } from '../visit-format.ts'
import { formatDuration, formatMeters } from '../visit-rules.ts'
import { RouteDrawing } from './route-drawing.tsx'
import { VisitEntries } from './visit-entries.tsx'
import { VisitPhotos } from './visit-photos.tsx'

/** A checked-out visit: what the owner gets back, built from the server's times and what the sitter logged there. */
export function ReportCard({ visit, sitterName, timeOf }: { visit: VisitLogJson; sitterName: string; timeOf: (iso: string) => string }) {
  const { checkIn, checkOut, route } = visit
  if (!checkIn || !checkOut) return null
  const activities = visit.entries.filter((entry) => entry.kind !== 'note')
  const notes = visit.entries.filter((entry) => entry.kind === 'note')
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
        <Fact label="Checked in">
          {timeOf(checkIn.at)}
          <span className="block text-sm font-normal text-stone-600">{checkInPlaceLabel(checkIn)}</span>
        </Fact>
        <Fact label="Checked out">{timeOf(checkOut.at)}</Fact>
        <Fact label="Duration">{formatDuration(Date.parse(checkOut.at) - Date.parse(checkIn.at))}</Fact>
        {route ? <Fact label="Distance">{formatMeters(route.distanceMeters)}</Fact> : null}
      </dl>
      <Part title="Activities">
        <VisitEntries entries={activities} label="Activities" timeOf={timeOf} empty="No activities logged." />
      </Part>
      {visit.photos.length > 0 ? (
        <Part title="Photos">
          <VisitPhotos photos={visit.photos} timeOf={timeOf} />
        </Part>
      ) : null}
      {route && route.points.length > 1 ? (
        <Part title="Route">
          <RouteDrawing points={route.points} label={`The route walked, ${formatMeters(route.distanceMeters)}`} />
        </Part>
      ) : null}
      {notes.length > 0 ? (
        <Part title="Notes during the visit">
          <VisitEntries entries={notes} label="Notes during the visit" timeOf={timeOf} empty="" />
        </Part>
      ) : null}
      {checkOut.note ? (
        <Part title={`${sitterName.split(' ')[0] ?? sitterName}'s note`}>
          <bdi className="block whitespace-pre-line rounded-lg bg-stone-50 p-3 text-stone-800">{checkOut.note}</bdi>
        </Part>
      ) : null}
    </div>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="font-medium text-stone-900 tabular-nums">{children}</dd>
    </div>
  )
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-stone-800">{title}</h3>
      {children}
    </div>
  )
}

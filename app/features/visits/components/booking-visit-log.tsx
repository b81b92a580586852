import type { ReactNode } from 'react'
import { formatWindowMoment } from '#app/features/home-access/access-window.ts'
import type { VisitForm, VisitFormRefusal } from '../visit-form-fields.ts'
import type { VisitLogJson } from '../visit-log.server.ts'
import { checkInPlaceLabel, visitMoments } from '../visit-format.ts'
import { hasDailyUpdates, tracksRoute } from '../visit-rules.ts'
import { ActivityButtons } from './activity-buttons.tsx'
import { CheckInForm } from './check-in-form.tsx'
import { CheckOutForm } from './check-out-form.tsx'
import { DailyUpdates } from './daily-updates.tsx'
import { LazyRouteTracker } from './lazy-route-tracker.tsx'
import { ReportCard } from './report-card.tsx'
import { VisitAlarms } from './visit-alarms.tsx'
import { VisitEntries } from './visit-entries.tsx'
import { VisitNoteForm } from './visit-note-form.tsx'
import { VisitPhotoForm } from './visit-photo-form.tsx'
import { VisitPhotos } from './visit-photos.tsx'

// The booking page's visit log (issue 32, DESIGN.md ruling 27): before the visit when its sitter may check in;
// while it runs the log with the sitter's forms (activities, notes, photos, the walk's route, check-out); after
// it the report card. Both parties read it; with JavaScript the page reloads it when the booking's events arrive.

type VisitBooking = { id: string; viewerRole: 'owner' | 'sitter'; status: string; service: string; timeZone: string; sitterName: string }

const headings = { 'not-started': 'Visit log', 'under-way': 'Visit log', 'checked-out': 'Report card' } as const

export function BookingVisitLog({ visit, booking, now, refusal }: { visit: VisitLogJson; booking: VisitBooking; now: number; refusal: VisitFormRefusal | null }) {
  const timeOf = visitMoments(visit, booking.timeZone)
  const refusalOf = (form: VisitForm) => (refusal?.form === form ? refusal.message : null)
  const sitterView = booking.viewerRole === 'sitter'
  // A refusal whose form is gone (the visit moved on meanwhile, in another tab) shows at the top.
  const formsShown: VisitForm[] = !sitterView ? [] : visit.state === 'under-way' ? ['activity', 'note', 'photo', 'check-out'] : visit.state === 'not-started' && visit.canCheckIn ? ['check-in'] : []
  const strayRefusal = refusal && !formsShown.includes(refusal.form) ? refusal : null
  return (
    <section aria-labelledby="visit-heading" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="visit-heading" className="text-lg font-semibold">
        {headings[visit.state]}
      </h2>
      {strayRefusal ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p>{strayRefusal.message}</p>
          {strayRefusal.note ? (
            <p className="mt-2">
              Your note, not saved: <bdi className="whitespace-pre-line">{strayRefusal.note}</bdi>
            </p>
          ) : null}
        </div>
      ) : null}
      <VisitAlarms alarms={visit.alarms} timeOf={timeOf} />
      {visit.state === 'not-started' ? (
        <BeforeTheVisit visit={visit} booking={booking} now={now} refusal={refusalOf('check-in')} />
      ) : visit.state === 'under-way' && visit.checkIn ? (
        <>
          <p className="rounded-lg bg-brand-50 p-3 text-stone-900">
            <span className="font-semibold">Visit under way since {timeOf(visit.checkIn.at)}</span>
            <span className="block text-sm text-stone-600">{checkInPlaceLabel(visit.checkIn)}</span>
          </p>
          {visit.dailyUpdates ? <DailyUpdates updates={visit.dailyUpdates} /> : null}
          {sitterView ? <ActivityButtons refusal={refusalOf('activity')} /> : null}
          <VisitEntries entries={visit.entries} label="Logged so far" timeOf={timeOf} empty="Nothing logged yet." />
          <VisitPhotos photos={visit.photos} timeOf={timeOf} />
          {sitterView ? (
            <div className="space-y-5 border-t border-stone-100 pt-4">
              {/* Each saved note or photo empties its form: the key changes with what the log holds. */}
              <VisitNoteForm key={`note-${visit.entries.length}`} refusal={refusal?.form === 'note' ? refusal : null} />
              <VisitPhotoForm key={`photo-${visit.photos.length}`} refusal={refusalOf('photo')} dailyUpdates={hasDailyUpdates(booking.service)} />
              {tracksRoute(booking.service) ? <LazyRouteTracker bookingId={booking.id} /> : null}
              <CheckOutForm refusal={refusal?.form === 'check-out' ? refusal : null} />
            </div>
          ) : null}
        </>
      ) : (
        <>
          <ReportCard visit={visit} sitterName={booking.sitterName} timeOf={timeOf} />
          {visit.dailyUpdates ? <DailyUpdates updates={visit.dailyUpdates} /> : null}
        </>
      )}
    </section>
  )
}

function BeforeTheVisit({ visit, booking, now, refusal }: { visit: VisitLogJson; booking: VisitBooking; now: number; refusal: string | null }) {
  const opensAt = Date.parse(visit.checkInOpensAt)
  const closed = now >= Date.parse(visit.checkInClosesAt) || booking.status !== 'accepted'
  const firstName = booking.sitterName.split(' ')[0] ?? booking.sitterName
  let text: ReactNode
  if (closed) text = 'No visit was checked in.'
  else if (booking.viewerRole === 'owner') text = <>The log starts when <bdi>{firstName}</bdi> checks in: from {formatWindowMoment(opensAt, booking.timeZone)}.</>
  else if (visit.canCheckIn) return <CheckInForm refusal={refusal} />
  else text = `Check in from ${formatWindowMoment(opensAt, booking.timeZone)}.`
  return <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700">{text}</p>
}

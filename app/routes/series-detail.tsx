import type { ReactNode } from 'react'
import { data, Form, href, Link, useNavigation } from 'react-router'
import type { Route } from './+types/series-detail'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { formatBookingDate, formatDogNames, formatNameList } from '#app/features/bookings/booking-format.ts'
import { StatusBadge } from '#app/features/bookings/components/status-badge.tsx'
import { formatRateForDogs } from '#app/features/bookings/pricing.ts'
import { formatWeekdays } from '#app/features/bookings/series-format.ts'
import { getSeriesFor, type SeriesView } from '#app/features/bookings/series-reads.server.ts'
import { submitSeriesStatusForm } from '#app/features/bookings/series-screens.server.ts'
import { formatSlot } from '#app/features/bookings/slots.ts'
import { serviceLabels, type SitterService } from '#app/features/sitters/options.ts'
import { formatUsd } from '#app/lib/money.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { formatWeekdayAndDay, readDate } from '#app/features/availability/calendar-dates.ts'
import { addDays, localDateTime } from '#app/lib/zoned-time.ts'
import { Button } from '#app/ui/button.tsx'
import { EmptyState, LinkButton } from '#app/ui/data-states.tsx'
import { Page } from '#app/ui/page.tsx'

// /bookings/series/{id} (issue 33 part 1): a weekly series for one of its two parties; anyone else gets 'Series not
// found' (404). While it waits, the sitter sees what the next eight weeks would be (each date that would not fit, and
// why) and accepts or declines the whole series; its owner may cancel the request. Once accepted, both see its
// bookings (each an ordinary booking: skip one by cancelling it, move one by proposing a change), the dates that did
// not fit, and a form to end the series from a date. Every answer is a plain form, so it works without JavaScript.

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = await requireUser({ context, url })
  const series = await getSeriesFor(user.id, params.id)
  if (!series) return data({ series: null, today: '' }, { status: 404 })
  return { series, today: localDateTime(Date.now(), series.timeZone).date }
}

const answerToasts = {
  accepted: { title: 'Weekly series accepted', description: 'Its bookings for the next eight weeks are in both your lists.' },
  declined: { title: 'Weekly series declined', description: 'The owner will hear of it.' },
  cancelled: { title: 'Weekly request cancelled', description: 'The sitter will hear of it.' },
  ended: { title: 'Weekly series ended', description: 'Its bookings from that date on are cancelled.' },
} as const

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const user = await requireUser({ context, url })
  const form = await request.formData()
  const outcome = await submitSeriesStatusForm(user, params.id, form)
  // A refused end keeps the date that was chosen (a valid date only; anything else shows today again).
  const from = form.get('from')
  const chosenEnd = form.get('status') === 'ended' && typeof from === 'string' ? readDate(from) : null
  if (!outcome.ok) return data({ message: outcome.message, conflicts: outcome.conflicts, chosenEnd }, { status: outcome.status })
  const toast = answerToasts[outcome.status as keyof typeof answerToasts]
  return redirectWithToast(href('/bookings/series/:id', { id: params.id }), { type: 'success', ...toast })
}

const seriesStatusLabels: Record<SeriesView['status'], string> = {
  pending: 'Waiting for an answer',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  ended: 'Ended',
}

const seriesStatusTones: Record<SeriesView['status'], string> = {
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  accepted: 'bg-green-100 text-green-900 ring-green-300',
  declined: 'bg-red-100 text-red-900 ring-red-300',
  cancelled: 'bg-stone-200 text-stone-700 ring-stone-300',
  ended: 'bg-stone-200 text-stone-700 ring-stone-300',
}

export default function SeriesRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { series, today } = loaderData
  if (!series) {
    return (
      <Page width="narrow">
        <EmptyState title="Series not found" description="This weekly series does not exist or is not yours." action={<LinkButton to={href('/bookings')}>Your bookings</LinkButton>} />
      </Page>
    )
  }
  const other = series.viewerRole === 'owner' ? series.sitter : series.owner
  const service = serviceLabels[series.service as SitterService] ?? series.service
  const dogNames = formatDogNames(series.dogs)
  const listHref = series.viewerRole === 'owner' ? href('/bookings') : href('/bookings-sitter')
  return (
    <Page width="regular" className="space-y-5">
      <Link to={listHref} className="tap-target inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-4">
        <span aria-hidden>←</span> Your bookings
      </Link>
      <header className="space-y-2">
        <span data-series-status={series.status} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${seriesStatusTones[series.status]}`}>
          {series.expired ? 'Expired' : seriesStatusLabels[series.status]}
        </span>
        <h1 className="text-2xl font-bold">
          Weekly {service.toLowerCase()} for <bdi>{dogNames}</bdi>
        </h1>
        <p className="text-stone-600">
          {series.viewerRole === 'owner' ? 'With' : 'For'} <bdi>{other.name}</bdi>
        </p>
        {series.expired ? <p>This request expired: its last date passed before it was answered.</p> : null}
      </header>

      {actionData ? <Refusal message={actionData.message} conflicts={actionData.conflicts} /> : null}

      <section className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 className="sr-only">The series</h2>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Fact label="Every week on">{formatWeekdays(series.weekdays)}</Fact>
          <Fact label="Time">
            {series.timeSlots.map(formatSlot).join(', ')} <span className="text-stone-600">({series.timeZone})</span>
          </Fact>
          <Fact label="From">{formatBookingDate(series.firstDate)}</Fact>
          <Fact label="Until">{series.endDate ? formatBookingDate(series.endDate) : 'No end date'}</Fact>
          <Fact label="Each visit">
            {series.status === 'declined' || series.status === 'cancelled' ? (
              'None agreed: the request was not accepted'
            ) : series.pricePerVisitCents === null || series.hourlyRateCents === null ? (
              'No rate set'
            ) : (
              <>
                {formatUsd(series.pricePerVisitCents)}{' '}
                <span className="text-stone-600">
                  ({formatRateForDogs(series.service as SitterService, { hourlyRateCents: series.hourlyRateCents, extraDogRateCents: series.extraDogRateCents }, series.dogs.length)}
                  {series.rateFixed ? ', fixed for the whole series' : ", today's rate, fixed when accepted"})
                </span>
              </>
            )}
          </Fact>
          {series.notes ? <Fact label="Notes">{series.notes}</Fact> : null}
          {series.location ? <Fact label="Place">{series.location}</Fact> : null}
        </dl>
      </section>

      {series.actions.includes('accepted') ? <AnswerForms /> : null}
      {series.actions.includes('cancelled') ? (
        <Form method="post">
          <input type="hidden" name="status" value="cancelled" />
          <Button type="submit" variant="secondary" className="tap-target w-full sm:w-auto">
            Cancel this request
          </Button>
        </Form>
      ) : null}
      {series.upcoming ? <Upcoming dates={series.upcoming} viewerRole={series.viewerRole} otherName={other.name} /> : null}
      {series.conflicts.length > 0 ? (
        <section className="space-y-2 rounded-2xl border border-amber-200 bg-amber-50 p-5" aria-labelledby="series-conflicts">
          <h2 id="series-conflicts" className="text-lg font-semibold text-amber-950">
            Dates not booked
          </h2>
          <ul className="divide-y divide-amber-100">
            {series.conflicts.map((conflict) => (
              <li key={conflict.date} className="py-2">
                <span className="font-medium">{formatBookingDate(conflict.date)}</span>
                <span className="block text-sm text-amber-950">{conflict.reason}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {series.bookings.length > 0 ? <SeriesBookings bookings={series.bookings} /> : null}
      {series.actions.includes('ended') ? <EndForm today={today} chosen={actionData?.chosenEnd ?? null} bookedThrough={series.bookedThrough} lateDates={series.lateIfEndedNow} /> : null}
    </Page>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  )
}

function Refusal({ message, conflicts }: { message: string; conflicts: readonly { date: string; reason: string }[] }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-medium">{message}</p>
      {conflicts.length > 0 ? (
        <ul className="mt-2 list-disc pl-5 text-sm">
          {conflicts.map((conflict) => (
            <li key={conflict.date}>
              {formatBookingDate(conflict.date)}: {conflict.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** The next eight weeks as accepting now would make them: each date, and why one would not fit. */
function Upcoming({ dates, viewerRole, otherName }: { dates: NonNullable<SeriesView['upcoming']>; viewerRole: 'owner' | 'sitter'; otherName: string }) {
  const unfit = dates.filter((date) => date.reason !== null).length
  return (
    <section className="space-y-2 rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="series-upcoming">
      <h2 id="series-upcoming" className="text-lg font-semibold">
        The next eight weeks
      </h2>
      <p className="text-sm text-stone-700">
        {dates.length - unfit} of {dates.length} dates fit{unfit > 0 ? ` today; ${unfit} would not be booked.` : '.'}{' '}
        {viewerRole === 'sitter' ? 'Accepting books every date that fits and lists the others for you both.' : <>They are booked when <bdi>{otherName}</bdi> accepts.</>}
      </p>
      <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3">
        {dates.map((date) => (
          <li key={date.date} className={`rounded-lg px-3 py-1.5 ${date.reason ? 'col-span-2 bg-amber-50 text-amber-950 sm:col-span-3' : 'bg-stone-50'}`}>
            <span className="font-medium">{formatWeekdayAndDay(date.date)}</span>
            {date.reason ? <span className="block text-sm">{date.reason}</span> : <span className="sr-only">: fits</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}

function AnswerForms() {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Form method="post" className="flex-1 space-y-2 rounded-2xl bg-white p-5 shadow-sm">
        <input type="hidden" name="status" value="accepted" />
        <label className="tap-target flex items-center gap-2 text-sm">
          <input type="checkbox" name="addToCalendar" defaultChecked className="size-5 accent-brand-700" />
          Add to Google Calendar (one repeating event)
        </label>
        <Button type="submit" disabled={busy} className="tap-target w-full">
          Accept the series
        </Button>
      </Form>
      <Form method="post" className="flex items-end rounded-2xl bg-white p-5 shadow-sm">
        <input type="hidden" name="status" value="declined" />
        <Button type="submit" variant="secondary" disabled={busy} className="tap-target w-full">
          Decline
        </Button>
      </Form>
    </div>
  )
}

function SeriesBookings({ bookings }: { bookings: SeriesView['bookings'] }) {
  return (
    <section className="space-y-2 rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="series-bookings">
      <h2 id="series-bookings" className="text-lg font-semibold">
        Bookings
      </h2>
      <p className="text-sm text-stone-700">Each date is a booking of its own: open it to skip that date (cancel it) or to move it (propose a change).</p>
      <ul className="grid gap-x-6 sm:grid-cols-2">
        {bookings.map((booking) => (
          <li key={booking.id} className="border-b border-stone-100">
            <Link to={href('/bookings/:id', { id: booking.id })} className="tap-target flex items-center justify-between gap-3 py-2 hover:bg-stone-50">
              <span>
                <span className="font-medium">{formatBookingDate(booking.date)}</span>
                <span className="block text-sm text-stone-600">
                  {booking.startTime}
                  {booking.seriesDate && booking.seriesDate !== booking.date ? ` · moved from ${formatBookingDate(booking.seriesDate)}` : ''}
                </span>
              </span>
              <StatusBadge status={booking.status} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Ending from a date; warns of the bookings that ending now would cancel late (the server decides again at the submit). */
function EndForm({ today, chosen, bookedThrough, lateDates }: { today: string; chosen: string | null; bookedThrough: string | null; lateDates: readonly string[] }) {
  const dates = formatNameList(lateDates.map(formatWeekdayAndDay))
  return (
    <Form method="post" className="space-y-3 rounded-2xl bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold">End the series</h2>
      <input type="hidden" name="status" value="ended" />
      <div>
        <label htmlFor="series-end-from" className="mb-1 block text-sm font-medium text-stone-800">
          No more bookings from
        </label>
        <input
          id="series-end-from"
          type="date"
          name="from"
          min={today}
          max={bookedThrough ? addDays(bookedThrough, 1) : undefined}
          defaultValue={chosen ?? today}
          required
          className="tap-target w-full rounded-lg border border-stone-300 px-3 py-2.5 sm:w-auto"
        />
      </div>
      <p className="text-sm text-stone-600">
        Its bookings from that date on are cancelled; those before it stay.
        {bookedThrough ? ` It is booked through ${formatWeekdayAndDay(bookedThrough)}.` : null}
      </p>
      {lateDates.length > 0 ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {lateDates.length === 1
            ? `Cancelling the booking on ${dates} is now late under the cancellation terms: ending the series from that date or earlier counts it on your profile.`
            : `Cancelling the bookings on ${dates} is now late under the cancellation terms: each of them that ending the series cancels is counted on your profile.`}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" className="tap-target">
        End the series
      </Button>
    </Form>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Weekly series | Pawpal' }]

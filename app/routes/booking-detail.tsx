import type { SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { data, Form, href, Link, useNavigation } from 'react-router'
import type { Route } from './+types/booking-detail'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { formatBookingDate, formatDogNames } from '#app/features/bookings/booking-format.ts'
import { type BookingPageJson, countLateCancellations, getBookingFor, toBookingPageJson } from '#app/features/bookings/booking-reads.server.ts'
import { submitReplyForm, submitReviewForm } from '#app/features/bookings/booking-review.server.ts'
import { submitAddToCalendar, submitStatusChange } from '#app/features/calendar/booking-screen-forms.server.ts'
import { changeFormDogs, submitChangeAnswer, submitChangeProposal } from '#app/features/bookings/booking-change-forms.server.ts'
import { OverlapNote } from '#app/features/bookings/components/overlap-note.tsx'
import { StatusBadge } from '#app/features/bookings/components/status-badge.tsx'
import { isMove, type Move, moveButtonLabels } from '#app/features/bookings/moves.ts'
import { periodLabels } from '#app/features/bookings/periods.ts'
import { formatSlot } from '#app/features/bookings/slots.ts'
import { homeAccessOnBookingPage, vaultPageHeaders } from '#app/features/home-access/home-access.server.ts'
import { termsLabels } from '#app/features/sitters/cancellation-terms.ts'
import { serviceLabels, type SitterService } from '#app/features/sitters/options.ts'
import { formatRateForDogs } from '#app/features/bookings/pricing.ts'
import { SitterRating } from '#app/features/sitters/components/sitter-rating.tsx'
import { isVisitFormIntent, type VisitFormRefusal } from '#app/features/visits/visit-form-fields.ts'
import { submitVisitForm } from '#app/features/visits/visit-forms.server.ts'
import { getVisitLogFor } from '#app/features/visits/visit-log.server.ts'
import { answerFor, reportIntent } from '#app/features/moderation/report-answers.ts'
import { newReportConstraint, submitReportForm } from '#app/features/moderation/report-form.server.ts'
import { openReportDays } from '#app/features/moderation/reports.server.ts'
import { ReportedNote } from '#app/features/moderation/components/reported-note.tsx'
import { formatUsd } from '#app/lib/money.ts'
import { knowZoneOffsets } from '#app/lib/zone-offsets.ts'
import { localDateTime, zoneOffsetsAround } from '#app/lib/zoned-time.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { retryAfterFromAction } from '#app/lib/rate-limit.server.ts'
import { readMultipartFormOrError } from '#app/lib/upload.server.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { EmptyState, LinkButton } from '#app/ui/data-states.tsx'
import { Page } from '#app/ui/page.tsx'
import { shownLater } from '#app/ui/shown-later.tsx'

// /bookings/{id} (spec section 2, Booking detail): everything about one booking for one of its two
// parties; anyone else, and unknown ids, get 'Booking not found' (404). The moves the viewer may make
// come from the status machine (booking.actions); each opens a confirmation that is a URL
// (?confirm=accepted...), so it works without JavaScript. Completed bookings carry both parties' reviews of
// each other, double-blind, and the sitter's reply; a request shows its sitter what sitters say about the owner and
// how often the owner cancelled late. The booking's cancellation terms show, and who cancelled it late (ruling 28).
// An accepted booking shows its sitter the owner's home access inside its window (features/home-access), and
// both parties its visit log: the sitter's check-in, activities, photos and check-out (features/visits). Either party
// may report a problem with it to the admins (features/moderation, decision 099).

// What only some bookings show loads in the browser only where shown (app/ui/shown-later.tsx).
const changes = () => import('#app/features/bookings/components/booking-changes.tsx')
const reviews = () => import('#app/features/bookings/components/booking-reviews.tsx')
const PendingChange = shownLater(() => changes().then((m) => m.PendingChange))
const ProposeChange = shownLater(() => changes().then((m) => m.ProposeChange))
// Every booking has a history (its request at least): its script loads beside the page's data.
const BookingHistory = shownLater(() => changes().then((m) => m.BookingHistory), { everyVisit: true })
const BookingReviews = shownLater(() => reviews().then((m) => m.BookingReviews))
const OwnerReviewsPanel = shownLater(() => reviews().then((m) => m.OwnerReviewsPanel))
const BookingDogProfile = shownLater(() => import('#app/features/bookings/components/booking-dog-profile.tsx').then((m) => m.BookingDogProfile))
const StatusChangeDialog = shownLater(() => import('#app/features/bookings/components/status-dialog.tsx').then((m) => m.StatusChangeDialog))
const BookingHomeAccess = shownLater(() => import('#app/features/home-access/components/booking-home-access.tsx').then((m) => m.BookingHomeAccess))
const ReportForm = shownLater(() => import('#app/features/moderation/components/report-form.tsx').then((m) => m.ReportForm))
const BookingVisitLog = shownLater(() => import('#app/features/visits/components/booking-visit-log.tsx').then((m) => m.BookingVisitLog))

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = await requireUser({ context, url })
  const booking = await getBookingFor(user.id, params.id)
  if (!booking) {
    return data(
      { booking: null, dogProfiles: [], confirm: null, homeAccess: null, visit: null, ownerLateCancellations: null, changeDogs: null, now: 0, zoneOffsets: null, reportConstraint: newReportConstraint, reportedOn: null },
      { status: 404 },
    )
  }
  const asked = url.searchParams.get('confirm')
  const confirm = isMove(asked) && booking.actions.includes(asked) ? asked : null
  const now = Date.now()
  const [homeAccess, visitLog, ownerLateCancellations, changeDogs, reported] = await Promise.all([
    homeAccessOnBookingPage(user.id, booking),
    booking.status === 'accepted' || booking.status === 'completed' ? getVisitLogFor(user.id, booking.id, now) : null,
    booking.ownerReviews ? countLateCancellations(booking.ownerId, 'owner') : null,
    changeFormDogs(booking),
    openReportDays(user.id, 'booking', [booking.id], user.timeZone),
  ])
  return {
    ...toBookingPageJson(booking),
    confirm,
    homeAccess,
    visit: visitLog?.ok ? visitLog.visit : null,
    ownerLateCancellations,
    changeDogs,
    now,
    /** The booking's zone, which the page's times are in, read in the browser without Intl (decision 121). */
    zoneOffsets: zoneOffsetsAround(now, booking.timeZone),
    reportConstraint: newReportConstraint,
    reportedOn: reported[booking.id] ?? null,
  }
}

type ActionData =
  | { intent: 'status'; move: Move | null; toast: ToastInput; message: string }
  | { intent: 'review' | 'reply'; result: SubmissionResult<string[]>; toast?: undefined }
  | { intent: 'calendar'; toast: ToastInput }
  | { intent: 'visit'; refusal: VisitFormRefusal; toast?: undefined }
  | { intent: 'change-propose'; result: SubmissionResult<string[]>; toast?: undefined }
  | { intent: 'change-answer'; message: string; toast?: undefined }

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const user = await requireUser({ context, url })
  const booking = await getBookingFor(user.id, params.id)
  if (!booking) throw data(null, { status: 404 })
  // Only the visit's photo form sends a file (multipart); the other forms come as they always did.
  const upload = await readMultipartFormOrError(request, { maxFiles: 1 })
  if (!upload.ok) return data<ActionData>({ intent: 'visit', refusal: { form: 'photo', message: upload.error.message } }, { status: upload.error.status })
  const formData = upload.form.fields
  const here = `/bookings/${booking.id}`
  const intent = formData.get('intent')

  if (intent === 'status') {
    const outcome = await submitStatusChange(user, booking.id, formData)
    if (outcome.ok) return redirectWithToast(here, outcome.toast)
    const move = isMove(outcome.move) ? outcome.move : null
    return data<ActionData>({ intent, move, toast: outcome.toast, message: outcome.message }, { status: outcome.status })
  }

  if (intent === 'calendar') {
    const outcome = await submitAddToCalendar(user.id, booking.id)
    if (outcome.ok) return redirectWithToast(here, outcome.toast)
    return data<ActionData>({ intent, toast: outcome.toast }, { status: outcome.status })
  }

  if (intent === 'review' || intent === 'reply') {
    const outcome = intent === 'review' ? await submitReviewForm(user.id, booking, formData) : await submitReplyForm(user.id, booking, formData)
    if (outcome.ok) return redirectWithToast(here, outcome.toast)
    return data<ActionData>({ intent, result: outcome.result }, { status: outcome.status })
  }

  if (intent === 'change-propose') {
    const outcome = await submitChangeProposal(user, booking, formData)
    if (outcome.ok) return redirectWithToast(here, outcome.toast)
    return data<ActionData>({ intent, result: outcome.result }, { status: outcome.status })
  }

  if (intent === 'change-answer') {
    const outcome = await submitChangeAnswer(user, booking, formData)
    if (outcome.ok) return redirectWithToast(here, outcome.toast)
    return data<ActionData>({ intent, message: outcome.message }, { status: outcome.status })
  }

  if (intent === reportIntent) return submitReportForm(user, formData, (kind, subjectId) => kind === 'booking' && subjectId === booking.id, here)

  if (isVisitFormIntent(intent)) {
    const outcome = await submitVisitForm(intent, user.id, booking.id, upload.form)
    if (outcome.ok) return redirectWithToast(here, outcome.toast)
    return data<ActionData>({ intent: 'visit', refusal: outcome.refusal }, { status: outcome.status })
  }

  throw data(null, { status: 400 })
}

// The page shows its sitter the owner's home access inside the window: never stored by the browser.
export const headers = (args: Route.HeadersArgs) => ({ ...retryAfterFromAction(args), ...vaultPageHeaders })

export default function BookingDetailRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, dogProfiles, confirm, homeAccess, visit, ownerLateCancellations, changeDogs, now, zoneOffsets, reportConstraint, reportedOn } = loaderData
  if (!booking) return <BookingNotFound />
  if (zoneOffsets) knowZoneOffsets(zoneOffsets)
  // A refused report answers its own form only (report-answers.ts); every other answer is the page's.
  const reportAnswer = actionData && 'report' in actionData ? actionData.report : null
  const answer = actionData && !('report' in actionData) ? actionData : undefined
  const statusAnswer = answer?.intent === 'status' ? answer : null
  // A refused change keeps its dialog open with the reason; the loader would not reopen it.
  const dialogMove = [confirm, statusAnswer?.move].find((move): move is Move => Boolean(move) && booking.actions.includes(move as Move)) ?? null
  const here = href('/bookings/:id', { id: booking.id })
  const sitterView = booking.viewerRole === 'sitter'
  const other = sitterView ? booking.owner : booking.sitter
  const waitingOnOther = booking.status === 'pending' && booking.confirmingParty !== booking.viewerRole
  const pendingChange = booking.changes?.find((change) => change.status === 'pending') ?? null
  const formShown =
    answer?.intent === 'review'
      ? booking.canReview || booking.canReviewOwner
      : answer?.intent === 'reply'
        ? booking.canReply
        : answer?.intent === 'change-propose'
          ? booking.changeable && !pendingChange
          : false
  const visitLog =
    visit && (booking.status === 'accepted' || visit.state !== 'not-started' || visit.alarms.length > 0) ? (
      <BookingVisitLog
        visit={visit}
        booking={{ id: booking.id, viewerRole: booking.viewerRole, status: booking.status, service: booking.service, timeZone: booking.timeZone, sitterName: booking.sitter.name }}
        now={now}
        refusal={answer?.intent === 'visit' ? answer.refusal : null}
      />
    ) : null
  // While the sitter may check in, and while the visit runs, its log is what both parties came for.
  const visitFirst = Boolean(visit && (visit.canCheckIn || visit.state === 'under-way'))
  // A refusal whose dialog or form is no longer on the page (the booking changed meanwhile) shows here.
  const changeAnswerError = answer?.intent === 'change-answer' ? answer.message : null
  const pageError =
    statusAnswer && !dialogMove
      ? statusAnswer.message
      : changeAnswerError && !pendingChange
        ? changeAnswerError
        : answer && 'result' in answer && !formShown
          ? (answer.result.error?.['']?.[0] ?? null)
          : null
  return (
    <Page width="regular" toast={answer?.toast} className="space-y-5">
      <Link
        to={href(sitterView ? '/bookings-sitter' : '/bookings')}
        className="tap-target inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-4"
      >
        <span aria-hidden>←</span> Back to Bookings
      </Link>
      <h1 className="text-2xl font-bold">Booking Details</h1>
      {pageError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          {pageError}
        </p>
      ) : null}
      {visitFirst ? visitLog : null}
      {/* A change waiting for an answer is what either party opens the page for. */}
      {pendingChange ? <PendingChange booking={booking} change={pendingChange} error={changeAnswerError} /> : null}

      <section aria-labelledby="booking-heading" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id="booking-heading" className="text-xl font-semibold">
            {sitterView ? (
              <SitterHeading service={booking.service} dogNames={formatDogNames(booking.dogs)} />
            ) : (
              <>
                Booking with <bdi>{booking.sitter.name}</bdi>
              </>
            )}
          </h2>
          <div className="flex flex-col items-end gap-1">
            <StatusBadge status={booking.status} reason={booking.statusReason} />
            {booking.cancelledLate ? <span className="text-sm font-medium text-red-800">Cancelled late by the {booking.cancelledLate}</span> : null}
          </div>
        </div>
        <StatusNote booking={booking} waitingOnOther={waitingOnOther} otherName={other.name} />
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Fact label="Date">{booking.date ? formatBookingDate(booking.date) : 'Date not available'}</Fact>
          {booking.seriesId ? (
            <Fact label="Weekly series">
              <Link to={href('/bookings/series/:id', { id: booking.seriesId })} className="tap-target inline-flex items-center text-brand-700 underline underline-offset-4">
                See the whole series
              </Link>
            </Fact>
          ) : null}
          <Fact label="Time">
            <ul>
              {booking.timeSlots.map((slot) => (
                <li key={slot.startTime}>{formatSlot(slot)}</li>
              ))}
            </ul>
            <span className="text-sm font-normal text-stone-600">
              {booking.period && booking.period !== 'custom' ? `${periodLabels[booking.period]} · ` : ''}
              {booking.timeZone} time
            </span>
          </Fact>
          <Fact label={sitterView ? 'Owner' : 'Sitter'}>
            <span className="flex items-center gap-2">
              <Avatar photo={other.avatar} kind="person" size="sm" />
              <span>
                <bdi>{other.name}</bdi>
                {sitterView ? null : (
                  <span className="block text-sm font-normal text-stone-600">
                    <SitterRating rating={booking.sitter.rating} reviewCount={booking.sitter.reviewCount} />
                  </span>
                )}
              </span>
            </span>
          </Fact>
          <Fact label={booking.dogs.length > 1 ? 'Dogs' : 'Dog'}>
            <ul>
              {booking.dogs.map((dog) => (
                <li key={dog.id}>
                  <bdi>{dog.name}</bdi> ({dog.breed})
                </li>
              ))}
            </ul>
          </Fact>
          <Fact label="Service">{serviceLabels[booking.service as keyof typeof serviceLabels] ?? booking.service}</Fact>
          <Fact label="Price">
            {booking.priceCents === null ? 'No rate set' : formatUsd(booking.priceCents)}
            {booking.hourlyRateCents === null ? null : (
              <span className="block text-sm font-normal text-stone-600">
                {formatRateForDogs(booking.service as SitterService, { hourlyRateCents: booking.hourlyRateCents, extraDogRateCents: booking.extraDogRateCents }, booking.dogs.length)}
              </span>
            )}
          </Fact>
          <Fact label="Cancellation terms">
            {termsLabels[booking.cancellationTerms].title}
            <span className="block text-sm font-normal text-stone-600">{termsLabels[booking.cancellationTerms].detail}</span>
          </Fact>
          {booking.location ? <Fact label="Location">{booking.location}</Fact> : null}
          {other.phone || other.email ? (
            <Fact label="Contact details">
              {other.phone ? <span className="block">{other.phone}</span> : null}
              {other.email ? <span className="block break-all">{other.email}</span> : null}
            </Fact>
          ) : null}
          {booking.notes ? (
            <Fact label="Notes" wide>
              <bdi className="font-normal whitespace-pre-line">{booking.notes}</bdi>
            </Fact>
          ) : null}
          <Fact label="Booking ID">
            <span className="font-mono">{booking.id.slice(0, 8)}</span>
          </Fact>
        </dl>
        <Actions booking={booking} otherId={other.id} />
      </section>

      {booking.changeable && !pendingChange ? (
        <ProposeChange booking={booking} dogs={changeDogs} answer={answer?.intent === 'change-propose' ? answer.result : null} today={localDateTime(now, booking.timeZone).date} />
      ) : null}
      {visitFirst ? null : visitLog}
      {homeAccess ? <BookingHomeAccess homeAccess={homeAccess} sitterName={booking.sitter.name} /> : null}
      {dogProfiles.map((dog) => (
        <BookingDogProfile key={dog.id} dog={dog} />
      ))}
      {booking.ownerReviews ? <OwnerReviewsPanel booking={{ ...booking, ownerReviews: booking.ownerReviews }} lateCancellations={ownerLateCancellations} /> : null}
      {booking.status === 'completed' ? (
        <BookingReviews
          booking={booking}
          answers={{ review: answer?.intent === 'review' ? answer.result : null, reply: answer?.intent === 'reply' ? answer.result : null }}
        />
      ) : null}
      {booking.history?.length ? <BookingHistory booking={booking} /> : null}
      {reportedOn ? (
        <ReportedNote kind="booking" day={reportedOn} />
      ) : (
        <ReportForm
          kind="booking"
          subjectId={booking.id}
          label="Report a problem with this booking"
          answer={answerFor(reportAnswer, 'booking', booking.id)}
          constraint={reportConstraint}
        />
      )}

      {dialogMove ? (
        <StatusChangeDialog booking={booking} move={dialogMove} closeTo={here} error={statusAnswer?.message} now={now} />
      ) : null}
    </Page>
  )
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="font-medium text-stone-900">{children}</dd>
    </div>
  )
}

function StatusNote({ booking, waitingOnOther, otherName }: { booking: BookingPageJson; waitingOnOther: boolean; otherName: string }) {
  const firstName = otherName.split(' ')[0] ?? otherName
  const name = <bdi>{firstName}</bdi>
  let note: ReactNode = null
  if (booking.statusReason === 'expired') note = 'This request expired: nobody answered it before it was due to start.'
  else if (waitingOnOther) note = <>Waiting for {name} to accept or decline this request.</>
  else if (booking.status === 'pending') note = <>{name} is waiting for your answer.</>
  else if (booking.status === 'accepted' && booking.actions.includes('completed')) note = 'Mark it as completed once the care is done.'
  if (!note) return null
  return <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700">{note}</p>
}

const actionOrder: Move[] = ['accepted', 'rejected', 'completed', 'cancelled']

function Actions({ booking, otherId }: { booking: BookingPageJson; otherId: string }) {
  const navigation = useNavigation()
  // The confirming party of a request declines it rather than cancelling it (both are allowed).
  const moves = actionOrder.filter((move) => booking.actions.includes(move) && !(move === 'cancelled' && booking.actions.includes('rejected')))
  const canContact = booking.status === 'pending' || booking.status === 'accepted'
  // The sitter completes an accepted booking once it has started (transitions.ts): until then, say from when.
  const completableFrom =
    booking.status === 'accepted' && booking.viewerRole === 'sitter' && !booking.actions.includes('completed') && booking.date && booking.startTime
      ? `${formatBookingDate(booking.date)} at ${booking.startTime}`
      : null
  const addingToCalendar = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'calendar'
  if (moves.length === 0 && !canContact && booking.status !== 'accepted') return null
  const secondary =
    'tap-target inline-flex items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-medium text-stone-900 hover:bg-stone-100'
  const looks: Record<Move, string> = {
    accepted: 'bg-brand-700 text-white hover:bg-brand-800',
    completed: 'bg-brand-700 text-white hover:bg-brand-800',
    rejected: 'border border-red-300 bg-white text-red-700 hover:bg-red-50',
    cancelled: 'border border-red-300 bg-white text-red-700 hover:bg-red-50',
  }
  return (
    <div className="flex flex-wrap gap-2 border-t border-stone-100 pt-4">
      <OverlapNote overlap={booking.overlap} date={booking.date} sitterName={booking.sitter.name} className="basis-full" />
      {moves.map((move) => (
        <Link
          key={move}
          to={`?confirm=${move}`}
          preventScrollReset
          className={`tap-target inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-medium ${looks[move]}`}
        >
          {moveButtonLabels[move]}
        </Link>
      ))}
      {completableFrom ? (
        <p className="basis-full rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700">
          <span className="font-medium">Mark as Completed</span> from {completableFrom}, when the booking starts.
        </p>
      ) : null}
      {canContact ? (
        <Link to={`${href('/messages')}?${new URLSearchParams({ userId: otherId })}`} className={secondary}>
          Contact
        </Link>
      ) : null}
      {booking.status === 'accepted' ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="calendar" />
          <button type="submit" disabled={addingToCalendar} className={secondary}>
            {addingToCalendar ? 'Adding...' : 'Add to Google Calendar'}
          </button>
        </Form>
      ) : null}
    </div>
  )
}

function BookingNotFound() {
  return (
    <Page width="narrow">
      <EmptyState
        title="Booking not found"
        heading="h1"
        description="This booking doesn't exist, or it isn't one of yours."
        action={<LinkButton to={href('/bookings')}>Back to Bookings</LinkButton>}
      />
    </Page>
  )
}

/** The spec's 'Walking Rex' for a walk; another service by its name, 'Boarding for Rex' (decision 109). */
function SitterHeading({ service, dogNames }: { service: string; dogNames: string }) {
  const named = service === 'walking' ? null : serviceLabels[service as SitterService]
  return named ? (
    <>
      {named} for <bdi>{dogNames}</bdi>
    </>
  ) : (
    <>
      Walking <bdi>{dogNames}</bdi>
    </>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.booking ? 'Booking Details | Pawpal' : 'Booking not found | Pawpal' }]

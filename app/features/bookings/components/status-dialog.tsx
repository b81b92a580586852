import { Form, Link, useNavigation } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import type { BookingPageJson } from '../booking-reads.server.ts'
import { formatBookingDate, formatDogNames } from '../booking-format.ts'
import { type Move, moves } from '../moves.ts'

// The confirmation of a status change (spec section 2, Booking detail; Sitter Bookings' 'Accept Booking
// Request'). It is a URL (?confirm=... on the detail page, ?booking=...&move=... on the sitter's list),
// so it works without JavaScript; Confirm posts the change, and reads 'Processing' while it runs (the spec's word).
// Cancelling an accepted booking inside its terms' notice period says first that it will count as late (DESIGN.md
// ruling 28).

export function StatusChangeDialog({
  booking,
  move,
  closeTo,
  error,
  request = false,
  now,
}: {
  booking: BookingPageJson
  move: Move
  /** The page without the dialog's query. */
  closeTo: string
  /** Why the last attempt was refused (the server's 409 message). */
  error?: string | null
  /** The sitter list's 'Accept Booking Request' form of the dialog: the request's facts first. */
  request?: boolean
  /** The moment the page was rendered (the loader's), against which a cancellation is late or in time. */
  now: number
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('bookingId') === booking.id
  const { title, verb } = moves[move]
  const accepting = move === 'accepted'
  const firstSlot = booking.timeSlots[0]
  const late = move === 'cancelled' && booking.lateFrom !== null && now > Date.parse(booking.lateFrom)
  return (
    <RouteDialog title={request && accepting ? 'Accept Booking Request' : title} closeTo={closeTo}>
      <Form method="post" preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="bookingId" value={booking.id} />
        <input type="hidden" name="status" value={move} />
        {request ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-stone-50 p-3 text-sm">
            <dt className="text-stone-500">{booking.dogs.length > 1 ? 'Dogs' : 'Dog'}</dt>
            <dd className="font-medium">{formatDogNames(booking.dogs) || 'Unknown'}</dd>
            <dt className="text-stone-500">Owner</dt>
            <dd className="font-medium">{booking.owner.name || 'Unknown'}</dd>
            <dt className="text-stone-500">Date</dt>
            <dd className="font-medium">{booking.date ? formatBookingDate(booking.date) : 'Unknown'}</dd>
            <dt className="text-stone-500">Time</dt>
            <dd className="font-medium">{firstSlot ? `${firstSlot.startTime} - ${firstSlot.endTime}` : 'Unknown'}</dd>
          </dl>
        ) : null}
        {request && accepting ? null : <p className="text-stone-700">Are you sure you want to {verb} this booking?</p>}
        {late ? (
          <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            Cancelling now is late under the {booking.cancellationTerms} terms: it is counted on your profile.
          </p>
        ) : null}
        {accepting ? (
          <div>
            <label className="tap-target flex items-center gap-3 font-medium">
              <input type="checkbox" name="addToCalendar" defaultChecked className="size-5 accent-brand-700" />
              Add to Google Calendar
            </label>
            <p className="text-sm text-stone-600">For each of you who signed in with Google.</p>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {error}
          </p>
        ) : null}
        <div className="flex gap-3">
          <Link
            to={closeTo}
            replace
            preventScrollReset
            className="tap-target inline-flex flex-1 items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-medium hover:bg-stone-100"
          >
            Cancel
          </Link>
          <Button type="submit" disabled={busy} variant={move === 'rejected' || move === 'cancelled' ? 'danger' : 'primary'} className="tap-target flex-1">
            {busy ? 'Processing' : request && accepting ? 'Accept Booking' : 'Confirm'}
          </Button>
        </div>
      </Form>
    </RouteDialog>
  )
}

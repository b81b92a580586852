import { href, Link, redirect } from 'react-router'
import type { Route } from './+types/bookings-choose-sitter'
import { requireMember } from '#app/features/accounts/guards.server.ts'
import { isSitterOnly } from '#app/features/accounts/roles.ts'
import { formatShortDate } from '#app/features/availability/calendar-dates.ts'
import { listPreviousSitters } from '#app/features/bookings/booking-reads.server.ts'
import { SitterRating } from '#app/features/sitters/components/sitter-rating.tsx'
import { Avatar } from '#app/ui/avatar.tsx'
import { Page } from '#app/ui/page.tsx'

// /bookings/choose-sitter (spec section 2, Bookings page): what New Booking opens, the sitter chooser. Recent
// Sitters (the owner's, latest first: Book goes to /sitters/{id}/book) and Browse All Sitters (to /map). A page
// of its own (DESIGN.md: dialogs are routes or <details>), so /bookings neither reads nor sends it on every visit.

const recentSittersShown = 6

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireMember({ context, url })
  if (isSitterOnly(user.role)) throw redirect(href('/bookings-sitter'))
  const recentSitters = await listPreviousSitters(user.id, recentSittersShown)
  return {
    recentSitters: recentSitters.map(({ id, name, profilePhoto, rating, reviewCount, lastBookingDate }) => ({ id, name, profilePhoto, rating, reviewCount, lastBookingDate })),
  }
}

/** Its list's look is the `recent-sitters` class of app.css. */
export default function ChooseSitterRoute({ loaderData: { recentSitters } }: Route.ComponentProps) {
  return (
    <Page width="narrow" className="space-y-5">
      <Link to={href('/bookings')} className="tap-target inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-4">
        <span aria-hidden>←</span> Back to Bookings
      </Link>
      <h1 className="text-2xl font-bold">New Booking</h1>
      <section aria-labelledby="recent-sitters-heading" className="space-y-4 rounded-2xl bg-white p-4 shadow-sm">
        <h2 id="recent-sitters-heading" className="font-semibold">
          Recent Sitters
        </h2>
        {recentSitters.length === 0 ? (
          <p className="text-sm text-stone-600">You have not booked a sitter yet.</p>
        ) : (
          <ul className="recent-sitters">
            {recentSitters.map((sitter) => (
              <li key={sitter.id}>
                <Avatar photo={sitter.profilePhoto} kind="person" />
                <div>
                  <p>
                    <bdi>{sitter.name}</bdi>
                  </p>
                  <p>
                    <SitterRating rating={sitter.rating} reviewCount={sitter.reviewCount} />
                    {` · last booked ${formatShortDate(sitter.lastBookingDate)}`}
                  </p>
                </div>
                <Link to={href('/sitters/:id/book', { id: sitter.id })} aria-label={`Book ${sitter.name} again`} className="button-link button-link-plain px-3 text-sm">
                  Book
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link to={href('/map')} className="button-link button-link-plain flex">
          Browse All Sitters
        </Link>
      </section>
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'New Booking | Pawpal' }]

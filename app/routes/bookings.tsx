import { href, Link, redirect } from 'react-router'
import { formatDogNames } from '#app/features/bookings/booking-format.ts'
import type { Route } from './+types/bookings'
import { requireMember } from '#app/features/accounts/guards.server.ts'
import { isOwnerAndSitter, isSitterOnly } from '#app/features/accounts/roles.ts'
import { countBookingsByDay, listOwnerBookingCards } from '#app/features/bookings/booking-reads.server.ts'
import type { BookingCardData } from '#app/features/bookings/booking-cards.server.ts'
import { addMonths, dayStripDates, formatDayTitle, formatShortDate, monthOf, readDate, readMonth } from '#app/features/availability/calendar-dates.ts'
import { BookingCard, BookingCardList } from '#app/features/bookings/components/booking-card.tsx'
import { BookingTips } from '#app/features/bookings/components/booking-tips.tsx'
import { WeeklySeriesList } from '#app/features/bookings/components/series-list.tsx'
import { listSeriesOf } from '#app/features/bookings/series-reads.server.ts'
import { DayStrip } from '#app/features/bookings/components/day-strip.tsx'
import { BookingsSideSwitch } from '#app/features/bookings/components/side-switch.tsx'
import { bookingListName, type OwnerTab } from '#app/features/bookings/schema.ts'
import { serviceLabels } from '#app/features/sitters/options.ts'
import { readPageCursor, showMoreState } from '#app/lib/keyset-paging.ts'
import { localDateTime } from '#app/lib/zoned-time.ts'
import { EmptyState } from '#app/ui/data-states.tsx'
import { LinkTabs } from '#app/ui/link-tabs.tsx'
import { Page } from '#app/ui/page.tsx'
import { firstNewRowId, firstNewRowIndex, ShowMoreLink } from '#app/ui/show-more-link.tsx'

// /bookings (spec section 2, Bookings page): an owner's bookings. A day strip of the month (7 days
// either side, month arrows) picks a day; otherwise the tabs Upcoming, Pending and Past of spec section 4
// (links, ?tab=; Upcoming shows a weekly round by its next visit, decision 104). Completed bookings not yet reviewed get a prompt; New Booking opens the chooser of the
// sitters booked before (/bookings/choose-sitter). `?id=` (the spec's 'View Booking' link)
// opens that booking's page. The list shows a page of bookings; 'Show more' (`?cursor=`) shows them through
// that booking and a page more (decision 046).

const tabs: { value: Exclude<OwnerTab, 'all'>; label: string; empty: string }[] = [
  { value: 'upcoming', label: 'Upcoming', empty: 'No upcoming bookings' },
  { value: 'pending', label: 'Pending', empty: 'No pending bookings' },
  { value: 'past', label: 'Past', empty: 'No past bookings' },
]

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireMember({ context, url })
  const query = url.searchParams
  const id = query.get('id')
  if (id) throw redirect(href('/bookings/:id', { id }))
  // A sitter who is not an owner manages their bookings on the sitter's page.
  if (isSitterOnly(user.role)) throw redirect(href('/bookings-sitter'))
  const { timeZone } = user
  const today = localDateTime(Date.now(), timeZone).date
  const date = readDate(query.get('date'))
  const month = readMonth(query.get('month')) ?? monthOf(date ?? today)
  const tab = tabs.find((candidate) => candidate.value === query.get('tab'))?.value ?? 'upcoming'
  const filters = date ? { date } : { tab }
  const shownThrough = readPageCursor(query, bookingListName('owner', filters))
  const list = await listOwnerBookingCards(user.id, { ...filters, position: { through: shownThrough } })
  const stripDays = dayStripDates(month)
  const [bookedDays, series] = await Promise.all([
    countBookingsByDay(user.id, 'owner', { from: stripDays[0] ?? month, to: stripDays.at(-1) ?? month }),
    listSeriesOf(user.id, 'owner'),
  ])
  return {
    role: user.role,
    today,
    date,
    month,
    tab,
    bookings: list.bookings,
    ...showMoreState(shownThrough, list.next),
    bookedDays,
    toReview: list.toReview,
    series,
  }
}

export default function BookingsRoute({ loaderData }: Route.ComponentProps) {
  const { role, today, date, month, tab, bookings, moreCursor, shownThrough, bookedDays, toReview, series } = loaderData
  const query = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams()
    const values: Record<string, string | null> = {
      month: month === monthOf(date ?? today) ? null : month,
      date,
      tab: tab === 'upcoming' ? null : tab,
      cursor: shownThrough?.cursor ?? null,
      ...changes,
    }
    for (const [key, value] of Object.entries(values)) if (value) params.set(key, value)
    const search = params.toString()
    return search ? `?${search}` : href('/bookings')
  }
  const firstNew = firstNewRowIndex(bookings, shownThrough?.id ?? null)
  const emptyText = date ? 'No bookings on this day' : (tabs.find((candidate) => candidate.value === tab)?.empty ?? 'No bookings found')
  return (
    <Page width="wide" className="space-y-6">
      <header className="space-y-3">
        {isOwnerAndSitter(role) ? <BookingsSideSwitch current="owner" /> : null}
        <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
          <h1 className="text-2xl font-bold">Your Bookings</h1>
          <Link
            to={href('/bookings/choose-sitter')}
            prefetch="intent"
            className="tap-target inline-flex items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 py-2.5 font-medium text-white hover:bg-brand-800"
          >
            <span aria-hidden>+</span> New Booking
          </Link>
        </div>
      </header>

      <div className="grid gap-6 md:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-5">
          <DayStrip
            month={month}
            selected={date}
            today={today}
            bookedDays={bookedDays}
            hrefForDay={(day) => `?date=${day}`}
            hrefForMonth={(target) => query({ month: target, date: null })}
            previousMonth={addMonths(month, -1)}
            nextMonth={addMonths(month, 1)}
          />
          {toReview.length > 0 ? <ReviewPrompt bookings={toReview} /> : null}
          <WeeklySeriesList series={series} side="owner" />
          <section aria-labelledby="list-heading" className="space-y-4">
            {date ? (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="list-heading" className="text-xl font-semibold">
                  Bookings for {formatDayTitle(date)}
                </h2>
                <Link to={query({ date: null, cursor: null })} preventScrollReset className="tap-target inline-flex items-center text-sm font-medium text-brand-700 underline underline-offset-4">
                  Show all bookings
                </Link>
              </div>
            ) : (
              <>
                <h2 id="list-heading" className="sr-only">
                  {tabs.find((candidate) => candidate.value === tab)?.label} bookings
                </h2>
                <LinkTabs label="Booking status" tabs={tabs} current={tab} hrefFor={(value) => query({ tab: value, cursor: null })} replace />
              </>
            )}
            {bookings.length === 0 ? (
              <EmptyState title={emptyText} description={tab === 'upcoming' && !date ? 'Find a sitter and request your first walk.' : undefined} />
            ) : (
              <>
                <BookingCardList>
                  {bookings.map((booking, index) => (
                    <li key={booking.id} id={index === firstNew ? firstNewRowId : undefined}>
                      <BookingCard booking={booking} viewer="owner" discover={index === 0} />
                    </li>
                  ))}
                </BookingCardList>
                {moreCursor ? <ShowMoreLink href={query({ cursor: moreCursor })} label="Show more bookings" /> : null}
              </>
            )}
          </section>
        </div>
        <BookingTips side="owner" />
      </div>
    </Page>
  )
}

function ReviewPrompt({ bookings }: { bookings: BookingCardData[] }) {
  return (
    <section aria-labelledby="review-prompt-heading" className="space-y-2 rounded-2xl border border-amber-200 bg-amber-50 p-4">
      <h2 id="review-prompt-heading" className="font-semibold text-amber-950">
        How did it go?
      </h2>
      <ul className="space-y-2">
        {bookings.map((booking) => (
          <li key={booking.id} className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-amber-950">
              <bdi>{formatDogNames(booking.dogs)}</bdi>’s {(serviceLabels[booking.service as keyof typeof serviceLabels] ?? booking.service).toLowerCase()} with{' '}
              <bdi>{booking.other.name}</bdi>
              {`, ${formatShortDate(booking.date)}`}
            </p>
            <Link
              to={`${href('/bookings/:id', { id: booking.id })}#review`}
              aria-label={`Write a review of ${formatDogNames(booking.dogs)}’s booking on ${formatShortDate(booking.date)}`}
              className="tap-target inline-flex items-center justify-center rounded-lg bg-white px-3 text-sm font-medium text-amber-950 ring-1 ring-amber-300 hover:bg-amber-100"
            >
              Write a review
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Your Bookings | Pawpal' }]

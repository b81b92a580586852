import { data, href, Link } from 'react-router'
import { formatDogNames } from '#app/features/bookings/booking-format.ts'
import type { Route } from './+types/bookings-sitter'
import { requireRole } from '#app/features/accounts/guards.server.ts'
import { isOwnerAndSitter } from '#app/features/accounts/roles.ts'
import { type BookingPageJson, countBookingsByDay, getBookingFor, listSitterBookingCards, toBookingPageJson } from '#app/features/bookings/booking-reads.server.ts'
import type { BookingCardData } from '#app/features/bookings/booking-cards.server.ts'
import { submitBlockedDay } from '#app/features/availability/blocked-day-form.server.ts'
import { firstDayOf, formatDayTitle, formatShortDate, lastDayOf, monthOf } from '#app/features/availability/calendar-dates.ts'
import { blockDayIntent } from '#app/features/availability/blocked-day-form.ts'
import { BlockedDays } from '#app/features/availability/components/blocked-days.tsx'
import { BookingCard, BookingCardList } from '#app/features/bookings/components/booking-card.tsx'
import { BookingTips } from '#app/features/bookings/components/booking-tips.tsx'
import { OverlapNote } from '#app/features/bookings/components/overlap-note.tsx'
import { SitterCalendar } from '#app/features/availability/components/sitter-calendar.tsx'
import { BookingsSideSwitch } from '#app/features/bookings/components/side-switch.tsx'
import { StatusChangeDialog } from '#app/features/bookings/components/status-dialog.tsx'
import { isMove, type Move } from '#app/features/bookings/moves.ts'
import { bookingListName, type SitterTab } from '#app/features/bookings/schema.ts'
import { getSitterCalendar } from '#app/features/availability/sitter-calendar.server.ts'
import { weekdays } from '#app/features/availability/weekdays.ts'
import { submitStatusChange } from '#app/features/calendar/booking-screen-forms.server.ts'
import { readPageCursor, showMoreState } from '#app/lib/keyset-paging.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { EmptyState } from '#app/ui/data-states.tsx'
import { LinkTabs } from '#app/ui/link-tabs.tsx'
import { WeeklySeriesList } from '#app/features/bookings/components/series-list.tsx'
import { listSeriesOf } from '#app/features/bookings/series-reads.server.ts'
import { Page } from '#app/ui/page.tsx'
import { firstNewRowId, firstNewRowIndex, ShowMoreLink } from '#app/ui/show-more-link.tsx'

// /bookings-sitter (spec section 2, Sitter Bookings and Bookings list panel): the sitter's calendar,
// the requests and bookings in the tabs of spec section 4 (a picked day shows that day, in All; Upcoming shows a
// weekly round by its next visit, decision 104), the
// 'Accept Booking Request' dialog (?booking={id}&move=accepted, with 'Add to Google Calendar'), and the
// sitter's availability: weekly hours (edited on /profile/edit) and blocked days (blocked here and on /profile/edit).
// The list shows a page of bookings; 'Show more' (`?cursor=`) shows them through that booking and a page more
// (decision 046).

const tabLabels: Record<SitterTab, string> = { pending: 'Pending', upcoming: 'Upcoming', completed: 'Completed', all: 'All' }
// The tab list is written here rather than imported with the zod schemas, which would load zod on this page.
const sitterTabs = Object.keys(tabLabels) as SitterTab[]
const emptyTexts: Record<SitterTab, string> = {
  pending: 'No pending booking requests',
  upcoming: 'No upcoming bookings',
  completed: 'No completed bookings',
  all: 'No bookings found',
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireRole({ context, url }, 'sitter')
  const query = url.searchParams
  const { today, date, month, weekly, blockedDates, timeZone } = await getSitterCalendar(user, query)
  const asked = query.get('tab')
  const tab = sitterTabs.find((candidate) => candidate === asked) ?? (date ? 'all' : 'pending')
  const filters = { tab, ...(date ? { date } : {}) }
  const shownThrough = readPageCursor(query, bookingListName('sitter', filters))
  const list = await listSitterBookingCards(user.id, { ...filters, position: { through: shownThrough } })
  const move = query.get('move')
  const [bookedDays, dialogBooking, series] = await Promise.all([
    countBookingsByDay(user.id, 'sitter', { from: firstDayOf(month), to: lastDayOf(month), statuses: ['pending', 'accepted'] }),
    query.get('booking') && isMove(move) ? getBookingFor(user.id, query.get('booking') ?? '') : null,
    listSeriesOf(user.id, 'sitter'),
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
    series,
    weekly,
    blockedDates,
    timeZone,
    dialog: dialogBooking && isMove(move) && dialogBooking.actions.includes(move) ? { booking: toBookingPageJson(dialogBooking).booking, move } : null,
    /** The moment of this answer, against which the dialog tells a late cancellation. */
    now: Date.now(),
  }
}

type ActionData = { toast: ToastInput; message: string; booking?: BookingPageJson; move?: Move | null }

/** This page's URL without the dialog's query: where a finished dialog returns to. */
function listUrl(url: URL) {
  const query = new URLSearchParams(url.searchParams)
  query.delete('booking')
  query.delete('move')
  const search = query.toString()
  return `${url.pathname}${search ? `?${search}` : ''}`
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireRole({ context, url }, 'sitter')
  const formData = await request.formData()
  const intent = formData.get('intent')

  if (intent === 'status') {
    const submitted = formData.get('bookingId')
    const bookingId = typeof submitted === 'string' ? submitted : ''
    const outcome = await submitStatusChange(user, bookingId, formData)
    if (outcome.ok) return redirectWithToast(listUrl(url), outcome.toast)
    const { toast, message, move } = outcome
    if (!move) return data<ActionData>({ toast, message }, { status: outcome.status })
    // The refused move's dialog opens again, with the reason.
    const booking = await getBookingFor(user.id, bookingId)
    return data<ActionData>({ toast, message, ...(booking ? { booking: toBookingPageJson(booking).booking } : {}), move: isMove(move) ? move : null }, { status: outcome.status })
  }

  if (intent === blockDayIntent) {
    const answer = await submitBlockedDay(user, formData)
    if (!answer.ok) return data<ActionData>({ toast: answer.toast, message: answer.message }, { status: answer.status })
    return redirectWithToast(listUrl(url), answer.toast)
  }

  throw data(null, { status: 400 })
}

export default function SitterBookingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { role, today, date, month, tab, bookings, moreCursor, shownThrough, bookedDays, weekly, blockedDates, timeZone } = loaderData
  const answer = actionData
  const refused = answer?.booking && answer.move && answer.booking.actions.includes(answer.move) ? { booking: answer.booking, move: answer.move } : null
  const dialog = refused ?? loaderData.dialog
  const query = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams()
    const values: Record<string, string | null> = {
      month: month === monthOf(date ?? today) ? null : month,
      date,
      tab: date ? tab : tab === 'pending' ? null : tab,
      cursor: shownThrough?.cursor ?? null,
      ...changes,
    }
    for (const [key, value] of Object.entries(values)) if (value) params.set(key, value)
    const search = params.toString()
    return search ? `?${search}` : '?'
  }
  const here = query({})
  const firstNew = firstNewRowIndex(bookings, shownThrough?.id ?? null)
  return (
    <Page width="wide" toast={answer?.toast} className="space-y-6">
      <header className="space-y-3">
        {isOwnerAndSitter(role) ? <BookingsSideSwitch current="sitter" /> : null}
        <div>
          <h1 className="text-2xl font-bold">Sitter Bookings</h1>
          <p className="text-stone-600">Manage your booking requests and schedule</p>
        </div>
      </header>
      {answer && !dialog ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          {answer.message}
        </p>
      ) : null}

      {/* Phones: calendar, bookings, availability, tips. From 768 px: calendar and availability beside the bookings and tips. */}
      <div className="flex flex-col gap-6 md:grid md:grid-cols-[20rem_1fr] md:items-start">
        <div className="contents md:flex md:flex-col md:gap-6">
          <section aria-label="Calendar" className="order-1 rounded-2xl bg-white p-4 shadow-sm md:order-none">
            <SitterCalendar
              month={month}
              today={today}
              date={date}
              blockedDates={blockedDates}
              bookedDays={bookedDays}
              monthHref={(next) => query({ month: next, date: null, cursor: null })}
              dayHref={(day) => `${href('/bookings-sitter')}?date=${day}&tab=all`}
            />
            {date ? (
              <Link to={query({ date: null, tab: null, cursor: null })} preventScrollReset className="tap-target mt-2 inline-flex items-center text-sm font-medium text-brand-700 underline underline-offset-4">
                Show all days
              </Link>
            ) : null}
          </section>
          <div className="order-3 md:order-none">
            <Availability weekly={weekly} blockedDates={blockedDates} date={date} today={today} timeZone={timeZone} />
          </div>
        </div>
        <div className="contents md:flex md:flex-col md:gap-6">
          <section aria-labelledby="list-heading" className="order-2 space-y-4 md:order-none">
            <WeeklySeriesList series={loaderData.series} side="sitter" />
            <h2 id="list-heading" className="text-xl font-semibold">
              {date ? `Bookings for ${formatDayTitle(date)}` : 'Your Bookings'}
            </h2>
            <LinkTabs
              label="Booking status"
              tabs={sitterTabs.map((value) => ({ value, label: tabLabels[value] }))}
              current={tab}
              hrefFor={(value) => query({ tab: value, cursor: null })}
              replace
            />
            {bookings.length === 0 ? (
              <EmptyState title={emptyTexts[tab]} />
            ) : (
              <>
                <BookingCardList>
                  {bookings.map((booking, index) => (
                    <li key={booking.id} id={index === firstNew ? firstNewRowId : undefined}>
                      <BookingCard
                        booking={booking}
                        viewer="sitter"
                        discover={index === 0}
                        actions={booking.status === 'pending' ? <RequestActions booking={booking} linkTo={(move) => query({ booking: booking.id, move })} /> : null}
                      />
                    </li>
                  ))}
                </BookingCardList>
                {moreCursor ? <ShowMoreLink href={query({ cursor: moreCursor })} label="Show more bookings" /> : null}
              </>
            )}
          </section>
          <div className="order-4 md:order-none">
            <BookingTips side="sitter" />
          </div>
        </div>
      </div>

      {dialog ? <StatusChangeDialog booking={dialog.booking} move={dialog.move} closeTo={here} error={refused ? answer?.message : null} now={loaderData.now} request /> : null}
    </Page>
  )
}

/** Accept and Reject open this page's dialog: anchors the card list follows, keeping the scroll (decision 090). */
function RequestActions({ booking, linkTo }: { booking: BookingCardData; linkTo: (move: Move) => string }) {
  if (!booking.awaitsYourAnswer) {
    return <p className="text-sm text-stone-600">Your offer: waiting for the owner to accept.</p>
  }
  return (
    <>
      <OverlapNote overlap={booking.overlap} date={booking.date} className="basis-full" />
      {booking.actions?.includes('accepted') ? (
        <a href={linkTo('accepted')} data-keep-scroll className="button-link button-link-primary flex-1 py-2" aria-label={`Accept ${formatDogNames(booking.dogs)} on ${formatShortDate(booking.date)}`}>
          Accept
        </a>
      ) : null}
      {booking.actions?.includes('rejected') ? (
        <a href={linkTo('rejected')} data-keep-scroll className="button-link button-link-danger flex-1 py-2" aria-label={`Reject ${formatDogNames(booking.dogs)} on ${formatShortDate(booking.date)}`}>
          Reject
        </a>
      ) : null}
    </>
  )
}

function Availability({
  weekly,
  blockedDates,
  date,
  today,
  timeZone,
}: {
  weekly: { weekday: number; startTime: string; endTime: string }[]
  blockedDates: readonly string[]
  date: string | null
  today: string
  timeZone: string
}) {
  return (
    <section aria-labelledby="availability-heading" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="availability-heading" className="text-lg font-semibold">
        Your availability
      </h2>
      <div>
        <h3 className="text-sm font-medium text-stone-500">Weekly hours ({timeZone})</h3>
        {weekly.length === 0 ? (
          <p className="text-sm text-stone-700">No weekly hours set: owners can request any day.</p>
        ) : (
          <ul className="text-sm text-stone-800">
            {weekdays.map((day) => {
              const ranges = weekly.filter((range) => range.weekday === day.value)
              return (
                <li key={day.value} className="flex justify-between gap-2 py-0.5">
                  <span>{day.label}</span>
                  <span className={ranges.length ? undefined : 'text-stone-500'}>
                    {ranges.length ? ranges.map((range) => `${range.startTime} - ${range.endTime}`).join(', ') : 'Not working'}
                  </span>
                </li>
              )
            })}
          </ul>
        )}
        <Link to={href('/profile/edit')} className="tap-target inline-flex items-center text-sm font-medium text-brand-700 underline underline-offset-4">
          Edit weekly hours
        </Link>
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-medium text-stone-500">Blocked days</h3>
        <BlockedDays date={date} today={today} blockedDates={blockedDates} />
      </div>
    </section>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Sitter Bookings | Pawpal' }]

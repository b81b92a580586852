import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/bookings-sitter'
import { requireRole } from '#app/features/accounts/guards.server.ts'
import { getTimeZoneOf } from '#app/features/accounts/users.server.ts'
import { StatusChangeFormSchema } from '#app/features/bookings/booking-forms.ts'
import { type BookingJson, getBookingFor, listSitterBookings } from '#app/features/bookings/booking-reads.server.ts'
import { addMonths, formatDayTitle, formatShortDate, monthOf, readDate, readMonth } from '#app/features/bookings/calendar-dates.ts'
import { BookingCard } from '#app/features/bookings/components/booking-card.tsx'
import { BookingTips } from '#app/features/bookings/components/booking-tips.tsx'
import { monthArrowClass, MonthGrid } from '#app/features/bookings/components/month-grid.tsx'
import { BookingsSideSwitch } from '#app/features/bookings/components/side-switch.tsx'
import { isMove, type Move, StatusChangeDialog } from '#app/features/bookings/components/status-dialog.tsx'
import type { SitterTab } from '#app/features/bookings/schema.ts'
import { changeBookingStatus } from '#app/features/bookings/status-change.server.ts'
import { statusChangedToast, statusRefusedToast } from '#app/features/bookings/status-toasts.ts'
import { setDayBlocked } from '#app/features/sitters/blocked-days.server.ts'
import { weekdays } from '#app/features/sitters/options.ts'
import { BlockedDayFormSchema } from '#app/features/sitters/schedule-schema.ts'
import { getSitterSchedule } from '#app/features/sitters/schedule.server.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { defaultTimeZone, localDateTime } from '#app/lib/zoned-time.ts'
import { Button } from '#app/ui/button.tsx'
import { EmptyState } from '#app/ui/data-states.tsx'
import { LinkTabs } from '#app/ui/link-tabs.tsx'
import { Page } from '#app/ui/page.tsx'

// /bookings-sitter (spec section 2, Sitter Bookings and Bookings list panel): the sitter's calendar,
// the requests and bookings in the tabs of spec section 4 (a picked day shows that day, in All), the
// 'Accept Booking Request' dialog (?booking={id}&move=accepted, with 'Add to Google Calendar'), and the
// sitter's availability: weekly hours (edited on /profile/edit) and blocked days, blocked here.

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
  const timeZone = (await getTimeZoneOf(user.id)) ?? defaultTimeZone
  const today = localDateTime(Date.now(), timeZone).date
  const date = readDate(query.get('date'))
  const month = readMonth(query.get('month')) ?? monthOf(date ?? today)
  const asked = query.get('tab')
  const tab = sitterTabs.find((candidate) => candidate === asked) ?? (date ? 'all' : 'pending')
  const [everything, bookings, schedule] = await Promise.all([
    listSitterBookings(user.id, {}),
    listSitterBookings(user.id, { tab, ...(date ? { date } : {}) }),
    getSitterSchedule(user.id),
  ])
  const move = query.get('move')
  const dialogBooking = query.get('booking') && isMove(move) ? await getBookingFor(user.id, query.get('booking') ?? '') : null
  return {
    role: user.role,
    today,
    date,
    month,
    tab,
    bookings,
    bookedDays: countByDay(everything.filter((booking) => booking.status === 'pending' || booking.status === 'accepted')),
    weekly: schedule?.weekly ?? [],
    blockedDates: (schedule?.blockedDates ?? []).filter((blocked) => blocked >= today),
    timeZone,
    dialog: dialogBooking && isMove(move) && dialogBooking.actions.includes(move) ? { booking: dialogBooking, move } : null,
  }
}

function countByDay(bookings: readonly BookingJson[]) {
  const counts: Record<string, number> = {}
  for (const booking of bookings) counts[booking.date] = (counts[booking.date] ?? 0) + 1
  return counts
}

type ActionData = { toast: ToastInput; message: string; booking?: BookingJson; move?: Move | null }

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
    const bookingId = String(formData.get('bookingId') ?? '')
    const submission = parseWithZod(formData, { schema: StatusChangeFormSchema })
    if (submission.status !== 'success') {
      const message = 'Please choose what to do with this booking.'
      return data<ActionData>({ toast: statusRefusedToast(null, message), message }, { status: 400 })
    }
    const { status } = submission.value
    const outcome = await changeBookingStatus(user, bookingId, submission.value)
    if (!outcome.ok) {
      const booking = await getBookingFor(user.id, bookingId)
      return data<ActionData>(
        { toast: statusRefusedToast(status, outcome.message), message: outcome.message, ...(booking ? { booking } : {}), move: isMove(status) ? status : null },
        { status: outcome.status },
      )
    }
    return redirectWithToast(listUrl(url), statusChangedToast(outcome.status, outcome.calendar))
  }

  if (intent === 'block') {
    const submission = parseWithZod(formData, { schema: BlockedDayFormSchema })
    if (submission.status !== 'success') {
      const message = Object.values(submission.error ?? {}).flat()[0] ?? 'Please choose a day'
      return data<ActionData>({ toast: { type: 'error', title: 'Could not change the day', description: message }, message }, { status: 400 })
    }
    const { date, blocked } = submission.value
    const outcome = await setDayBlocked(user, date, blocked)
    if (!outcome.ok) {
      return data<ActionData>({ toast: { type: 'error', title: 'Could not change the day', description: outcome.message }, message: outcome.message }, { status: outcome.status })
    }
    const day = formatDayTitle(date)
    return redirectWithToast(listUrl(url), blocked ? { type: 'success', title: 'Day blocked', description: `Owners cannot request ${day}.` } : { type: 'success', title: 'Day open again', description: `Owners can request ${day} again.` })
  }

  throw data(null, { status: 400 })
}

export default function SitterBookingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { role, today, date, month, tab, bookings, bookedDays, weekly, blockedDates, timeZone } = loaderData
  const answer = actionData as ActionData | undefined
  const refused = answer?.booking && answer.move && answer.booking.actions.includes(answer.move) ? { booking: answer.booking, move: answer.move } : null
  const dialog = refused ?? loaderData.dialog
  const query = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams()
    const values: Record<string, string | null> = {
      month: month === monthOf(date ?? today) ? null : month,
      date,
      tab: date ? tab : tab === 'pending' ? null : tab,
      ...changes,
    }
    for (const [key, value] of Object.entries(values)) if (value) params.set(key, value)
    const search = params.toString()
    return search ? `?${search}` : '?'
  }
  const here = query({})
  return (
    <Page width="wide" toast={answer?.toast} className="space-y-6">
      <header className="space-y-3">
        {role === 'both' ? <BookingsSideSwitch current="sitter" /> : null}
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
            <MonthGrid
              month={month}
              previous={
                <Link to={query({ month: addMonths(month, -1), date: null })} preventScrollReset aria-label="Previous month" className={monthArrowClass}>
                  ‹
                </Link>
              }
              next={
                <Link to={query({ month: addMonths(month, 1), date: null })} preventScrollReset aria-label="Next month" className={monthArrowClass}>
                  ›
                </Link>
              }
              renderDay={(day) => {
                const count = bookedDays[day] ?? 0
                const blocked = blockedDates.includes(day)
                const selected = day === date
                const label = [formatDayTitle(day), count ? `${count} ${count === 1 ? 'booking' : 'bookings'}` : null, blocked ? 'blocked' : null]
                  .filter(Boolean)
                  .join(', ')
                return (
                  <Link
                    to={query({ date: day, tab: 'all', month: null })}
                    preventScrollReset
                    aria-label={label}
                    aria-current={selected ? 'date' : undefined}
                    className={`relative flex h-11 w-full flex-col items-center justify-center rounded-lg text-sm ${
                      selected
                        ? 'bg-brand-700 font-semibold text-white'
                        : blocked
                          ? 'bg-stone-100 text-stone-400 line-through hover:bg-stone-200'
                          : 'hover:bg-stone-100'
                    } ${day === today && !selected ? 'font-semibold text-brand-700 ring-1 ring-brand-600' : ''}`}
                  >
                    {Number(day.slice(8))}
                    {count > 0 ? <span aria-hidden className={`absolute bottom-1 size-1.5 rounded-full ${selected ? 'bg-white' : 'bg-brand-600'}`} /> : null}
                  </Link>
                )
              }}
            />
            {date ? (
              <Link to={query({ date: null, tab: null })} preventScrollReset className="tap-target mt-2 inline-flex items-center text-sm font-medium text-brand-700 underline underline-offset-4">
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
            <h2 id="list-heading" className="text-xl font-semibold">
              {date ? `Bookings for ${formatDayTitle(date)}` : 'Your Bookings'}
            </h2>
            <LinkTabs
              label="Booking status"
              tabs={sitterTabs.map((value) => ({ value, label: tabLabels[value] }))}
              current={tab}
              hrefFor={(value) => query({ tab: value })}
              replace
            />
            {bookings.length === 0 ? (
              <EmptyState title={emptyTexts[tab]} />
            ) : (
              <ul className="grid gap-3 lg:grid-cols-2">
                {bookings.map((booking) => (
                  <li key={booking.id}>
                    <BookingCard booking={booking} actions={booking.status === 'pending' ? <RequestActions booking={booking} linkTo={(move) => query({ booking: booking.id, move })} /> : null} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <div className="order-4 md:order-none">
            <BookingTips side="sitter" />
          </div>
        </div>
      </div>

      {dialog ? <StatusChangeDialog booking={dialog.booking} move={dialog.move} closeTo={here} error={refused ? answer?.message : null} request /> : null}
    </Page>
  )
}

function RequestActions({ booking, linkTo }: { booking: BookingJson; linkTo: (move: Move) => string }) {
  const base = 'tap-target inline-flex flex-1 items-center justify-center rounded-lg px-4 py-2 font-medium'
  if (!booking.actions.includes('accepted')) {
    return <p className="text-sm text-stone-600">Your offer: waiting for the owner to accept.</p>
  }
  return (
    <>
      <Link to={linkTo('accepted')} preventScrollReset className={`${base} bg-brand-700 text-white hover:bg-brand-800`} aria-label={`Accept ${booking.dog.name} on ${formatShortDate(booking.date)}`}>
        Accept
      </Link>
      <Link to={linkTo('rejected')} preventScrollReset className={`${base} border border-red-300 bg-white text-red-700 hover:bg-red-50`} aria-label={`Reject ${booking.dog.name} on ${formatShortDate(booking.date)}`}>
        Reject
      </Link>
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
  blockedDates: string[]
  date: string | null
  today: string
  timeZone: string
}) {
  const navigation = useNavigation()
  const busyDate = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'block' ? navigation.formData.get('date') : null
  const dateBlocked = date !== null && blockedDates.includes(date)
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
                  <span className={ranges.length ? '' : 'text-stone-500'}>
                    {ranges.length ? ranges.map((range) => `${range.startTime} - ${range.endTime}`).join(', ') : 'Not working'}
                  </span>
                </li>
              )
            })}
          </ul>
        )}
        <Link to="/profile/edit" className="tap-target inline-flex items-center text-sm font-medium text-brand-700 underline underline-offset-4">
          Edit weekly hours
        </Link>
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-medium text-stone-500">Blocked days</h3>
        {date && date >= today ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="block" />
            <input type="hidden" name="date" value={date} />
            <input type="hidden" name="blocked" value={dateBlocked ? 'false' : 'true'} />
            <Button type="submit" variant="secondary" disabled={busyDate === date} className="tap-target w-full">
              {dateBlocked ? `Open ${formatShortDate(date)} again` : `Block ${formatShortDate(date)}`}
            </Button>
          </Form>
        ) : (
          <p className="text-sm text-stone-700">Pick a day in the calendar to block it. Blocking stops new requests; bookings you accepted stay.</p>
        )}
        {blockedDates.length === 0 ? (
          <p className="text-sm text-stone-500">No blocked days ahead.</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {blockedDates.map((blocked) => (
              <li key={blocked} className="flex items-center justify-between gap-2">
                <span className="text-sm">{formatDayTitle(blocked)}</span>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="block" />
                  <input type="hidden" name="date" value={blocked} />
                  <input type="hidden" name="blocked" value="false" />
                  <button
                    type="submit"
                    disabled={busyDate === blocked}
                    aria-label={`Unblock ${formatDayTitle(blocked)}`}
                    className="tap-target px-2 text-sm font-medium text-brand-700 underline underline-offset-4"
                  >
                    Unblock
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Sitter Bookings | Pawpal' }]

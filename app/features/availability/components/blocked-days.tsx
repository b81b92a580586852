import { Form, useNavigation } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { blockDayIntent } from '../blocked-day-form.ts'
import { formatDayTitle, formatShortDate } from '../calendar-dates.ts'

/**
 * Blocking the day chosen in the SitterCalendar, or opening it again, and the blocked days ahead, each
 * with Unblock. Each button is a form post of its own to the page it sits on (nothing for React Router
 * to discover).
 */
export function BlockedDays({ date, today, blockedDates }: { date: string | null; today: string; blockedDates: readonly string[] }) {
  const navigation = useNavigation()
  const busyDate = navigation.state === 'submitting' && navigation.formData?.get('intent') === blockDayIntent ? navigation.formData.get('date') : null
  const dateBlocked = date !== null && blockedDates.includes(date)
  return (
    <>
      {date && date >= today ? (
        <Form method="post" preventScrollReset discover="none">
          <input type="hidden" name="intent" value={blockDayIntent} />
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
              <Form method="post" preventScrollReset discover="none">
                <input type="hidden" name="intent" value={blockDayIntent} />
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
    </>
  )
}

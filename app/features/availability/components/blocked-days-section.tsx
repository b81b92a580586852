import { blockedDaysSectionId } from '../blocked-day-form.ts'
import { BlockedDays } from './blocked-days.tsx'
import { SitterCalendar } from './sitter-calendar.tsx'

/**
 * A sitter's blocked days on /profile/edit, in the calendar of /bookings-sitter. Its links return here
 * (#blocked-days): without JavaScript each one loads the page again, at this section.
 */
export function BlockedDaysSection({ month, today, date, blockedDates, timeZone }: { month: string; today: string; date: string | null; blockedDates: string[]; timeZone: string }) {
  return (
    <section id={blockedDaysSectionId} aria-labelledby="blocked-days-heading" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="blocked-days-heading" className="text-lg font-semibold">
        Blocked Days
      </h2>
      <p className="text-sm text-stone-600">
        Days you are not available ({timeZone}). Blocking or opening a day is saved at once, on its own: it does not save the form above, so save
        your other changes first.
      </p>
      <SitterCalendar
        month={month}
        today={today}
        date={date}
        blockedDates={blockedDates}
        monthHref={(next) => `?month=${next}#${blockedDaysSectionId}`}
        dayHref={(day) => `?date=${day}#${blockedDaysSectionId}`}
      />
      <BlockedDays date={date} today={today} blockedDates={blockedDates} />
    </section>
  )
}

import { Form } from 'react-router'
import { Button } from '#app/ui/button.tsx'

/** The form's intent on /profile that replaces the feed's link. */
export const newCalendarLinkIntent = 'new-calendar-link'

/**
 * The user's private ICS feed of their accepted bookings (issue 10, decision 020), on /profile: the link
 * any calendar app can subscribe to, and a button that replaces it (the old link stops working).
 */
export function CalendarFeedSection({ url }: { url: string }) {
  return (
    <section aria-labelledby="calendar-feed-title" className="space-y-3 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="calendar-feed-title" className="text-lg font-semibold">
        Calendar feed
      </h2>
      <p className="text-sm text-stone-600">
        Subscribe to this private link in any calendar app (Google Calendar, Apple Calendar, Outlook) to see your
        accepted bookings there. Anyone with the link can read them: keep it to yourself.
      </p>
      <label htmlFor="calendar-feed-url" className="block text-sm font-medium text-stone-800">
        Your calendar link
      </label>
      <input
        id="calendar-feed-url"
        type="text"
        readOnly
        value={url}
        className="tap-target w-full rounded-lg border border-stone-300 bg-stone-50 px-3 py-2.5 font-mono text-sm text-stone-800"
      />
      <Form method="post">
        <input type="hidden" name="intent" value={newCalendarLinkIntent} />
        <Button type="submit" variant="secondary">
          Get a new link
        </Button>
      </Form>
    </section>
  )
}

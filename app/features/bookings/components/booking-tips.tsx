import { href, Link } from 'react-router'
import type { Party } from '../transitions.ts'
import { StatusBadge } from './status-badge.tsx'

// Spec section 2, Bookings page: the side panel's booking tips, each role's own advice, what the
// statuses mean, and Contact Support. Calendars: what really happens (DESIGN.md ruling 11).

const advice: Record<Party, string[]> = {
  owner: [
    'Book your walks in advance: popular sitters fill their week early, and a request needs their yes before it starts.',
    'Add notes about your dog: feeding, leash habits, anything the sitter should know.',
    'Message the sitter if plans change, and cancel before the start if you cannot make it.',
  ],
  sitter: [
    'Respond to booking requests promptly: a request nobody answers expires when it is due to start.',
    'Read the dog’s profile before you accept, and ask the owner about anything unclear.',
    'Block the days you are away, so owners cannot request them.',
  ],
}

const statusMeanings = [
  { status: 'pending', text: 'Awaiting sitter confirmation' },
  { status: 'accepted', text: 'Confirmed and scheduled' },
  { status: 'completed', text: 'Service provided' },
] as const

export function BookingTips({ side }: { side: Party }) {
  return (
    <aside aria-labelledby="tips-heading" className="space-y-4 self-start rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="tips-heading" className="text-lg font-semibold">
        Booking tips
      </h2>
      <ul className="list-disc space-y-2 pl-5 text-sm text-stone-700">
        {advice[side].map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <dl className="space-y-2 text-sm">
        {statusMeanings.map(({ status, text }) => (
          <div key={status} className="flex items-center gap-2">
            <dt>
              <StatusBadge status={status} />
            </dt>
            <dd className="text-stone-700">{text}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-stone-700">
        When a booking is accepted with ‘Add to Google Calendar’ ticked, it goes into the Google Calendar of each of you who signed in with Google.
      </p>
      <div className="border-t border-stone-100 pt-4">
        <p className="text-sm text-stone-700">Need help with a booking?</p>
        <Link
          to={href('/support')}
          className="tap-target mt-2 inline-flex items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium hover:bg-stone-100"
        >
          Contact Support
        </Link>
      </div>
    </aside>
  )
}

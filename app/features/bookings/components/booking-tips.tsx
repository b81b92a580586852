import { href, Link } from 'react-router'
import type { Party } from '../transitions.ts'
import { StatusBadge } from './status-badge.tsx'

// Spec section 2, Bookings page: the side panel's booking tips, each role's own advice, what the
// statuses mean, and Contact Support. Calendars: what really happens (DESIGN.md ruling 11). Its look is the
// `booking-tips` class of app.css.

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
    <aside aria-labelledby="tips-heading" className="booking-tips">
      <h2 id="tips-heading">Booking tips</h2>
      <ul>
        {advice[side].map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <dl>
        {statusMeanings.map(({ status, text }) => (
          <div key={status}>
            <dt>
              <StatusBadge status={status} />
            </dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <p>When a booking is accepted with ‘Add to Google Calendar’ ticked, it goes into the Google Calendar of each of you who signed in with Google.</p>
      <div>
        <p>Need help with a booking?</p>
        <Link to={href('/support')}>Contact Support</Link>
      </div>
    </aside>
  )
}

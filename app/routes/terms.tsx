import { href, Link } from 'react-router'
import { ProsePage } from '#app/ui/prose-page.tsx'

export const handle = { publicCache: true }

export default function TermsRoute() {
  return (
    <ProsePage title="Terms of Service" updated="November 21, 2026">
      <p>
        Pawpal connects dog owners with independent sitters and walkers. By creating an account you agree to these
        terms.
      </p>
      <h2>Your account</h2>
      <p>
        Give accurate information, keep your password to yourself and tell us at once if you think someone else is
        using your account. We may suspend accounts that break these terms or put dogs or people at risk.
      </p>
      <h2>Bookings</h2>
      <p>
        A booking is an agreement between an owner and a sitter. Prices are the sitter&apos;s own rates, shown before
        you request. Either party may cancel a pending or accepted booking before it starts.
      </p>
      <h2>Care and safety</h2>
      <p>
        Owners describe their dogs honestly, including health and behaviour. Sitters care for dogs as described in
        the booking and contact the owner about anything unexpected.
      </p>
      <h2>Content</h2>
      <p>Photos, profiles, reviews and messages must be your own and must respect others.</p>
      <p>
        Questions? <Link to={href('/support')} className="tap-target inline-flex items-center text-brand-700 underline">Contact support</Link>.
      </p>
    </ProsePage>
  )
}

export const meta = () => [{ title: 'Terms of Service | Pawpal' }]

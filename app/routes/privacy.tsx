import { href, Link } from 'react-router'
import { ProsePage } from '#app/ui/prose-page.tsx'

export const handle = { publicCache: true }

export default function PrivacyRoute() {
  return (
    <ProsePage title="Privacy Policy" updated="November 21, 2026">
      <p>We keep only what Pawpal needs to connect owners and sitters, and we never sell it.</p>
      <h2>What we store</h2>
      <p>
        Your name, e-mail, password (as a one-way hash), phone number if you add it, your profile and your dogs&apos;
        profiles, bookings, reviews and messages. Uploaded photos are re-encoded and lose all metadata, including
        camera location.
      </p>
      <h2>Your location</h2>
      <p>
        Other users only see an approximate location, a point 150 to 600 metres from your address, and your district. Your
        exact address is shared only with the other party of an accepted booking.
      </p>
      <h2>Google</h2>
      <p>
        If you sign in with Google we receive your name, e-mail and photo. If you allow calendar access we add your
        accepted bookings to your Google Calendar; the access tokens are stored encrypted.
      </p>
      <h2>Cookies</h2>
      <p>We use one cookie to keep you signed in and one for short on-screen messages. No tracking cookies.</p>
      <p>
        To see or delete your data, <Link to={href('/support')} className="tap-target inline-flex items-center text-brand-700 underline">contact support</Link>.
      </p>
    </ProsePage>
  )
}

export const meta = () => [{ title: 'Privacy Policy | Pawpal' }]

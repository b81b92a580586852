import { href, Link } from 'react-router'

/** On /profile, for owners: where they keep the entry instructions and codes a booked sitter sees. */
export function HomeAccessLink() {
  return (
    <section aria-labelledby="home-access-link-title" className="space-y-2 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="home-access-link-title" className="text-lg font-semibold">
        Home access
      </h2>
      <p className="text-sm text-stone-600">
        Keep your entry instructions, lockbox, door and alarm codes and Wi-Fi in one place, encrypted. Your sitter sees them
        from 2 hours before a booking until it ends, and you see every view.
      </p>
      <Link to={href('/home-access')} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
        Manage home access
      </Link>
    </section>
  )
}

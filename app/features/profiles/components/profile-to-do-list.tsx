import { Link } from 'react-router'
import type { ProfileToDo } from '../profile-to-do.server.ts'

/** '/': what a sitter's profile still misses, each item a link to where it is done; nothing once complete. */
export function ProfileToDoList({ items }: { items: readonly ProfileToDo[] }) {
  if (items.length === 0) return null
  return (
    <section aria-labelledby="profile-to-do-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="profile-to-do-heading" className="font-semibold text-stone-900">
        Finish your sitter profile
      </h2>
      <p className="text-sm text-stone-700">Owners choose sitters whose profile is complete. Still to do:</p>
      <ul className="mt-2 space-y-1">
        {items.map((item) => (
          <li key={item.text}>
            <Link to={item.href} className="tap-target inline-flex items-center font-medium text-brand-800 underline underline-offset-4">
              {item.text}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

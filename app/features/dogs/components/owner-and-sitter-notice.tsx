import { href, Link } from 'react-router'
import { isOwnerAndSitter } from '#app/features/accounts/roles.ts'
import type { Role } from '#app/lib/db-schema.ts'

// A sitter who adds a dog becomes 'Owner & Sitter' (DESIGN.md ruling 2). /dogs/add then opens the new
// dog's page with `?became=both`, and the page says what changed; a plain link keeps it for a reload.

export const becameBothParam = 'became=both'

/** Whether the dog's page should say so: it was opened that way and the account really is both. */
export function showsOwnerAndSitterNotice(url: URL, role: Role) {
  return url.searchParams.get('became') === 'both' && isOwnerAndSitter(role)
}

export function OwnerAndSitterNotice({ dogName }: { dogName: string }) {
  return (
    <section aria-labelledby="owner-and-sitter-title" className="space-y-2 rounded-2xl border border-brand-600/40 bg-brand-50 p-5 text-stone-800">
      <h2 id="owner-and-sitter-title" className="text-lg font-semibold text-brand-800">
        Your account is now &lsquo;Owner &amp; Sitter&rsquo;
      </h2>
      <p>
        Adding <bdi>{dogName}</bdi> made you a dog owner as well as a sitter. Your profile now has both tabs, My Dogs and My
        Services, and you get both booking pages: the bookings you make for your dogs, and the requests owners send you
        as a sitter. Your sitter profile stays as it was.
      </p>
      <Link to={`${href('/profile')}?tab=dogs`} className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-4">
        See My Dogs on your profile
      </Link>
    </section>
  )
}

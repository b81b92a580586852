import { href, Link } from 'react-router'
import type { BookingPageHomeAccess } from '../home-access.server.ts'
import { type HomeAccessField, homeAccessFields, homeAccessLabels } from '../fields.ts'

/**
 * The booking page's home-access section (DESIGN.md ruling 27): for its sitter inside the window the owner's
 * instructions and codes, outside it when it opens or that it closed; for the owner when the sitter sees them.
 */
export function BookingHomeAccess({ homeAccess, sitterName }: { homeAccess: BookingPageHomeAccess; sitterName: string }) {
  return (
    <section aria-labelledby="home-access-heading" className="space-y-3 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="home-access-heading" className="text-lg font-semibold">
        Home access
      </h2>
      {homeAccess.viewer === 'owner' ? (
        <p className="text-stone-700">
          <bdi>{sitterName}</bdi> sees your home access from {homeAccess.opensAt} until the booking ends at {homeAccess.closesAt}.{' '}
          {homeAccess.hasVault ? null : 'You have not saved any yet. '}
          <Link to={href('/home-access')} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
            Your home access
          </Link>
        </p>
      ) : homeAccess.details ? (
        <>
          <p className="text-sm text-stone-600">Shown until {homeAccess.closesAt}. The owner sees that you opened it.</p>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {homeAccessFields.map((field) => (homeAccess.details?.[field] ? <Detail key={field} field={field} value={homeAccess.details[field]} /> : null))}
          </dl>
        </>
      ) : (
        <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700">{homeAccess.message ?? 'The owner has not left any home access details.'}</p>
      )}
    </section>
  )
}

function Detail({ field, value }: { field: HomeAccessField; value: string }) {
  return (
    <div className={field === 'instructions' ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm text-stone-500">{homeAccessLabels[field]}</dt>
      <dd className={field === 'instructions' ? 'whitespace-pre-line text-stone-900' : 'font-mono font-medium text-stone-900'}>
        <bdi>{value}</bdi>
      </dd>
    </div>
  )
}

import { href, Link } from 'react-router'
import { AlertIcon } from '#app/ui/icons.tsx'
import { Page } from '#app/ui/page.tsx'

// Where role-restricted pages send a user whose role does not fit (spec section 6).
export default function UnauthorizedRoute() {
  return (
    <Page width="narrow" centered className="items-center gap-3 text-center">
      <AlertIcon className="size-12 text-amber-600" />
      <h1 className="text-2xl font-bold">Not available for your account</h1>
      <p className="text-stone-600">
        This page is for a different kind of account. Owners manage dogs and bookings; sitters manage their services
        and requests.
      </p>
      <Link to={href('/')} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
        Return to Home
      </Link>
    </Page>
  )
}

export const meta = () => [{ title: 'Not available | Pawpal' }]

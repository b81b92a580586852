import { Link } from 'react-router'
import { AlertIcon } from '#app/ui/icons.tsx'

// Where role-restricted pages send a user whose role does not fit (spec section 6).
export default function UnauthorizedRoute() {
  return (
    <main className="mx-auto flex min-h-[80dvh] max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <AlertIcon className="size-12 text-amber-600" />
      <h1 className="text-2xl font-bold">Not available for your account</h1>
      <p className="text-stone-600">
        This page is for a different kind of account. Owners manage dogs and bookings; sitters manage their services
        and requests.
      </p>
      <Link to="/" className="font-medium text-brand-700 underline underline-offset-4">
        Return to Home
      </Link>
    </main>
  )
}

export const meta = () => [{ title: 'Not available | Pawpal' }]

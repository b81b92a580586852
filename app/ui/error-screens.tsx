import { href, Link } from 'react-router'
import { AlertIcon, PawIcon } from './icons.tsx'
import { Page } from './page.tsx'

export function NotFoundScreen() {
  return (
    <Page width="narrow" centered className="items-center gap-3 text-center">
      <PawIcon className="size-12 text-brand-600" />
      <h1 className="text-6xl font-bold text-stone-800">404</h1>
      <p className="text-lg text-stone-600">Oops! Page not found</p>
      <Link to={href('/')} className="tap-target mt-2 inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
        Return to Home
      </Link>
    </Page>
  )
}

/** A write refused because it did not come from our own pages (app/lib/same-origin.server.ts). */
export function ForbiddenScreen() {
  return (
    <Page width="narrow" centered className="items-center gap-3 text-center">
      <AlertIcon className="size-12 text-red-600" />
      <h1 className="text-2xl font-bold">Request refused</h1>
      <p className="text-stone-600">
        This form was not sent from a Pawpal page, so nothing was changed. Open Pawpal and try again.
      </p>
      <a href={href('/')} className="tap-target mt-2 inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
        Return to Home
      </a>
    </Page>
  )
}

/** The generic error screen: never a stack trace outside development. */
export function ErrorScreen({ status, detail }: { status: number; detail?: string }) {
  return (
    <Page width="narrow" centered className="items-center gap-3 text-center">
      <AlertIcon className="size-12 text-red-600" />
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-stone-600">
        {status >= 500 ? 'We could not load this page. Please try again in a moment.' : `Error: ${status}`}
      </p>
      <a href={href('/')} className="tap-target mt-2 inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
        Return to Home
      </a>
      {detail ? <pre className="mt-4 max-w-full overflow-auto text-left text-xs text-stone-500">{detail}</pre> : null}
    </Page>
  )
}

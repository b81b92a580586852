import { href, Link } from 'react-router'
import { AlertIcon } from '#app/ui/icons.tsx'
import { formatSuspensionEnd } from '../moderation-format.ts'
import type { SuspensionNotice } from '../suspended-sign-in.server.ts'

// What the sign-in screen shows a suspended user who gave the right password (DESIGN.md ruling 25): that
// the account is suspended, why, and until when, with the ways on (support, another account).

export function SuspendedAccount({ suspension }: { suspension: SuspensionNotice }) {
  return (
    <section aria-labelledby="suspended-heading" className="space-y-4 rounded-2xl border border-red-200 bg-white p-5 shadow-xs">
      <div className="flex items-start gap-3">
        <AlertIcon className="mt-0.5 size-7 shrink-0 text-red-600" />
        <div>
          <h1 id="suspended-heading" className="text-xl font-bold">
            Your account is suspended
          </h1>
          <p className="text-stone-700">
            You cannot sign in <strong className="font-semibold">{formatSuspensionEnd(suspension.until)}</strong>.
          </p>
        </div>
      </div>
      <div>
        <h2 className="text-sm font-medium text-stone-600">Reason</h2>
        <p className="mt-1 whitespace-pre-line rounded-lg bg-stone-100 px-3 py-2 text-stone-900">{suspension.reason}</p>
      </div>
      <p className="text-sm text-stone-600">If you think this is a mistake, tell us: our team reads every message.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to={href('/support')} className="tap-target inline-flex flex-1 items-center justify-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800">
          Contact support
        </Link>
        <Link
          to={href('/login')}
          className="tap-target inline-flex flex-1 items-center justify-center rounded-lg border border-stone-300 bg-white px-4 font-medium text-stone-900 hover:bg-stone-100"
        >
          Back to sign in
        </Link>
      </div>
    </section>
  )
}

import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { AlertIcon, PawIcon } from './icons.tsx'

// The generic data-view states of spec section 8: loading, error, empty.

export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-12 text-stone-500">
      <span className="size-8 animate-spin rounded-full border-4 border-stone-200 border-t-brand-600" aria-hidden />
      <span>{label}</span>
    </div>
  )
}

/** The message text, else 'Error: {status}', else 'Something went wrong'; 'Try Again' reloads the view. */
export function errorStateText(error: { message?: string | null; status?: number | null }) {
  if (error.message) return error.message
  if (error.status) return `Error: ${error.status}`
  return 'Something went wrong'
}

export function ErrorState({
  title,
  message,
  status,
  retryLabel = 'Try Again',
}: {
  title?: string
  message?: string | null
  status?: number | null
  retryLabel?: string
}) {
  const location = useLocation()
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
      <AlertIcon className="size-10 text-red-600" />
      {title ? <h2 className="text-lg font-semibold">{title}</h2> : null}
      <p className="text-stone-600">{errorStateText({ message, status })}</p>
      {/* A link to this very URL: reloads the data with or without JavaScript. */}
      <Link
        to={`${location.pathname}${location.search}`}
        reloadDocument
        className="tap-target inline-flex items-center rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
      >
        {retryLabel}
      </Link>
    </div>
  )
}

export function EmptyState({
  title = 'No data available',
  description,
  action,
  heading: Heading = 'h2',
}: {
  title?: string
  description?: string
  action?: ReactNode
  /** 'h1' when the state is the whole page (a booking or sitter not found): the page's main heading. */
  heading?: 'h1' | 'h2'
}) {
  return (
    <div className="flex flex-col items-center gap-2 py-12 text-center">
      <PawIcon className="size-10 text-stone-400" />
      <Heading className="text-lg font-semibold text-stone-800">{title}</Heading>
      {description ? <p className="max-w-xs text-stone-600">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  )
}

export function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="tap-target inline-flex items-center rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
      {children}
    </Link>
  )
}

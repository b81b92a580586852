import type { MouseEvent, ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'

/**
 * 'Go Back' / the back arrow (spec: one step back). With JavaScript and a page to return to it goes back
 * in history; otherwise it is a plain link to `fallback`.
 */
export function GoBackLink({ fallback, className, children, label }: { fallback: string; className?: string; children: ReactNode; label?: string }) {
  const navigate = useNavigate()
  function goBack(event: MouseEvent<HTMLAnchorElement>) {
    const state: unknown = window.history.state
    const index = state && typeof state === 'object' && 'idx' in state ? Number(state.idx) : 0
    if (index > 0) {
      event.preventDefault()
      void navigate(-1)
    }
  }
  return (
    <Link to={fallback} onClick={goBack} className={className} aria-label={label}>
      {children}
    </Link>
  )
}

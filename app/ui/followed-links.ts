import type { MouseEvent } from 'react'
import { useNavigate } from 'react-router'

/**
 * A click handler for an element of many plain links to this app (a day strip's 45 days, a list's cards):
 * with JavaScript, React Router follows a plain click on any of them as a `<Link>` would, without a page load; a
 * click with a modifier key, another target or a download goes to the browser. On the server each `<Link>` costs
 * about 3 µs more to render than an anchor (its hooks resolve the path and prepare prefetching), which the dozens
 * on every visit of a booking list make worth sparing. An anchor to a route the page did not show React Router yet
 * carries `data-discover="true"`, by which React Router's route discovery finds it as it finds a `<Link>`'s. An
 * anchor with `data-keep-scroll` keeps the scroll position, as a `<Link preventScrollReset>` (a card's Accept opens
 * its dialog where the card is).
 */
export function useFollowedLinks({ preventScrollReset = false } = {}) {
  const navigate = useNavigate()
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest('a') : null
    if (!anchor?.href || !event.currentTarget.contains(anchor) || event.defaultPrevented) return
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return
    event.preventDefault()
    void navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`, { preventScrollReset: preventScrollReset || anchor.hasAttribute('data-keep-scroll') })
  }
}

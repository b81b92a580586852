import { useEffect, useRef, useState } from 'react'
import { useNavigation, useRevalidator } from 'react-router'
import type { Counted } from '../badge-socket.ts'

// The live part of the signed-in shell: on every signed-in page the tab's socket keeps the navigation's
// badges current, toasts new messages and refreshes the bookings screens and the notification centre
// (badge-socket.ts, loaded after hydration). A refresh is the page's own loader run again with the page's URL,
// so a centre showing more pages ('Show more', the cursor in its URL) keeps them. Signed out, nothing loads
// and no socket opens.

/**
 * The counts to show: the page's, or the ones the socket brought since, whichever the server counted later.
 * `viewerId` null: signed out.
 */
export function useLiveBadges<Counts extends Counted>(viewerId: string | null, loaded: Counts): Counts {
  const [pushed, setPushed] = useState<Counts | null>(null)
  const { revalidate } = useRevalidator()
  const revalidateRef = useRef(revalidate)
  useEffect(() => {
    revalidateRef.current = revalidate
  }, [revalidate])
  // A navigation under way (a logout's own redirect among them) already runs its loaders with the ended
  // session: revalidating the page it leaves would race it and win with that page's sign-in redirect.
  const navigating = useNavigation().state !== 'idle'
  const navigatingRef = useRef(navigating)
  // A bookings change during a navigation is refreshed once it has ended: revalidating would abort its loads,
  // and with them the flash toast of a redirect after a submit.
  const refreshWhenIdle = useRef(false)
  useEffect(() => {
    navigatingRef.current = navigating
    if (navigating || !refreshWhenIdle.current) return
    refreshWhenIdle.current = false
    void revalidateRef.current()
  }, [navigating])

  useEffect(() => {
    if (!viewerId) return
    let stop: (() => void) | null = null
    let stopped = false
    import('../badge-socket.ts')
      .then(({ watchBadges }) => {
        if (stopped) return
        stop = watchBadges<Counts>(viewerId, {
          counts: (counts) => setPushed((shown) => (shown && shown.at > counts.at ? shown : counts)),
          bookingsChanged: () => {
            if (navigatingRef.current) refreshWhenIdle.current = true
            else void revalidateRef.current()
          },
          notificationsChanged: () => {
            if (!navigatingRef.current) void revalidateRef.current()
          },
          // Signed out in another tab, or revoked: the page's loaders say what that means here.
          sessionEnded: () => {
            if (!navigatingRef.current) void revalidateRef.current()
          },
        })
      })
      .catch(() => {}) // offline: the badges stay as the page loaded them
    return () => {
      stopped = true
      stop?.()
      setPushed(null)
    }
  }, [viewerId])

  return pushed && pushed.at > loaded.at ? pushed : loaded
}

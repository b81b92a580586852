import { memo, type MouseEvent, useEffect, useRef } from 'react'
import { Button } from '#app/ui/button.tsx'
import { EmptyState } from '#app/ui/data-states.tsx'
import { AlertIcon } from '#app/ui/icons.tsx'
import type { MapSitter } from '../map-sitter.ts'
import { SitterListItem } from './sitter-list-item.tsx'
import type { SittersInView } from './use-sitters-in-view.ts'

// The map screen's 'All Sitters' list pane (spec section 2): the sitters the map shows, a skeleton while
// a new area loads, 'No sitters found in this area' when it holds none. Without JavaScript it is the
// whole screen (the server's nearest sitters) and every item is a plain link to the profile; with it,
// tapping an item opens the quick view instead (a click with a modifier key still opens the profile), so
// the items stay plain links without the app's navigation: they cost little to hydrate.

export type MapListPaneProps = {
  area: SittersInView & { retry: () => void }
  /** Whom the server's list is nearest to: the signed-in user's address or the city centre. */
  nearestTo: 'home' | 'city'
  /** Opens the quick view (until the page is interactive the items are only links). */
  onSelect: (sitter: MapSitter) => void
  selectedId: string | null
  className?: string
}

/** Renders again only when its own props change, not with every change to the map beside it. */
export const MapListPane = memo(function MapListPane({ area, nearestTo, onSelect, selectedId, className = '' }: MapListPaneProps) {
  const loading = area.status === 'loading'
  const list = useRef<HTMLUListElement>(null)
  // A sitter chosen on the map is brought into view in the list beside it (wide screens; phones hide the list).
  useEffect(() => {
    if (selectedId) list.current?.querySelector(`[data-sitter-id="${CSS.escape(selectedId)}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [selectedId])
  return (
    <section
      aria-labelledby="all-sitters-heading"
      aria-busy={loading || undefined}
      className={`bg-stone-50 md:w-96 md:shrink-0 md:overflow-y-auto md:border-r md:border-stone-200 lg:w-[26rem] ${className}`}
    >
      <header className="px-4 pt-4 pb-3 md:sticky md:top-0 md:z-10 md:bg-stone-50/95 md:backdrop-blur">
        <h2 id="all-sitters-heading" className="text-xl font-bold text-stone-900">
          All Sitters
        </h2>
        <p className="text-sm text-stone-600" aria-live="polite">
          {countText(area)}
        </p>
        <p className="mt-2 hidden rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm text-stone-700 noscript:block">
          The map needs JavaScript, so here are the sitters nearest {nearestTo === 'home' ? 'your address' : 'the city centre'}.
        </p>
      </header>
      <div className="px-4 pb-6">
        {area.status === 'failed' ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
            <AlertIcon className="size-10 text-red-600" />
            <p className="text-stone-700">Could not load the sitters in this area.</p>
            <Button type="button" onClick={area.retry}>
              Try Again
            </Button>
          </div>
        ) : loading ? (
          <ListSkeleton />
        ) : area.sitters.length === 0 ? (
          <EmptyState
            title="No sitters found in this area"
            description={area.status === 'ready' ? 'Zoom out or move the map to see more sitters.' : 'No sitter has shared their area yet.'}
          />
        ) : (
          <ul ref={list} className="space-y-3">
            {area.sitters.map((sitter, index) => (
              <li
                key={sitter.id}
                data-sitter-id={sitter.id}
                onClickCapture={(event) => selectInstead(event, () => onSelect(sitter))}
                className={`${sitter.id === selectedId ? 'rounded-2xl ring-2 ring-brand-600' : ''} ${index < firstScreenItems ? '' : renderWhenNear}`}
              >
                <SitterListItem sitter={sitter} plainLink />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
})

/**
 * The list holds up to 100 sitters: items beyond the first screen are laid out and painted only when they
 * come near the viewport (`content-visibility: auto`, the usual item's height as their estimate). The first
 * ones are drawn at once, so their real height never moves what follows while the page loads.
 */
const firstScreenItems = 10
const renderWhenNear = '*:[contain-intrinsic-size:auto_5rem] *:[content-visibility:auto]'

function countText({ status, sitters, total }: SittersInView) {
  if (status === 'loading') return 'Looking for sitters in this area…'
  if (status === 'failed' || total === 0) return ''
  const sitterCount = `${total} ${total === 1 ? 'sitter' : 'sitters'}`
  if (status === 'server') return sitters.length < total ? `The ${sitters.length} nearest of ${sitterCount}` : `${sitterCount}, nearest first`
  return sitters.length < total ? `${sitters.length} of ${sitterCount} in this area. Zoom in to see the others.` : `${sitterCount} in this area`
}

/** A plain click on an item opens the quick view; a click with a modifier key (new tab) stays a link. */
function selectInstead(event: MouseEvent, select: () => void) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  event.preventDefault()
  select()
}

function ListSkeleton() {
  return (
    <div>
      <span className="sr-only">Loading sitters…</span>
      <ul className="animate-pulse space-y-3" aria-hidden>
        {[0, 1, 2, 3, 4].map((row) => (
          <li key={row} className="flex min-h-24 gap-4 rounded-2xl border border-stone-200 bg-white p-4">
            <div className="size-16 shrink-0 rounded-full bg-stone-200" />
            <div className="flex-1 space-y-2 pt-1">
              <div className="h-4 w-2/3 rounded bg-stone-200" />
              <div className="h-3 w-1/2 rounded bg-stone-200" />
              <div className="h-3 w-3/4 rounded bg-stone-200" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}

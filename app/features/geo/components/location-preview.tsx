import type { MouseEvent } from 'react'
import { tileAttribution } from '#app/lib/map-tiles.ts'
import type { GeoPoint } from '../distance.ts'
import type { MapView } from '../map-settings.ts'
import { pointAtOffset, worldPixel } from '../tile-grid.ts'
import { locationPinSvg } from './location-pin.ts'
import { MapPreview } from './map-preview.tsx'

// The location picker's map before anyone uses it: its tiles as images and the pin where Leaflet would draw
// them, so the page carries no Leaflet until the map is wanted (decision 083). A tap on the map opens Leaflet
// and places the pin there at once; the button opens it without moving the pin (the keyboard's way in).
// Loaded after hydration, like everything the picker draws only with JavaScript.

type LocationPreviewProps = {
  tileTemplate: string
  view: MapView
  point: GeoPoint | null
  /** Leaflet was asked for and is on its way: the preview says so instead of offering the map. */
  loading?: boolean
  /** `tapped` is the point a pointer tapped; null when the button opened the map. */
  onOpen?: (tapped: GeoPoint | null) => void
  /** A pointer came down on the map or its button (the press bubbles up to the map): Leaflet may start loading before the tap ends. */
  onWarm?: () => void
}

export default function LocationPreview({ tileTemplate, view, point, loading = false, onOpen, onWarm }: LocationPreviewProps) {
  function tapMap(event: MouseEvent<HTMLDivElement>) {
    if (loading || !onOpen) return
    const box = event.currentTarget.getBoundingClientRect()
    const offset = { x: Math.round(event.clientX - box.left - box.width / 2), y: Math.round(event.clientY - box.top - box.height / 2) }
    onOpen(pointAtOffset(view.centre, view.zoom, offset))
  }
  return (
    <>
      <div className="relative h-64 w-full cursor-crosshair overflow-hidden sm:h-80" onClick={tapMap} onPointerDown={onWarm}>
        <MapPreview tileTemplate={tileTemplate} view={view} />
        {point ? <Pin view={view} point={point} /> : null}
        <div className="absolute inset-x-0 bottom-3 flex justify-center px-3">
          {loading ? (
            <p role="status" className="rounded-full bg-white/95 px-4 py-2 text-sm font-medium text-stone-800 shadow">
              Loading map…
            </p>
          ) : (
            <button
              type="button"
              onClick={(event) => {
                event.stopPropagation()
                onOpen?.(null)
              }}
              className="tap-target rounded-full bg-white/95 px-4 py-2 text-sm font-medium text-brand-800 shadow outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              {point ? 'Move the pin on the map' : 'Place the pin on the map'}
            </button>
          )}
        </div>
      </div>
      {/* The tile licence's credit, which Leaflet shows inside the map once it is there. */}
      <p className="map-credit px-2 py-1 text-right text-xs text-stone-600" dangerouslySetInnerHTML={{ __html: `Map data ${tileAttribution}` }} />
    </>
  )
}

/** The pin's tip on its point: the point's pixel from the centre's, both as Leaflet rounds them. */
function Pin({ view, point }: { view: MapView; point: GeoPoint }) {
  const centre = worldPixel(view.centre, view.zoom)
  const pixel = worldPixel(point, view.zoom)
  const left = Math.round(pixel.x) - Math.round(centre.x) - 22
  const top = Math.round(pixel.y) - Math.round(centre.y) - 42
  return (
    <span
      className="pointer-events-none absolute block size-11"
      style={{ left: `calc(50% + ${left}px)`, top: `calc(50% + ${top}px)` }}
      dangerouslySetInnerHTML={{ __html: locationPinSvg }}
    />
  )
}

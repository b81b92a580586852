import { memo } from 'react'
import { preconnect } from 'react-dom'
import { tileOrigins, tileUrl } from '#app/lib/map-tiles.ts'
import type { MapView } from '../map-settings.ts'
import { tileGrid, tilePx } from '../tile-grid.ts'

// A map's tiles as plain images, where Leaflet will put the same tiles: the server draws them, so the
// area shows while Leaflet and its markers are still on their way, and the browser loads each tile once.
// Lazy images, so only the tiles inside the map's box load. Browsers load every image at once where
// scripts do not run (lazy loading needs them), so there a tile's only source is a blank image inside the
// page (HTML requires a `src`): the box is hidden then anyway. Not a map: nothing to tap, hidden from
// screen readers.

/** A transparent 1 x 1 GIF: the `src` of a tile where scripts do not run (the CSP allows data: images). */
const blankImage = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'

/** How much the preview covers around the map's centre: a map box up to 1536 x 1024 px. */
const reach = { width: 1536, height: 1024 }

/** Drawn once: the page around it changes often while it loads, the preview never does. */
export const MapPreview = memo(function MapPreview({ tileTemplate, view }: { tileTemplate: string; view: MapView }) {
  // The tile server is another host: the browser can connect to it while the page still loads.
  for (const origin of tileOrigins(tileTemplate)) preconnect(origin)
  const grid = tileGrid(view.centre, view.zoom, reach)
  return (
    <div className="absolute inset-0 overflow-clip" aria-hidden>
      <div className="absolute flex flex-wrap" style={{ left: `calc(50% + ${grid.left}px)`, top: `calc(50% + ${grid.top}px)`, width: grid.columns * tilePx }}>
        {grid.tiles.map(({ x, y }, index) => {
          const url = tileUrl(tileTemplate, { x, y, z: grid.zoom })
          return (
            <picture key={index} className="shrink-0">
              <source media="(scripting: enabled)" srcSet={url} />
              <img src={blankImage} alt="" width={tilePx} height={tilePx} loading="lazy" decoding="async" />
            </picture>
          )
        })}
      </div>
    </div>
  )
})

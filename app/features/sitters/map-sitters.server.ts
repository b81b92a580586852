import { getExactPoint, getPublicIdentities } from '#app/features/accounts/users.server.ts'
import { wholeEarth } from '#app/features/geo/distance.ts'
import { defaultCentre, mapZoom, type MapView } from '#app/features/geo/map-settings.ts'
import { fromSitterListItemJson } from './map-sitter.ts'
import { maxSitterLimit } from './sitter-search-schema.ts'
import { searchSitters, toSitterListItemJson } from './sitter-search.server.ts'

// The map screen (/map) before the browser has a view of its own: where the map opens and the list pane
// the server renders (the whole screen without JavaScript). With JavaScript the map then asks
// GET /api/users/sitters?bbox=... for the sitters inside what it shows.

/** The most sitters the map and its list hold at once (spec section 9: 'map list limit 100'). */
export const mapSitterLimit = maxSitterLimit

/**
 * Where the map opens and the sitters its list starts with: only sitters with a location (spec: the list
 * pane lists only those), at most 100. A signed-in user with a saved location sees the sitters nearest
 * their home, with distances, on a map around it (the centre is their own PUBLIC point, so no page holds
 * an exact coordinate); everyone else the sitters nearest the city centre, without distances (a distance
 * from the city centre would read as one from them).
 */
export async function getMapScreen(viewer: { id: string } | null) {
  const home = viewer ? await getExactPoint(viewer.id) : null
  const shownHome = home && viewer ? ((await getPublicIdentities([viewer.id])).get(viewer.id)?.publicPoint ?? null) : null
  const origin = home ?? defaultCentre
  const { sitters, total } = await searchSitters({
    page: 1,
    limit: mapSitterLimit,
    search: '',
    services: [],
    sizes: [],
    freeOn: null,
    // A box, even the whole earth, leaves out sitters without a point.
    box: wholeEarth,
    near: { origin, radiusMiles: null },
  })
  const start: MapView = shownHome ? { centre: shownHome, zoom: mapZoom.user } : { centre: defaultCentre, zoom: mapZoom.city }
  return {
    start,
    nearestTo: home ? ('home' as const) : ('city' as const),
    // As the map holds them: the page carries nothing of a sitter the map does not show.
    sitters: sitters.map((sitter) => fromSitterListItemJson(toSitterListItemJson(home ? sitter : { ...sitter, distanceMiles: null }))),
    total,
  }
}

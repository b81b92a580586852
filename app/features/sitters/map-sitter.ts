import { dollarsToCents } from '#app/lib/money.ts'
import type { SitterService } from './options.ts'
import { startingRate } from './rates.ts'
import type { SitterSummary } from './components/sitter-list-item.tsx'
import type { toSitterListItemJson } from './sitter-search.server.ts'

// A sitter as the map screen holds it: what its list item shows, plus the public point of the marker.
// It arrives as GET /api/users/sitters's list item; the page's first list comes in this shape already.
// Safe in the browser.

export type SitterListItemJson = ReturnType<typeof toSitterListItemJson>

export type MapSitter = SitterSummary & {
  verified: boolean
  /** The public point (150-600 m from the home), null for a sitter without a location. */
  latitude: number | null
  longitude: number | null
}

/** The API's list item (rates in dollars, the distance as text) as the map holds it (cents, miles). */
export function fromSitterListItemJson(item: SitterListItemJson): MapSitter {
  const rate = startingRate(
    Object.entries(item.rates).map(([service, dollars]) => ({ service: service as SitterService, hourlyRateCents: dollars === null ? null : dollarsToCents(dollars) })),
  )
  return {
    id: item.id,
    name: item.name,
    profilePhoto: item.profilePhoto,
    location: item.location,
    experience: item.experience,
    rateCents: rate?.cents ?? null,
    rateUnit: rate?.unit ?? null,
    rating: item.rating,
    reviewCount: item.reviewCount,
    distanceMiles: item.distance === null ? null : Number(item.distance),
    verified: item.verified,
    latitude: item.latitude,
    longitude: item.longitude,
  }
}

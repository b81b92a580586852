import { sql } from 'kysely'
import { boundingBox, type GeoPoint } from '#app/features/geo/distance.ts'
import { db } from '#app/lib/db.server.ts'
import { type SitterService, sitterServices } from './options.ts'
import { haversineFrom, haversineOf, sitterPointsInside } from './point-index.server.ts'

// What sitters around a place charge (DESIGN.md ruling 23): the hint beside each rate of the sitter
// onboarding. The median of each service's rate among the listed sitters (active accounts with a sitter
// profile) whose public point lies within `radiusMiles`, computed in SQL; a service with fewer than
// `minimumSitters` rates gets no hint, so one sitter's price is never shown as "what sitters charge".

export const typicalRateRadiusMiles = 10
export const minimumSitters = 3

/** The median rate in cents per offered service around `centre`; services with too few sitters are left out. */
export async function typicalRatesAround(centre: GeoPoint, radiusMiles = typicalRateRadiusMiles) {
  const ranked = db
    .selectFrom(sitterPointsInside(boundingBox(centre, radiusMiles)).as('points'))
    .innerJoin('sitterListings', 'sitterListings.key', 'points.key')
    .innerJoin('sitterServices', 'sitterServices.sitterId', 'sitterListings.sitterId')
    .where('sitterServices.hourlyRateCents', 'is not', null)
    .where(haversineFrom(centre, sql.ref('points.latitude'), sql.ref('points.longitude')), '<=', haversineOf(radiusMiles))
    .select([
      'sitterServices.service',
      'sitterServices.hourlyRateCents as rateCents',
      sql<number>`row_number() over (partition by ${sql.ref('sitterServices.service')} order by ${sql.ref('sitterServices.hourlyRateCents')})`.as('position'),
      sql<number>`count(*) over (partition by ${sql.ref('sitterServices.service')})`.as('sitters'),
    ])
  // The middle row of an odd count, the mean of the two middle rows of an even one.
  const rows = await db
    .selectFrom(ranked.as('ranked'))
    .select(['service', sql<number>`avg(${sql.ref('rateCents')})`.as('medianCents')])
    .where('sitters', '>=', minimumSitters)
    .where((eb) => eb.or([eb('position', '=', sql<number>`(sitters + 1) / 2`), eb('position', '=', sql<number>`(sitters + 2) / 2`)]))
    .groupBy('service')
    .execute()
  const medians: Partial<Record<SitterService, number>> = {}
  for (const row of rows) {
    const service = sitterServices.find((known) => known === row.service)
    if (service) medians[service] = Math.round(Number(row.medianCents))
  }
  return medians
}

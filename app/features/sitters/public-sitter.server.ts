import { findActiveRoles, findPublicAccount } from '#app/features/accounts/users.server.ts'
import { isSitterRole } from '#app/features/accounts/roles.ts'
import { weeklyAvailabilityGrid } from '#app/features/availability/availability-grid.ts'
import { listSitterReviews } from '#app/features/reviews/reviews.server.ts'
import { getSitterDetails, sitterServicesJson, withSitterProfile } from './sitter-profile.server.ts'

// What anyone may see of a sitter (GET /api/users/{id}, the sitter profile page). DESIGN.md ruling 8:
// never the email, phone, exact address or exact coordinates; the location is the district text and
// the coordinates are the fuzzed ones. The facts measured from bookings and messages (ruling 6) are added
// above sitters (profiles/public-sitter-profile.server.ts).

/** The account of an active user with the sitter role, or null for unknown ids, suspended accounts and non-sitters. */
async function findSitterAccount(id: string) {
  const account = await findPublicAccount(id)
  return account && isSitterRole(account.role) ? account : null
}

/** Whether the id names an active sitter with a profile: one whose public profile anyone may see. */
export async function isPublicSitter(id: string) {
  return (await publicSittersAmong([id])).has(id)
}

/** The ids among `ids` that name an active sitter with a profile, in two statements whatever their number. */
export async function publicSittersAmong(ids: readonly string[]) {
  const [roles, profiles] = await Promise.all([findActiveRoles(ids), withSitterProfile(ids)])
  return new Set(ids.filter((id) => {
    const role = roles.get(id)
    return role !== undefined && isSitterRole(role) && profiles.has(id)
  }))
}

/** An active sitter's public profile, or null for unknown ids, suspended accounts and non-sitters. */
export async function getPublicSitter(id: string) {
  const account = await findSitterAccount(id)
  if (!account) return null
  const details = await getSitterDetails(id)
  if (!details) return null
  const { publicLocation, publicLatitude, publicLongitude, ...rest } = account
  return {
    ...rest,
    location: publicLocation,
    latitude: publicLatitude,
    longitude: publicLongitude,
    ...details,
    memberSince: account.createdAt,
  }
}

/** A page of an active sitter's reviews, newest first; null when there is no such sitter. */
export async function listPublicSitterReviews(id: string, paging: { page: number; limit: number }) {
  if (!(await isPublicSitter(id))) return null
  return listSitterReviews(id, paging)
}

export type PublicSitter = NonNullable<Awaited<ReturnType<typeof getPublicSitter>>>

/** The API's sitter object: services as names, rates in dollars (spec section 3, User), the availability grid. */
export function toPublicSitterJson<Sitter extends PublicSitter>(sitter: Sitter) {
  const { services, rateCents: _from, rateUnit: _unit, ...rest } = sitter
  return { ...rest, ...sitterServicesJson(services), availabilityGrid: weeklyAvailabilityGrid(sitter.availability) }
}

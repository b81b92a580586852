import { sitterRoles } from '#app/features/accounts/roles.ts'
import { countCompletedBookings } from '#app/features/bookings/completed-bookings.server.ts'
import { getMedianReplyMinutes } from '#app/features/messages/reply-time.server.ts'
import { listSitterReviews } from '#app/features/reviews/reviews.server.ts'
import { db } from '#app/lib/db.server.ts'
import { weeklyAvailabilityGrid } from '#app/features/availability/availability-grid.ts'
import { getSitterDetails, serviceRatesJson } from './sitter-profile.server.ts'

// What anyone may see of a sitter (GET /api/users/{id}, the sitter profile page). DESIGN.md ruling 8:
// never the email, phone, exact address or exact coordinates; the location is the district text and
// the coordinates are the fuzzed ones. Ruling 6: the 'Book with' card's facts are measured, not claimed.

/** The account of an active sitter, or null for unknown ids, suspended accounts and non-sitters. */
function findPublicSitterAccount(id: string) {
  return db
    .selectFrom('users')
    .innerJoin('sitterProfiles', 'sitterProfiles.userId', 'users.id')
    .select([
      'users.id',
      'users.name',
      'users.role',
      'users.profilePhoto',
      'users.bio',
      'users.publicLocation',
      'users.publicLatitude',
      'users.publicLongitude',
      'users.createdAt',
    ])
    .where('users.id', '=', id)
    .where('users.accountStatus', '=', 'active')
    .where('users.role', 'in', sitterRoles)
    .executeTakeFirst()
}

/** Whether the id names an active sitter with a profile: one whose public profile anyone may see. */
export async function isPublicSitter(id: string) {
  return (await findPublicSitterAccount(id)) !== undefined
}

/** An active sitter's public profile, or null for unknown ids, suspended accounts and non-sitters. */
export async function getPublicSitter(id: string) {
  const account = await findPublicSitterAccount(id)
  if (!account) return null
  const [details, medianReplyMinutes, completedBookings] = await Promise.all([
    getSitterDetails(id),
    getMedianReplyMinutes(id),
    countCompletedBookings(id),
  ])
  if (!details) return null
  const { publicLocation, publicLatitude, publicLongitude, ...rest } = account
  return {
    ...rest,
    location: publicLocation,
    latitude: publicLatitude,
    longitude: publicLongitude,
    ...details,
    /** The median minutes the sitter takes to answer a message; null before their first answer. */
    medianReplyMinutes,
    completedBookings,
    memberSince: account.createdAt,
  }
}

/** A page of an active sitter's reviews, newest first; null when there is no such sitter. */
export async function listPublicSitterReviews(id: string, paging: { page: number; limit: number }) {
  if (!(await findPublicSitterAccount(id))) return null
  return listSitterReviews(id, paging)
}

export type PublicSitter = NonNullable<Awaited<ReturnType<typeof getPublicSitter>>>

/** The API's sitter object: services as names, rates in dollars (spec section 3, User), the availability grid. */
export function toPublicSitterJson(sitter: PublicSitter) {
  const { services, rateCents: _lowest, ...rest } = sitter
  return { ...rest, ...serviceRatesJson(services), availabilityGrid: weeklyAvailabilityGrid(sitter.availability) }
}

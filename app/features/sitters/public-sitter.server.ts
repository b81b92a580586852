import { sitterRoles } from '#app/features/accounts/roles.ts'
import { db } from '#app/lib/db.server.ts'
import { getSitterDetails } from './sitter-profile.server.ts'

// What anyone may see of a sitter (GET /api/users/{id}, the sitter profile page). DESIGN.md ruling 8:
// never the email, phone, exact address or exact coordinates; the location is the district text and
// the coordinates are the fuzzed ones.

/** An active sitter's public profile, or null for unknown ids, suspended accounts and non-sitters. */
export async function getPublicSitter(id: string) {
  const account = await db
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
  if (!account) return null
  const details = await getSitterDetails(id)
  if (!details) return null
  const { publicLocation, publicLatitude, publicLongitude, ...rest } = account
  return { ...rest, location: publicLocation, latitude: publicLatitude, longitude: publicLongitude, ...details }
}

export type PublicSitter = NonNullable<Awaited<ReturnType<typeof getPublicSitter>>>

/** The API's sitter object: services as names, rates in dollars (spec section 3, User). */
export function toPublicSitterJson(sitter: PublicSitter) {
  const { services, rateCents, ...rest } = sitter
  return {
    ...rest,
    services: services.map((s) => s.service),
    rates: Object.fromEntries(services.map((s) => [s.service, s.hourlyRateCents === null ? null : s.hourlyRateCents / 100])),
    rate: rateCents === null ? null : rateCents / 100,
  }
}

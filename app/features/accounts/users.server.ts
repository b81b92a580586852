import type { Role, UsersTable } from '#app/lib/db-schema.ts'
import { type Expression, expressionBuilder, type Kysely, type Selectable, type SqlBool, type Updateable } from 'kysely'
import { type Database, db, isOneOf, schemaConstant } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'

const accountColumns = [
  'id',
  'name',
  'email',
  'role',
  'accountStatus',
  'phoneNumber',
  'bio',
  'profilePhoto',
  'location',
  'latitude',
  'longitude',
  'createdAt',
] as const

/** The signed-in user's own account, as the API returns it after login or registration. */
export async function getAccount(userId: string) {
  const [account] = await accountOf({ userId })
  if (!account) throw new Error(`No account ${userId}`)
  return account
}

// Compiled once (decision 089): every visit of /profile reads it.
const accountOf = precompiledQuery(({ userId }: { userId: string }) => db.selectFrom('users').select(accountColumns).where('id', '=', userId))

export type Account = Awaited<ReturnType<typeof getAccount>>

/** What the profile and onboarding forms change on a user's account. */
export type AccountChanges = Pick<
  Updateable<UsersTable>,
  'name' | 'phoneNumber' | 'bio' | 'role' | 'location' | 'latitude' | 'longitude' | 'publicLocation' | 'publicLatitude' | 'publicLongitude'
>

/** Saves changes to a user's account, inside the caller's transaction when it passes one. */
export async function updateAccount(userId: string, changes: AccountChanges, executor: Kysely<Database> = db) {
  await executor.updateTable('users').set({ ...changes, updatedAt: new Date().toISOString() }).where('id', '=', userId).execute()
}

/** The user's role and own location as the profile form changes them, and whether a public point was derived from it. */
export async function getRoleAndLocation(userId: string) {
  const row = await db
    .selectFrom('users')
    .select(['role', 'location', 'latitude', 'longitude', 'publicLatitude'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const { publicLatitude, ...rest } = row
  return { ...rest, hasPublicPoint: publicLatitude !== null }
}

/**
 * The accounts that are not active (suspended), as a subquery of ids: few, and found from their own index
 * (`users_inactive`), so a read can set aside what they wrote without looking up every writer.
 */
export function inactiveAccountIds() {
  return db.selectFrom('users').select('users.id').where('users.accountStatus', '<>', schemaConstant('active'))
}

/**
 * Whether the user `userId` names has an active account, as a condition for other features' reads. A
 * correlated EXISTS looks up the one account by its key, where `in (select active ids)` would build a
 * table of every active account for each query.
 */
export function hasActiveAccount(userId: Expression<string>): Expression<SqlBool> {
  return expressionBuilder<Database>().exists(
    db.selectFrom('users').select('users.id').where('users.id', '=', userId).where('users.accountStatus', '=', 'active'),
  )
}

/**
 * What anyone may see of one active account (DESIGN.md ruling 8: never the e-mail, phone, exact address or
 * exact point); undefined for an unknown or suspended account.
 */
export async function findPublicAccount(userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'role', 'profilePhoto', 'bio', 'publicLocation', 'publicLatitude', 'publicLongitude', 'createdAt'])
    .where('id', '=', userId)
    .where('accountStatus', '=', 'active')
    .executeTakeFirst()
}

/** The ids among `userIds` of active accounts, with their roles (findPublicAccount for many at once). */
export async function findActiveRoles(userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, Role>()
  const rows = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('id', 'in', [...new Set(userIds)])
    .where('accountStatus', '=', 'active')
    .execute()
  return new Map(rows.map((row) => [row.id, row.role]))
}

type Point = { latitude: number; longitude: number }

/** A user's own exact coordinates (never shown to anyone else), or null without a location. */
export async function getExactPoint(userId: string): Promise<Point | null> {
  const row = await db.selectFrom('users').select(['latitude', 'longitude']).where('id', '=', userId).executeTakeFirst()
  if (row?.latitude == null || row.longitude == null) return null
  return { latitude: row.latitude, longitude: row.longitude }
}

/** A latitude/longitude box; `longitude` null when only the latitude band narrows the search. */
type Box = { latitude: { min: number; max: number }; longitude: { min: number; max: number } | null }

/** The ids of users whose public point lies in a box, as a subquery (a cheap first cut by distance). */
export function userIdsWithPublicPointIn(box: Box) {
  let query = db
    .selectFrom('users')
    .select('users.id')
    .where('users.publicLatitude', '>=', box.latitude.min)
    .where('users.publicLatitude', '<=', box.latitude.max)
  if (box.longitude) {
    query = query.where('users.publicLongitude', '>=', box.longitude.min).where('users.publicLongitude', '<=', box.longitude.max)
  }
  return query
}

/** The columns of `users` that anyone may see (DESIGN.md ruling 8), for a query that joins them. */
export const publicIdentityColumns = ['users.id', 'users.name', 'users.profilePhoto', 'users.publicLocation', 'users.publicLatitude', 'users.publicLongitude'] as const

type PublicIdentityRow = Pick<Selectable<UsersTable>, 'id' | 'name' | 'profilePhoto' | 'publicLocation' | 'publicLatitude' | 'publicLongitude'>

/** A row of `publicIdentityColumns` as the app shows it. */
export function toPublicIdentity(row: PublicIdentityRow): PublicIdentity {
  return {
    id: row.id,
    name: row.name,
    profilePhoto: row.profilePhoto,
    location: row.publicLocation,
    publicPoint: row.publicLatitude === null || row.publicLongitude === null ? null : { latitude: row.publicLatitude, longitude: row.publicLongitude },
  }
}

/** What anyone may see of some users (DESIGN.md ruling 8): name, photo, district and public point, by id. */
export async function getPublicIdentities(userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, PublicIdentity>()
  const rows = await db
    .selectFrom('users')
    .select(publicIdentityColumns)
    .where('id', 'in', [...new Set(userIds)])
    .execute()
  return new Map(rows.map((row): [string, PublicIdentity] => [row.id, toPublicIdentity(row)]))
}

export type PublicIdentity = {
  id: string
  name: string
  profilePhoto: string | null
  /** District-level text, never the address. */
  location: string | null
  publicPoint: Point | null
}

/**
 * Everything about some users that the parties of a booking may come to see of each other, by id. The
 * bookings feature decides what of it each party gets (DESIGN.md ruling 8: the exact address and contact
 * details only for the other party of an accepted booking).
 */
export async function getPartyDetails(userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, PartyDetails>()
  const rows = await partiesAmong({ userIds: JSON.stringify([...new Set(userIds)]) })
  return new Map(rows.map((row) => [row.id, row]))
}

const partyColumns = ['id', 'name', 'email', 'role', 'accountStatus', 'phoneNumber', 'profilePhoto', 'location', 'latitude', 'longitude', 'publicLocation', 'timeZone'] as const

// Every booking page and list asks it: compiled once (decision 089).
const partiesAmong = precompiledQuery(({ userIds }: { userIds: string }) => db.selectFrom('users').select(partyColumns).where((eb) => isOneOf(eb.ref('id'), userIds)))

export type PartyDetails = Pick<Selectable<UsersTable>, (typeof partyColumns)[number]>

/** The user's IANA time zone (bookings with a sitter are in the sitter's zone); null for an unknown user. */
export async function getTimeZoneOf(userId: string) {
  const row = await db.selectFrom('users').select('timeZone').where('id', '=', userId).executeTakeFirst()
  return row?.timeZone ?? null
}

export async function setTimeZone(userId: string, timeZone: string) {
  await db.updateTable('users').set({ timeZone, updatedAt: new Date().toISOString() }).where('id', '=', userId).execute()
}

/** What a conversation shows of the people in it, by id: name, photo, bio, role, member since, and whether the account is active. */
export async function getMemberProfiles(userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, MemberProfile>()
  const rows = await db
    .selectFrom('users')
    .select(memberColumns)
    .where('id', 'in', [...new Set(userIds)])
    .execute()
  return new Map(rows.map((row) => [row.id, row]))
}

const memberColumns = ['id', 'name', 'profilePhoto', 'bio', 'role', 'accountStatus', 'createdAt'] as const

export type MemberProfile = Pick<Selectable<UsersTable>, (typeof memberColumns)[number]>

/** Active accounts' names and photos, to join into another feature's list by key (a long list stays one query). */
export function activeMemberNames() {
  return db.selectFrom('users').select(['users.id', 'users.name', 'users.profilePhoto']).where('users.accountStatus', '=', 'active')
}

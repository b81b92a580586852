import { type Expression, expressionBuilder, type SqlBool } from 'kysely'
import { isOwnerRole, isSitterRole } from '#app/features/accounts/roles.ts'
import { hasActiveAccount } from '#app/features/accounts/users.server.ts'
import { type Database, schemaConstant } from '#app/lib/db.server.ts'
import type { Role } from '#app/lib/db-schema.ts'

// Who may see which dog (DESIGN.md ruling 18), decided here only: every read of a dog filters with one of
// these where-clauses.
// - An owner sees all of their own dogs.
// - A sitter (role sitter or both) also sees the dogs other owners listed for sitting, while the owner's
//   account is active: a suspended owner's dogs are hidden everywhere.
// - An owner who is no sitter finds their own listed dogs where sitters browse (seesOwnListedDogs).
// - Nobody else sees a dog.
// - An archived dog (one with past bookings that its owner removed) is seen by nobody here: it lives on
//   only in the bookings that name it, which the bookings feature shows to their two parties.

export type DogViewer = { id: string; role: Role }

/** Who may browse dogs available for sitting. */
export const canBrowseAvailableDogs = (viewer: { role: Role }) => isSitterRole(viewer.role)

/** An owner who is no sitter finds their own listed dogs where sitters browse (ruling 18). */
export const seesOwnListedDogs = (viewer: { role: Role }) => !canBrowseAvailableDogs(viewer) && isOwnerRole(viewer.role)

const onDogs = () => expressionBuilder<Database, 'dogs'>()

const notArchived = () => onDogs()('dogs.archivedAt', 'is', null)

/** The viewer's own dogs (not archived). */
export function ownDogs(viewer: { id: string }): Expression<SqlBool> {
  return onDogs().and([onDogs()('dogs.ownerId', '=', viewer.id), notArchived()])
}

/** Other owners' dogs available to this viewer for sitting; none for a viewer who is no sitter. */
export function dogsAvailableTo(viewer: DogViewer): Expression<SqlBool> {
  const eb = onDogs()
  if (!canBrowseAvailableDogs(viewer)) return eb.lit(false)
  return eb.and([
    eb('dogs.listedForSitting', '=', schemaConstant(1)),
    eb('dogs.ownerId', '!=', viewer.id),
    hasActiveAccount(eb.ref('dogs.ownerId')),
    notArchived(),
  ])
}

/** Every dog the viewer may see: their own, and those available to them for sitting. */
export function dogsVisibleTo(viewer: DogViewer): Expression<SqlBool> {
  return onDogs().or([ownDogs(viewer), dogsAvailableTo(viewer)])
}

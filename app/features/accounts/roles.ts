import type { Role } from '#app/lib/db-schema.ts'

// Every role check (DESIGN.md ruling 2): `both` is an owner and a sitter; `admin` is neither. Guards,
// features and SQL filters ask here, so the roles that count as a sitter are listed once.

export const sitterRoles = ['sitter', 'both'] as const satisfies readonly Role[]
export const ownerRoles = ['owner', 'both'] as const satisfies readonly Role[]

export const isSitterRole = (role: Role) => (sitterRoles as readonly Role[]).includes(role)
export const isOwnerRole = (role: Role) => (ownerRoles as readonly Role[]).includes(role)

/** An owner, a sitter or both: someone who books or is booked. An admin is staff (decision 063, 102). */
export const takesPartInBookings = (role: Role) => role !== 'admin'

/** What an admin hears from the API when they try to add a dog, book, message or take a side (403). */
export const staffAccountMessage = 'Admin accounts have no dogs, bookings or conversations of their own'

/** The roles a user acts in: a `both` user acts as owner and as sitter. */
export type RoleName = 'owner' | 'sitter' | 'admin'

/** Whether a user acts as owner, sitter or admin (a `both` user is owner and sitter). */
export function hasRole(user: { role: Role }, role: RoleName) {
  if (role === 'sitter') return isSitterRole(user.role)
  if (role === 'owner') return isOwnerRole(user.role)
  return user.role === 'admin'
}

/** Whether a user may change an account or add to it (its profile, its dogs): only their own, admins too. */
export const mayChangeAccount = (user: { id: string }, accountId: string) => user.id === accountId

/** A sitter who is no owner: their bookings are the requests owners send them. */
export const isSitterOnly = (role: Role) => isSitterRole(role) && !isOwnerRole(role)

/** An owner who is also a sitter (`both`): both profile tabs, both booking pages. */
export const isOwnerAndSitter = (role: Role) => isSitterRole(role) && isOwnerRole(role)

/** The role a user's choice of side gives them: `both` when they already have the other side; an admin stays admin. */
export function roleForChoice(current: Role, choice: 'owner' | 'sitter', hasOtherSide: boolean): Role {
  if (current === 'admin') return current
  return hasOtherSide ? 'both' : choice
}

/** A user who is both an owner and a sitter has the role `both`. */
export function roleWith(current: Role, side: 'owner' | 'sitter'): Role {
  if (current === 'admin' || current === 'both') return current
  return current === side ? side : 'both'
}

export const roleLabels: Record<Role, string> = {
  owner: 'Dog Owner',
  sitter: 'Dog Sitter',
  both: 'Owner & Sitter',
  admin: 'Admin',
}

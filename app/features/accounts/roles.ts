import type { Role } from '#app/lib/db-schema.ts'

// Every role check (DESIGN.md ruling 2): `both` is an owner and a sitter; `admin` is neither. Guards,
// features and SQL filters ask here, so the roles that count as a sitter are listed once.

export const sitterRoles = ['sitter', 'both'] as const satisfies readonly Role[]
export const ownerRoles = ['owner', 'both'] as const satisfies readonly Role[]

export const isSitterRole = (role: Role) => (sitterRoles as readonly Role[]).includes(role)
export const isOwnerRole = (role: Role) => (ownerRoles as readonly Role[]).includes(role)

/** Whether a user acts as owner, sitter or admin (a `both` user is owner and sitter). */
export function hasRole(user: { role: Role }, role: 'owner' | 'sitter' | 'admin') {
  if (role === 'sitter') return isSitterRole(user.role)
  if (role === 'owner') return isOwnerRole(user.role)
  return user.role === 'admin'
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

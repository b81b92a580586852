import type { Role } from '#app/lib/db-schema.ts'

/** DESIGN.md ruling 2: a user who is both an owner and a sitter has the role `both`. */
export function roleWith(current: Role, side: 'owner' | 'sitter'): Role {
  if (current === 'admin' || current === 'both') return current
  return current === side ? side : 'both'
}

export const isSitterRole = (role: Role) => role === 'sitter' || role === 'both'
export const isOwnerRole = (role: Role) => role === 'owner' || role === 'both'

export const roleLabels: Record<Role, string> = {
  owner: 'Dog Owner',
  sitter: 'Dog Sitter',
  both: 'Owner & Sitter',
  admin: 'Admin',
}

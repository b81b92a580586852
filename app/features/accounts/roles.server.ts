import type { Transaction } from 'kysely'
import type { Database } from '#app/lib/db.server.ts'
import type { Role } from '#app/lib/db-schema.ts'
import { roleWith } from './roles.ts'

/**
 * Gives a user the owner or sitter side on top of what they have (a sitter adding a dog becomes `both`).
 * Answers the new role when it changed, so the user can be told (null when it stayed as it was).
 */
export async function addRoleSide(trx: Transaction<Database>, userId: string, side: 'owner' | 'sitter'): Promise<Role | null> {
  const user = await trx.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirstOrThrow()
  const role = roleWith(user.role, side)
  if (role === user.role) return null
  await trx.updateTable('users').set({ role, updatedAt: new Date().toISOString() }).where('id', '=', userId).execute()
  return role
}

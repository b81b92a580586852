import type { Transaction } from 'kysely'
import type { Database } from '#app/lib/db.server.ts'
import { roleWith } from './roles.ts'

/** Gives a user the owner or sitter side on top of what they have (a sitter adding a dog becomes `both`). */
export async function addRoleSide(trx: Transaction<Database>, userId: string, side: 'owner' | 'sitter') {
  const user = await trx.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirstOrThrow()
  const role = roleWith(user.role, side)
  if (role !== user.role) {
    await trx.updateTable('users').set({ role, updatedAt: new Date().toISOString() }).where('id', '=', userId).execute()
  }
}

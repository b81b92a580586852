import { db } from '#app/lib/db.server.ts'

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
  return db.selectFrom('users').select(accountColumns).where('id', '=', userId).executeTakeFirstOrThrow()
}

export type Account = Awaited<ReturnType<typeof getAccount>>

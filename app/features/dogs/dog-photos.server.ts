import { hasActiveAccount } from '#app/features/accounts/users.server.ts'
import { db, schemaConstant } from '#app/lib/db.server.ts'

/**
 * The dog a stored photo belongs to, and whether its photos are public: those of a dog listed for sitting
 * (not archived, its owner active) are, since sitters browse them; every other dog's are private to the
 * people who may see the dog. Null when no dog has this photo.
 */
export async function findDogOfPhoto(basePath: string) {
  const row = await db
    .selectFrom('dogImages')
    .innerJoin('dogs', 'dogs.id', 'dogImages.dogId')
    .select((eb) => [
      'dogs.id',
      'dogs.ownerId',
      eb
        .and([eb('dogs.listedForSitting', '=', schemaConstant(1)), eb('dogs.archivedAt', 'is', null), hasActiveAccount(eb.ref('dogs.ownerId'))])
        .as('listed'),
    ])
    .where('dogImages.path', '=', basePath)
    .executeTakeFirst()
  return row ? { id: row.id, ownerId: row.ownerId, photosPublic: Boolean(row.listed) } : null
}

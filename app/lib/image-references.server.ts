import { type Kysely, sql } from 'kysely'
import type { Database } from './db.server.ts'

// Every column that names a public image (decision 077). A content-named file may be named by several
// rows (the same picture kept twice in a form, on two of an owner's dogs, a pending upload and the photo
// it became), so its files go only when none of these names it. Like a foreign key of the stored files, this
// is the one place lib reads the features' tables: it must answer for every row, whichever route deletes.
// A new column that holds an image path belongs here, or its files can be deleted under it.

/** True when a row still names the stored image `basePath`: a profile, a dog, a gallery, a pending upload or an onboarding draft. */
export async function isImageNamed(executor: Kysely<Database>, basePath: string): Promise<boolean> {
  const named = sql<number>`1`.as('named')
  const namings = [
    () => executor.selectFrom('users').select(named).where('profilePhoto', '=', basePath).limit(1).executeTakeFirst(),
    () => executor.selectFrom('dogImages').select(named).where('path', '=', basePath).limit(1).executeTakeFirst(),
    () => executor.selectFrom('sitterPhotos').select(named).where('path', '=', basePath).limit(1).executeTakeFirst(),
    () => executor.selectFrom('pendingUploads').select(named).where('path', '=', basePath).limit(1).executeTakeFirst(),
    // A draft holds its dog photos in its JSON. A path has nothing JSON escapes; its `_` matches any character, which only keeps more.
    () =>
      executor
        .selectFrom('onboardingDrafts')
        .select(named)
        .where('data', 'like', `%${JSON.stringify(basePath)}%`)
        .limit(1)
        .executeTakeFirst(),
  ]
  for (const naming of namings) {
    if (await naming()) return true
  }
  return false
}

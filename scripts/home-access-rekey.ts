// `npm run home-access:rekey`: re-seals every owner's home access with the first key of HOME_ACCESS_KEYS (decision
// 070). Rotation: put the new key first and keep the old one listed, restart the instances, run this, then
// remove the old key. Vaults no listed key opens are named by owner id and left as they are (never their content).
import { resealAllHomeAccess } from '#app/features/home-access/home-access.server.ts'
import { homeAccessKeys } from '#app/features/home-access/sealing.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'

await migrateToLatest(db)
const { resealed, unopenable } = await resealAllHomeAccess()
console.info(`${resealed} home-access vaults re-sealed with key '${homeAccessKeys()[0]?.id}'`)
if (unopenable.length > 0) console.error(`${unopenable.length} vaults no listed key opens (owners ${unopenable.join(', ')}): add their key back to HOME_ACCESS_KEYS and run again`)
await db.destroy()
if (unopenable.length > 0) process.exitCode = 1

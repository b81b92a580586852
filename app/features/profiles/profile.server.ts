import { getSitterDetails, sitterServicesJson } from '#app/features/sitters/sitter-profile.server.ts'
import { getAccount } from '#app/features/accounts/users.server.ts'

/** The signed-in user's own profile: account details plus, for sitters, everything they publish. */
export async function getOwnProfile(userId: string) {
  const [account, sitter] = await Promise.all([getAccount(userId), getSitterDetails(userId)])
  return { ...account, sitter }
}

export type OwnProfile = Awaited<ReturnType<typeof getOwnProfile>>

/** The API's user object (spec section 3, User): sitter fields flattened beside the account's. */
export function toUserJson(profile: OwnProfile) {
  const { sitter, ...account } = profile
  if (!sitter) return account
  const { rateCents: _from, rateUnit: _unit, services, ...rest } = sitter
  return { ...account, ...rest, ...sitterServicesJson(services) }
}

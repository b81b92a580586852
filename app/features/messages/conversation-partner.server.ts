import { isSitterRole } from '#app/features/accounts/roles.ts'
import { getMemberProfiles } from '#app/features/accounts/users.server.ts'
import { getSitterDetails } from '#app/features/sitters/sitter-profile.server.ts'
import { formatLongDate } from '#app/lib/zoned-time.ts'
import { getMedianReplyMinutes, getReplyRatePercent } from './reply-time.server.ts'

// The partner panel beside a thread (DESIGN.md ruling 6: the spec's static side panel made real): who
// the partner is, since when, how they answer messages (measured), and, for a sitter, what they offer at
// what rate. Only what anyone may see of them: never an e-mail, phone or address.

/** `timeZone`: the viewer's, in which the partner's first day reads. */
export async function getConversationPartner(partnerId: string, timeZone: string) {
  const profile = (await getMemberProfiles([partnerId])).get(partnerId)
  if (!profile || profile.accountStatus !== 'active') return null
  const [medianReplyMinutes, replyRatePercent, sitter] = await Promise.all([
    getMedianReplyMinutes(partnerId),
    getReplyRatePercent(partnerId),
    isSitterRole(profile.role) ? getSitterDetails(partnerId) : null,
  ])
  return {
    id: profile.id,
    name: profile.name,
    profilePhoto: profile.profilePhoto,
    bio: profile.bio,
    // 'November 21, 2026', read here: in the browser, a day over a year ago lies outside the zone offsets the page
    // brings, and reading it would make an Intl object while the page hydrates (decisions 121, 122).
    memberSince: formatLongDate(profile.createdAt, timeZone),
    medianReplyMinutes,
    replyRatePercent,
    sitter: sitter && {
      verified: sitter.verified,
      isBackgroundChecked: sitter.isBackgroundChecked,
      experience: sitter.experience,
      services: sitter.services,
      rating: sitter.rating,
      reviewCount: sitter.reviewCount,
    },
  }
}

export type ConversationPartner = NonNullable<Awaited<ReturnType<typeof getConversationPartner>>>

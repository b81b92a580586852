import { formatBritishDay } from '#app/lib/british-dates.ts'
// What a notification says, in words a user understands ('Sam requested a walk for Mochi on Tue 2 Dec,
// 08:00'): who did what, for which dog, when. Names and times only, never an address (DESIGN.md ruling 24).

export type BookingFacts = {
  /** yyyy-MM-dd and HH:mm in the booking's zone, as every booking screen shows them. */
  date: string
  startTime: string | null
  service: string
  dogName: string
  ownerName: string
  sitterName: string
  requestedBy: 'owner' | 'sitter'
  /** yyyy-MM-dd in the booking's zone: the day the 14 days to review end, once the booking is completed. */
  reviewsCloseOn?: string | null
  /** Of a review.published event: whose review of whom became visible (reviews/review-writes.server.ts). */
  published?: { ownerReviewed: boolean; sitterReviewed: boolean }
  /** Of a missed daily update: its local date, yyyy-MM-dd (visits/visit-alarms.server.ts). */
  updateDate?: string | null
}

const services: Record<string, string> = {
  walking: 'a walk',
  sitting: 'dog sitting',
  boarding: 'boarding',
  daycare: 'daycare',
  training: 'training',
  grooming: 'grooming',
}

/** What the dog had, after its name: 'Rex's walk'. */
const visitNames: Record<string, string> = {
  walking: 'walk',
  sitting: 'visit',
  boarding: 'boarding',
  daycare: 'daycare',
  training: 'training',
  grooming: 'grooming',
}

/** "Rex's walk". */
export const dogsVisit = (dogName: string, service: string) => `${dogName}'s ${visitNames[service] ?? service}`

/** 'Tue 2 Dec, 08:00'; 'Tue 5 Jan 2027, 08:00' in another year than `currentYear`: a walk's weekday matters in any year. */
export function formatBookingMoment(date: string, startTime: string | null, currentYear: number) {
  const year = date.slice(0, 4)
  const text = Number(year) === currentYear ? formatBritishDay(date) : `${formatBritishDay(date)} ${year}`
  return startTime ? `${text}, ${startTime}` : text
}

export type BookingNotice =
  | 'requested'
  | 'accepted'
  | 'rejected'
  | 'cancelled'
  | 'expired'
  | 'completed'
  | 'reviewed'
  | 'owner-reviewed'
  | 'published'
  | 'replied'
  | 'expiring'
  | 'reminder'
  | 'review-reminder'
  | 'home-access-viewed'
  | 'visit-report'
  | 'missed-check-in'
  | 'missed-check-out'
  | 'missed-update'
  | 'change-proposed'
  | 'changed'
  | 'change-declined'
  | 'change-withdrawn'

/**
 * The text a party reads about a booking's change. `actor` made the change (none for an expiry); `reader`
 * is the party the text is for.
 */
export function bookingNoticeText(notice: BookingNotice, facts: BookingFacts, { actor, reader, currentYear }: { actor: 'owner' | 'sitter' | null; reader: 'owner' | 'sitter'; currentYear: number }) {
  const service = services[facts.service] ?? facts.service
  const what = `${service} for ${facts.dogName} on ${formatBookingMoment(facts.date, facts.startTime, currentYear)}`
  const name = { owner: facts.ownerName, sitter: facts.sitterName }
  const by = actor ? name[actor] : ''
  const otherParty = reader === 'owner' ? facts.sitterName : facts.ownerName
  const closeDay = facts.reviewsCloseOn ? formatBookingMoment(facts.reviewsCloseOn, null, currentYear) : null
  const until = closeDay ? ` by ${closeDay}` : ''
  const updateDay = facts.updateDate ? formatBookingMoment(facts.updateDate, null, currentYear) : 'the day'
  switch (notice) {
    case 'requested':
      return facts.requestedBy === 'owner' ? `${by} requested ${what}` : `${by} offered ${what}`
    case 'accepted':
      return `${by} accepted your request: ${what}`
    case 'rejected':
      return `${by} declined your request: ${what}`
    case 'cancelled':
      return `${by} cancelled ${what}`
    case 'expired':
      return reader === facts.requestedBy
        ? `Your request expired unanswered: ${what}`
        : `A request from ${name[facts.requestedBy]} expired before you answered: ${what}`
    case 'completed':
      return reader === 'owner'
        ? `${by} marked ${what} as completed: review ${facts.sitterName}${until}`
        : `Completed: ${what}. Review ${facts.ownerName} and ${facts.dogName}${until}`
    case 'expiring':
      return `Answer soon: ${name[facts.requestedBy]}'s ${facts.requestedBy === 'owner' ? 'request' : 'offer'} expires within 2 hours: ${what}`
    case 'reminder':
      return `Starting in an hour: ${what} with ${reader === 'owner' ? facts.sitterName : facts.ownerName}`
    case 'reviewed':
      return `${by} reviewed ${what}: write your review${until} to read it`
    case 'owner-reviewed':
      return `${by} reviewed you after ${what}: write your review${until} to read it`
    case 'published': {
      const aboutReader = reader === 'owner' ? facts.published?.ownerReviewed : facts.published?.sitterReviewed
      return aboutReader ? `${otherParty}'s review of you is published: ${what}` : `Your review of ${otherParty} is published: ${what}`
    }
    case 'review-reminder':
      return `Reviews close on ${closeDay ?? 'their 14th day'}: review ${otherParty} for ${what}`
    case 'replied':
      return `${by} replied to your review of ${what}`
    case 'home-access-viewed':
      return `${facts.sitterName} viewed your home access for ${what}. You may want to change your codes.`
    case 'visit-report':
      return `${facts.sitterName} checked out of ${dogsVisit(facts.dogName, facts.service)}: the report card is ready`
    case 'missed-check-in':
      return reader === 'owner' ? `${facts.sitterName} has not checked in yet: ${what}` : `You have not checked in yet: ${what}. Check in now, or tell ${facts.ownerName}`
    case 'missed-check-out':
      return `${facts.sitterName} has not checked out yet: ${what}`
    case 'change-proposed':
      return `${by} proposed a change to ${what}: accept or decline it`
    case 'changed':
      return `${by} accepted your change. Now: ${what}`
    case 'change-declined':
      return `${by} declined your change to ${what}`
    case 'change-withdrawn':
      return `${by} withdrew their change to ${what}`
    case 'missed-update':
      return reader === 'owner'
        ? `${facts.sitterName} has sent no update with a photo of ${facts.dogName} for ${updateDay}: ${what}`
        : `You have sent no update with a photo of ${facts.dogName} for ${updateDay}: add one to the visit log`
  }
}

/** 'Sam sent you a message' / 'Sam sent you 3 messages'. */
export function unreadMessagesText(senderName: string, count: number) {
  return count === 1 ? `${senderName} sent you a message` : `${senderName} sent you ${count} messages`
}

// The names of the blocked-day forms, shared by their buttons (components/blocked-days.tsx) and the actions of
// the pages that show them.

/** The `intent` of a BlockedDays button: the page's action hands such a post to submitBlockedDay. */
export const blockDayIntent = 'block'

/** /profile/edit's Blocked Days section: its links and its action's answer come back to it. */
export const blockedDaysSectionId = 'blocked-days'

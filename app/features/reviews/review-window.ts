// The double-blind window (DESIGN.md ruling 26): each party of a completed booking may review the other for 14
// days after its completion; neither sees the other's review before both are in or the days have passed.
// The one who has not reviewed yet is reminded on day 10.

const day = 24 * 60 * 60_000

export const reviewWindowDays = 14
export const reviewReminderDay = 10

/** When the reviews of a booking completed at `completedAt` (ISO) publish at the latest. */
export const reviewWindowEnd = (completedAt: string) => new Date(Date.parse(completedAt) + reviewWindowDays * day).toISOString()

/** When the party who has not reviewed yet is reminded. */
export const reviewReminderAt = (completedAt: string) => new Date(Date.parse(completedAt) + reviewReminderDay * day).toISOString()

export const isReviewWindowOpen = (completedAt: string, now: number) => now < Date.parse(reviewWindowEnd(completedAt))

// The centre page's form buttons, apart from the zod schemas so the page's JavaScript does not carry zod.

/** Open one (marks it read, then goes to its screen) or mark them all read. */
export const notificationIntents = { open: 'open', markAllRead: 'mark-all-read' } as const

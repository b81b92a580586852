// The domain events of messages (message-events.server.ts), by type: without the database, for the demo data
// (db/seed.ts), which seeds the notification centre's entries of unread messages.

export const messageEventTypes = { sent: 'message.sent', read: 'message.read', digested: 'message.digested' } as const

// The changes of a weekly series that are recorded as domain events (booking-series.server.ts), by name and event
// type: without the database, for the demo data (db/seed.ts), which seeds the notifications of its series.

export const seriesChanges = ['requested', 'accepted', 'declined', 'cancelled', 'ended', 'conflicts'] as const
export type SeriesChange = (typeof seriesChanges)[number]
export const seriesEventType = (change: SeriesChange) => `booking-series.${change}`
export const seriesEventTypes = seriesChanges.map(seriesEventType)

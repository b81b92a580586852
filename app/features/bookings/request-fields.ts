// The fields of an owner's request form (/sitters/{id}/book): the page maps them to its inputs, and a
// refusal about one of them comes back at that field (request-screens.server.ts). No zod here: the page
// reads the list in the browser too.
export const ownerRequestFields = ['dogId', 'date', 'timePeriod', 'timePeriods', 'startTime', 'endTime', 'duration', 'service', 'notes', 'location'] as const
export type OwnerRequestField = (typeof ownerRequestFields)[number]

/** The fields of a booking's day and times: judged together (a day's time may have passed), so a change to one settles their errors. */
export const bookingTimeFields = ['date', 'timePeriod', 'timePeriods', 'startTime', 'endTime', 'duration'] as const

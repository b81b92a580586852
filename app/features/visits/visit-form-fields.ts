// The names the booking page's visit forms share between the browser and the server (safe in the browser:
// no zod here, which stays out of the page's first load).

export const visitFormIntents = ['check-in', 'visit-entry', 'visit-photo', 'check-out'] as const
export type VisitFormIntent = (typeof visitFormIntents)[number]

export const isVisitFormIntent = (intent: unknown): intent is VisitFormIntent => visitFormIntents.includes(intent as VisitFormIntent)

/** Set by the check-in form's script when the sitter agreed to share the position and the phone gave none. */
export const positionUnavailableField = 'positionUnavailable'

export const maxVisitNoteLength = 1000

/** The page's visit forms: 'visit-entry' comes from the activity buttons or the note form. */
export type VisitForm = 'check-in' | 'activity' | 'note' | 'photo' | 'check-out'

/** A refused visit form, shown beside the form it came from, with the note that was typed in it (never lost). */
export type VisitFormRefusal = { form: VisitForm; message: string; note?: string }

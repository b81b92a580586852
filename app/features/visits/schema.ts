import { z } from 'zod'
import { plainText } from '#app/lib/plain-text.ts'
import { maxVisitNoteLength } from './visit-form-fields.ts'
import { entryKinds, entryLabels, visitRules } from './visit-rules.ts'

// What the sitter sends to a visit log (issue 32 part 1): the booking page's forms and the API
// (/api/bookings/{id}/visit/...) validate with these schemas, and answer refusals with these messages.

export { maxVisitNoteLength }

const coordinatesTogether = 'Latitude and longitude must be sent together'
const noteNeedsText = 'A note needs some text'

const note = plainText('Note', { multiline: true }).max(maxVisitNoteLength, { error: `Note must be at most ${maxVisitNoteLength} characters` })

const latitude = z.number({ error: 'Latitude must be a number' }).min(-90, { error: 'Latitude must be between -90 and 90' }).max(90, { error: 'Latitude must be between -90 and 90' })
const longitude = z
  .number({ error: 'Longitude must be a number' })
  .min(-180, { error: 'Longitude must be between -180 and 180' })
  .max(180, { error: 'Longitude must be between -180 and 180' })

export const CheckInSchema = z
  .object({ latitude: latitude.optional(), longitude: longitude.optional() }, { error: 'Check-in must be an object' })
  .refine((position) => (position.latitude === undefined) === (position.longitude === undefined), {
    error: coordinatesTogether,
    path: ['latitude'],
  })

export const VisitEntrySchema = z
  .object(
    {
      kind: z.enum(entryKinds, { error: `Kind must be one of: ${entryKinds.join(', ')}` }),
      note: note.optional(),
    },
    { error: 'An entry must be an object' },
  )
  .refine((entry) => entry.kind !== 'note' || Boolean(entry.note), { error: noteNeedsText, path: ['note'] })

export const RouteSchema = z.object(
  {
    points: z
      .array(
        z.object({ latitude, longitude, at: z.iso.datetime({ offset: true, error: 'Each point needs its time as an ISO date-time' }) }, { error: 'Each point must be an object' }),
        { error: 'Points must be a list' },
      )
      .min(1, { error: 'Send at least one point' })
      .max(visitRules.maxRouteBatch, { error: `Send at most ${visitRules.maxRouteBatch} points at a time` }),
  },
  { error: 'A route must be an object with points' },
)

export const CheckOutSchema = z.object({ note: note.optional() }, { error: 'Check-out must be an object' })

export type VisitEntryInput = z.infer<typeof VisitEntrySchema>

export const visitMessages = {
  bookingNotFound: 'Booking not found',
  sitterOnly: "Only the booking's sitter keeps its visit log.",
  notAccepted: 'A visit is logged only for an accepted booking.',
  checkInOpensAt: (when: string) => `Check-in opens at ${when}, 30 minutes before the booking starts.`,
  checkInClosed: 'This booking has ended: its visit can no longer be checked in.',
  alreadyCheckedIn: 'This visit is already checked in.',
  notCheckedIn: 'Check in first: this visit has not started.',
  checkedOut: 'This visit is checked out: its report card is closed.',
  tooManyPhotos: `A visit holds at most ${visitRules.maxPhotos} photos.`,
  photoRequired: 'Choose a photo to add',
  routeOnlyForWalks: 'A route is recorded only for walks.',
  routeFull: `A route holds at most ${visitRules.maxRoutePoints} points.`,
  coordinatesTogether,
  noteNeedsText,
} as const

export const entryAdded = (kind: keyof typeof entryLabels) => (kind === 'note' ? 'Note added' : `${entryLabels[kind]} logged`)

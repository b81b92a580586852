import { z } from 'zod'
import { plainText } from '#app/lib/plain-text.ts'
import { type HomeAccessDetails, type HomeAccessField, homeAccessFields, homeAccessLabels } from './fields.ts'

// What an owner keeps in the home-access vault (issue 32 part 3, DESIGN.md ruling 27): entry instructions and
// the codes a sitter needs to get in. Every field is optional; a save with none clears the vault. The page
// form and PUT /api/users/me/home-access validate with this one schema.

const maxInstructionsLength = 2000
const maxCodeLength = 100

const tooLong = (label: string, max: number) => ({ error: `${label} must be at most ${max} characters` })

/** A code or a short line: empty means not given. */
const code = (field: HomeAccessField) =>
  plainText(homeAccessLabels[field]).max(maxCodeLength, tooLong(homeAccessLabels[field], maxCodeLength)).optional()

export const HomeAccessSchema = z.object(
  {
    instructions: plainText(homeAccessLabels.instructions, { multiline: true })
      .max(maxInstructionsLength, tooLong(homeAccessLabels.instructions, maxInstructionsLength))
      .optional(),
    lockboxCode: code('lockboxCode'),
    doorCode: code('doorCode'),
    alarmCode: code('alarmCode'),
    wifiNetwork: code('wifiNetwork'),
    wifiPassword: code('wifiPassword'),
  },
  { error: 'Home access must be an object of text fields' },
)

export type HomeAccessInput = z.infer<typeof HomeAccessSchema>

/** The input with empty fields as null; null when nothing is left (the vault is cleared). */
export function toHomeAccessDetails(input: HomeAccessInput): HomeAccessDetails | null {
  const details = Object.fromEntries(homeAccessFields.map((field) => [field, input[field] || null])) as HomeAccessDetails
  return homeAccessFields.some((field) => details[field] !== null) ? details : null
}

export const homeAccessMessages = {
  bookingNotFound: 'Booking not found',
  ownersOwn: 'Your home access is on your own page, /home-access.',
  notAccepted: 'Home access is shown only for an accepted booking.',
  closed: 'Home access closed when this booking ended.',
  /** Its key is no longer configured (decision 070): nothing is shown; a new save seals it with the current key. */
  unopenable: 'Home access cannot be opened on this server now: the key it was sealed with is not configured.',
  /** Before the window: when it opens, in the booking's zone. */
  opensAt: (when: string) => `Home access opens at ${when}, 2 hours before the booking starts.`,
}

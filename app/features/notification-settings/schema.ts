import { z } from 'zod'
import { isClockTime } from '#app/lib/zoned-time.ts'

// The settings as the API takes them (every choice a boolean) and as the /profile/edit form posts them
// (a checkbox left unticked is simply missing): one shape, `kinds.<kind>.<channel>` and `quietHours.*`.

const clock = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine((text) => isClockTime(text), { error: `${label} must be a 24-hour time such as 22:00` })
    .meta({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', examples: ['22:00'] })

export const quietHoursMessages = { sameStartAndEnd: 'Quiet hours end must differ from the start' } as const

function settingsSchema(choice: () => z.ZodType<boolean, boolean | undefined>) {
  const channels = () => z.object({ push: choice(), email: choice() })
  return z
    .object({
      kinds: z.object({ bookings: channels(), reminders: channels(), messages: channels(), reviews: channels() }),
      quietHours: z.object({
        enabled: choice(),
        start: clock('Quiet hours start'),
        end: clock('Quiet hours end'),
      }),
    })
    .superRefine(({ quietHours }, context) => {
      if (quietHours.enabled && quietHours.start === quietHours.end) {
        context.addIssue({ code: 'custom', path: ['quietHours', 'end'], message: quietHoursMessages.sameStartAndEnd })
      }
    })
}

export const NotificationSettingsSchema = settingsSchema(() => z.boolean({ error: 'Each choice must be true or false' }))

/** The form: a ticked checkbox posts 'on' (conform reads it as true), an unticked one posts nothing (false). */
export const NotificationSettingsFormSchema = settingsSchema(() => z.boolean().default(false))

export type NotificationSettingsFormValue = z.input<typeof NotificationSettingsFormSchema>
export type NotificationSettingsFormOutput = z.output<typeof NotificationSettingsFormSchema>

import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { saveNotificationSettings } from './preferences.server.ts'
import { NotificationSettingsFormSchema } from './schema.ts'

export type NotificationSettingsAnswer = { saved: true } | { saved: false; result: SubmissionResult<string[]> }

/** The post of the settings form on /profile/edit: saved, or the form's errors (each names its field). */
export async function submitNotificationSettings(userId: string, formData: FormData): Promise<NotificationSettingsAnswer> {
  const submission = parseWithZod(formData, { schema: NotificationSettingsFormSchema })
  if (submission.status !== 'success') return { saved: false, result: submission.reply() }
  await saveNotificationSettings(userId, submission.value)
  return { saved: true }
}

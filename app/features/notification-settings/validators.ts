import '#app/lib/zod-in-browser.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import type { FormValidator } from '#app/ui/lazy-validation.ts'
import { NotificationSettingsFormSchema } from './schema.ts'

// Browser-side validation of the notification settings form, loaded lazily by useLazyValidation.
export const validateNotificationSettings: FormValidator = (formData) => parseWithZod(formData, { schema: NotificationSettingsFormSchema })

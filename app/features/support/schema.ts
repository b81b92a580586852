import { z } from 'zod'
import { plainText } from '#app/lib/plain-text.ts'

export const SupportRequestSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().email({ error: 'Please enter a valid email' }),
  subject: plainText('Subject', { error: 'Subject is required' })
    .min(1, { error: 'Subject is required' })
    .max(200, { error: 'Subject must be at most 200 characters' }),
  message: plainText('Message', { error: 'Message is required', multiline: true })
    .min(1, { error: 'Message is required' })
    .max(5000, { error: 'Message must be at most 5000 characters' }),
})

export type SupportRequest = z.infer<typeof SupportRequestSchema>

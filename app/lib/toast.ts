import { z } from 'zod'

export const ToastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(['success', 'error', 'message']).default('message'),
  title: z.string(),
  description: z.string().optional(),
})

export type Toast = z.infer<typeof ToastSchema>
export type ToastInput = z.input<typeof ToastSchema>

/** How long a toast stays on screen (spec section 9). */
export const toastDurationMs = 5000

// Toasts as the server flashes them and the browser shows them. Plain types (no zod): this module
// is part of every page's JavaScript.
export type ToastType = 'success' | 'error' | 'message'

/** A link the toast offers, such as 'View Booking'. Always a path inside the app. */
export type ToastAction = { label: string; to: string }

export type Toast = { id: string; type: ToastType; title: string; description?: string; action?: ToastAction }
export type ToastInput = { id?: string; type?: ToastType; title: string; description?: string; action?: ToastAction }

/** How long a toast stays on screen (spec section 9). */
export const toastDurationMs = 5000

export function toToast(input: ToastInput): Toast {
  return {
    id: input.id ?? crypto.randomUUID(),
    type: input.type ?? 'message',
    title: input.title,
    description: input.description,
    ...(input.action ? { action: input.action } : {}),
  }
}

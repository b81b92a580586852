// Toasts as the server flashes them and the browser shows them. Plain types (no zod): this module
// is part of every page's JavaScript.
export type ToastType = 'success' | 'error' | 'message'

export type Toast = { id: string; type: ToastType; title: string; description?: string }
export type ToastInput = { id?: string; type?: ToastType; title: string; description?: string }

/** How long a toast stays on screen (spec section 9). */
export const toastDurationMs = 5000

export function toToast(input: ToastInput): Toast {
  return { id: input.id ?? crypto.randomUUID(), type: input.type ?? 'message', title: input.title, description: input.description }
}

// Spec section 8, 'Login and register': what the auth screen says for each failure.
export const authFailedTitle = 'Authentication failed'

export function loginErrorText(failure: { status: number; message?: string | null }) {
  const { status, message } = failure
  if (status === 401) {
    return message === 'Invalid credentials'
      ? 'User not found. Please check your email or create a new account.'
      : 'Invalid email or password. Please try again.'
  }
  if (status === 404) return 'Account not found. Please check your email or create a new account.'
  if (status === 403) return 'Your account has been locked. Please contact support.'
  if (status === 429) return message || 'Too many login attempts. Please try again later.'
  return message || 'Please check your credentials and try again.'
}

export const networkErrorToast = {
  type: 'error' as const,
  title: 'Network error',
  description: 'Please check your internet connection and try again.',
}

/** What a clientAction answers when the request never reached us. */
export const offlineResult = { result: undefined, toast: networkErrorToast, offline: true as const }

/** After an offline answer the page keeps its data: reloading it would fail the same way. */
export function isOfflineResult(actionResult: unknown) {
  return typeof actionResult === 'object' && actionResult !== null && 'offline' in actionResult
}

import { createContext, type MiddlewareFunction } from 'react-router'
import type { Toast } from './toast.ts'
import { getToast } from './toast.server.ts'

export const toastContext = createContext<Toast | null>(null)

/**
 * Reads the pending flash toast for the root loader and clears its cookie once a page (or its
 * data) was served with it. A redirect keeps it for the page it leads to.
 */
export const toastMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { toast, headers } = await getToast(request)
  context.set(toastContext, toast)
  const response = await next()
  const isRedirect = response.status >= 300 && response.status < 400
  const setsToast = response.headers.getSetCookie().some((cookie) => cookie.startsWith('__toast='))
  if (headers && request.method === 'GET' && !isRedirect && !setsToast) {
    for (const cookie of headers.getSetCookie()) response.headers.append('set-cookie', cookie)
  }
  return response
}

import { z } from 'zod'
import { limitParameter, pageParameter } from '#app/lib/paging.ts'

// GET /api/users/{id}/reviews?page&limit: ten reviews a page unless asked otherwise, at most 100.
export const reviewPageSize = 10

export const ReviewPageSchema = z.object({ page: pageParameter, limit: limitParameter(reviewPageSize, 100) })

export function reviewPageInput(params: URLSearchParams) {
  const single = (name: string) => params.get(name)?.trim() || undefined
  return { page: single('page'), limit: single('limit') }
}

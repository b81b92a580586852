import { z } from 'zod'

// Paged lists (DESIGN.md section 4): `?page&limit` in, `{data, meta: {page, limit, total, totalPages}}` out.
// A limit above the list's maximum is lowered to it rather than refused (spec: the map asks for 100).

export const maxPage = 100_000

const pageMessage = `Page must be a whole number from 1 to ${maxPage}`
const limitMessage = 'Limit must be a whole number of at least 1'

/** `page`: 1 unless given. */
export const pageParameter = z.coerce
  .number({ error: pageMessage })
  .int({ error: pageMessage })
  .min(1, { error: pageMessage })
  .max(maxPage, { error: pageMessage })
  .default(1)

/**
 * `limit`: `defaultLimit` unless given, at most `maxLimit`. A larger one is lowered to it, not refused (clients that
 * ask for more keep working); the OpenAPI document states `maxLimit` as the maximum.
 */
export function limitParameter(defaultLimit: number, maxLimit: number) {
  return z.coerce
    .number({ error: limitMessage })
    .int({ error: limitMessage })
    .min(1, { error: limitMessage })
    .transform((limit) => Math.min(limit, maxLimit))
    .default(defaultLimit)
    .meta({ maximum: maxLimit })
}

export const offsetOf = ({ page, limit }: { page: number; limit: number }) => (page - 1) * limit

export function pageMeta({ page, limit }: { page: number; limit: number }, total: number) {
  return { page, limit, total, totalPages: Math.ceil(total / limit) }
}

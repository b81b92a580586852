import type { Expression, Selectable } from 'kysely'
import { getPublicIdentities, hasActiveAccount } from '#app/features/accounts/users.server.ts'
import { db, isOneOf } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import type { ReviewsTable } from '#app/lib/db-schema.ts'

// Reviews of sitters (DESIGN.md rulings 6 and 26): ratings are computed from the review rows, never invented.
// Only published reviews count (double-blind); one by a suspended owner, or one an admin hid, is left out of
// the list and the rating alike.

export type SitterRating = {
  /** The mean of the stars, to one decimal; null without reviews ('New sitter' is the UI's word for it). */
  rating: number | null
  reviewCount: number
}

export const noReviews: SitterRating = { rating: null, reviewCount: 0 }

const visibleReviews = () =>
  db
    .selectFrom('reviews')
    .where('reviews.publishedAt', 'is not', null)
    .where('reviews.hiddenAt', 'is', null)
    .where((eb) => hasActiveAccount(eb.ref('reviews.ownerId')))

/** The rating and review count of each sitter, by id (sitters without reviews included). */
export async function getSitterRatings(sitterIds: readonly string[]): Promise<Map<string, SitterRating>> {
  const ids = [...new Set(sitterIds)]
  const ratings = new Map<string, SitterRating>(ids.map((id) => [id, noReviews]))
  if (ids.length === 0) return ratings
  const rows = await ratingsAmong({ sitterIds: JSON.stringify(ids) })
  for (const row of rows) ratings.set(row.sitterId, toSitterRating(row))
  return ratings
}

/**
 * The sitter's rating as two columns of a query that has the sitter's id (`ratingAverage`, `reviewCount`;
 * read them with `toSitterRating`): each a lookup of that sitter's reviews by index, so a page of sitters
 * needs no statement of its own for them.
 */
export function sitterRatingColumns(sitterId: Expression<string>) {
  const ofSitter = () => visibleReviews().where('reviews.sitterId', '=', sitterId)
  return [
    ofSitter().select((eb) => eb.fn.avg<number>('reviews.rating').as('average')).$asScalar().as('ratingAverage'),
    ofSitter().select((eb) => eb.fn.countAll<number>().as('count')).$asScalar().as('reviewCount'),
  ] as const
}

/** The columns of `sitterRatingColumns` (or a grouped query's) as a rating to one decimal. */
export function toSitterRating(row: { ratingAverage: number | string | null; reviewCount: number | string | null }): SitterRating {
  const reviewCount = Number(row.reviewCount ?? 0)
  return reviewCount === 0 ? noReviews : { rating: Math.round(Number(row.ratingAverage) * 10) / 10, reviewCount }
}

export async function getSitterRating(sitterId: string): Promise<SitterRating> {
  return (await getSitterRatings([sitterId])).get(sitterId) ?? noReviews
}

// Compiled once (decision 089): every visit of a sitter's profile, a booking page and a list of bookings reads them.
const ratingsAmong = precompiledQuery(({ sitterIds }: { sitterIds: string }) =>
  visibleReviews()
    .select((eb) => ['reviews.sitterId', eb.fn.avg<number>('reviews.rating').as('ratingAverage'), eb.fn.countAll<number>().as('reviewCount')])
    .where((eb) => isOneOf(eb.ref('reviews.sitterId'), sitterIds))
    .groupBy('reviews.sitterId'),
)

export type SitterReview = Pick<Selectable<ReviewsTable>, 'id' | 'rating' | 'comment' | 'createdAt'> & {
  /** The owner who wrote it, as others see them: first name and initial, photo. */
  author: { name: string; profilePhoto: string | null }
  reply: { comment: string; createdAt: string } | null
}

/** One page of a sitter's reviews, newest first, and how many there are in all. */
export async function listSitterReviews(sitterId: string, { page, limit }: { page: number; limit: number }) {
  const [rows, count] = await Promise.all([
    visibleReviews()
      .select(['reviews.id', 'reviews.ownerId', 'reviews.rating', 'reviews.comment', 'reviews.createdAt', 'reviews.reply', 'reviews.repliedAt'])
      .where('reviews.sitterId', '=', sitterId)
      .orderBy('reviews.createdAt', 'desc')
      .orderBy('reviews.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    visibleReviews()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('reviews.sitterId', '=', sitterId)
      .executeTakeFirstOrThrow(),
  ])
  const authors = await getPublicIdentities(rows.map((row) => row.ownerId))
  const reviews = rows.map(
    (row): SitterReview => ({
      id: row.id,
      rating: row.rating,
      comment: row.comment,
      createdAt: row.createdAt,
      author: { name: reviewerName(authors.get(row.ownerId)?.name ?? ''), profilePhoto: authors.get(row.ownerId)?.profilePhoto ?? null },
      reply: row.reply !== null && row.repliedAt !== null ? { comment: row.reply, createdAt: row.repliedAt } : null,
    }),
  )
  return { reviews, total: Number(count.count) }
}

/** 'Olivia Owner' reads 'Olivia O.': reviewers are named the way marketplaces name them. */
export function reviewerName(fullName: string) {
  const words = fullName.trim().split(/\s+/).filter(Boolean)
  const [first, ...rest] = words
  const last = rest.at(-1)
  if (!first) return 'Pawpal member'
  return last ? `${first} ${[...last][0]?.toUpperCase()}.` : first
}

/** A review anyone may see, as a report of it keeps it (moderation); null for an unknown, hidden or no longer shown one. */
export async function findReportableReview(reviewId: string) {
  const review = await visibleReviews()
    .select(['reviews.id', 'reviews.sitterId', 'reviews.ownerId', 'reviews.rating', 'reviews.comment', 'reviews.reply', 'reviews.createdAt'])
    .where('reviews.id', '=', reviewId)
    .executeTakeFirst()
  return review ?? null
}

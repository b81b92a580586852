import { getPublicIdentities, hasActiveAccount } from '#app/features/accounts/users.server.ts'
import { db } from '#app/lib/db.server.ts'
import { reviewerName, type SitterRating, toSitterRating } from './reviews.server.ts'

// What sitters say about an owner (DESIGN.md ruling 26): published reviews by sitters of active accounts, never
// public; a sitter sees them on a request from that owner. The latest few, with the mean of all.

export const ownerReviewsShown = 5

export type OwnerReview = { id: string; rating: number; comment: string; createdAt: string; author: { name: string; profilePhoto: string | null } }

export type OwnerReputation = SitterRating & { reviews: OwnerReview[] }

const publishedReviewsOf = (ownerId: string) =>
  db
    .selectFrom('reviewsOfOwners')
    .where('reviewsOfOwners.ownerId', '=', ownerId)
    .where('reviewsOfOwners.publishedAt', 'is not', null)
    .where((eb) => hasActiveAccount(eb.ref('reviewsOfOwners.sitterId')))

export async function findOwnerReputation(ownerId: string): Promise<OwnerReputation> {
  const [summary, rows] = await Promise.all([
    publishedReviewsOf(ownerId)
      .select((eb) => [eb.fn.avg<number>('reviewsOfOwners.rating').as('ratingAverage'), eb.fn.countAll<number>().as('reviewCount')])
      .executeTakeFirstOrThrow(),
    publishedReviewsOf(ownerId)
      .select(['reviewsOfOwners.id', 'reviewsOfOwners.sitterId', 'reviewsOfOwners.rating', 'reviewsOfOwners.comment', 'reviewsOfOwners.createdAt'])
      .orderBy('reviewsOfOwners.publishedAt', 'desc')
      .orderBy('reviewsOfOwners.id', 'desc')
      .limit(ownerReviewsShown)
      .execute(),
  ])
  const authors = await getPublicIdentities(rows.map((row) => row.sitterId))
  const reviews = rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt,
    author: { name: reviewerName(authors.get(row.sitterId)?.name ?? ''), profilePhoto: authors.get(row.sitterId)?.profilePhoto ?? null },
  }))
  return { ...toSitterRating(summary), reviews }
}

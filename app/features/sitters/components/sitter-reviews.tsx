import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { SitterReview } from '#app/features/reviews/reviews.server.ts'
import { formatLongLocalDate } from '#app/lib/calendar-names.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { EmptyState } from '#app/ui/data-states.tsx'
import { StarIcon } from '#app/ui/icons.tsx'
import { firstNameOf } from '../sitter-format.ts'

// The Reviews tab (spec section 2; DESIGN.md ruling 6): real reviews of completed bookings, newest first,
// 10 a page behind Newer / Older links (plain links: they work without JavaScript), each with the
// sitter's reply when there is one.

/** A review as the tab shows it: its days (yyyy-MM-dd) read in the default zone on the server (decision 122). */
export type ShownReview = Omit<SitterReview, 'createdAt' | 'reply'> & { createdOn: string; reply: { comment: string; createdOn: string } | null }

export type ReviewsPage = { reviews: ShownReview[]; page: number; totalPages: number }

export function SitterReviews({
  sitterName,
  reviews,
  hrefFor,
  reviewAction,
}: {
  sitterName: string
  reviews: ReviewsPage
  hrefFor: (page: number) => string
  /** What the page adds under a review (the route's Report form), if anything. */
  reviewAction?: (reviewId: string) => ReactNode
}) {
  if (reviews.reviews.length === 0) {
    return reviews.page > 1 ? (
      <EmptyState title="No more reviews" action={<PageLink to={hrefFor(1)}>Back to the newest reviews</PageLink>} />
    ) : (
      <EmptyState title="No reviews yet" description={`${firstNameOf(sitterName)} has not been reviewed yet.`} />
    )
  }
  const { page, totalPages } = reviews
  return (
    <div className="space-y-4">
      <ol className="divide-y divide-stone-100">
        {reviews.reviews.map((review) => (
          <li key={review.id} className="space-y-2 py-4 first:pt-0">
            <div className="flex items-center gap-3">
              <Avatar photo={review.author.profilePhoto} name={review.author.name} size="md" />
              <div>
                <p className="font-medium text-stone-900">
                  <bdi>{review.author.name}</bdi>
                </p>
                <p className="flex items-center gap-2 text-sm text-stone-500">
                  <Stars rating={review.rating} />
                  <span>{formatLongLocalDate(review.createdOn)}</span>
                </p>
              </div>
            </div>
            {review.comment ? <p className="whitespace-pre-line text-stone-800">
                <bdi>{review.comment}</bdi>
              </p> : null}
            {review.reply ? (
              <div className="ml-4 rounded-lg border-l-4 border-brand-600 bg-stone-50 p-3">
                <p className="text-sm font-medium text-stone-900">
                  Response from <bdi>{firstNameOf(sitterName)}</bdi>
                  <span className="font-normal text-stone-500"> · {formatLongLocalDate(review.reply.createdOn)}</span>
                </p>
                <p className="mt-1 whitespace-pre-line text-stone-800">
                  <bdi>{review.reply.comment}</bdi>
                </p>
              </div>
            ) : null}
            {reviewAction?.(review.id)}
          </li>
        ))}
      </ol>
      {totalPages > 1 ? (
        <nav aria-label="Review pages" className="flex items-center justify-between gap-3">
          {page > 1 ? <PageLink to={hrefFor(page - 1)}>Newer reviews</PageLink> : <span />}
          <span className="text-sm text-stone-600">
            Page {page} of {totalPages}
          </span>
          {page < totalPages ? <PageLink to={hrefFor(page + 1)}>Older reviews</PageLink> : <span />}
        </nav>
      ) : null}
    </div>
  )
}

function PageLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} preventScrollReset className="tap-target inline-flex items-center rounded-lg border border-stone-300 bg-white px-4 font-medium text-stone-900 hover:bg-stone-100">
      {children}
    </Link>
  )
}

/** Five stars, the first `rating` of them filled. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex">
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} className={`size-4 ${star <= rating ? 'text-amber-500' : 'text-stone-300'}`} />
      ))}
    </span>
  )
}

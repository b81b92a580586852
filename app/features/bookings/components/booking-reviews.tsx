import type { SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { ReplyForm, ReviewForm } from '#app/features/reviews/components/review-forms.tsx'
import { StarRating } from '#app/features/reviews/components/star-rating.tsx'
import { firstNameOf, formatRating, reviewCountText } from '#app/features/sitters/sitter-format.ts'
import { formatLateCancellations } from '#app/features/sitters/cancellation-terms.ts'
import { localDateTimeOf } from '#app/lib/zoned-time.ts'
import { formatBookingDate, formatDogNames } from '../booking-format.ts'
import type { BookingPageJson } from '../booking-reads.server.ts'

// The reviews of a completed booking as one party sees them (DESIGN.md ruling 26): their own review (or the
// form for it while the 14 days last), the other's once both are in or the days have passed, and until then
// only that it is waiting. And, on a request, what other sitters say about the owner (sitters only).

type ReviewAnswers = { review: SubmissionResult<string[]> | null; reply: SubmissionResult<string[]> | null }

/** 'Tue 15 Dec, 18:00' in the booking's zone. */
function closingTime(booking: BookingPageJson) {
  if (!booking.reviewsCloseAt) return null
  const { date, time } = localDateTimeOf(booking.reviewsCloseAt, booking.timeZone)
  return `${formatBookingDate(date)}, ${time}`
}

function WrittenReview({ rating, comment, createdAt, children }: { rating: number; comment: string; createdAt: string; children?: ReactNode }) {
  return (
    <div className="space-y-2">
      <StarRating rating={rating} />
      {comment ? (
        <p className="whitespace-pre-line text-stone-700">
          <bdi>{comment}</bdi>
        </p>
      ) : null}
      <p className="text-sm text-stone-500">{formatBookingDate(createdAt.slice(0, 10))}</p>
      {children}
    </div>
  )
}

function Note({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700">{children}</p>
}

export function BookingReviews({ booking, answers }: { booking: BookingPageJson; answers: ReviewAnswers }) {
  if (booking.status !== 'completed') return null
  const ownerView = booking.viewerRole === 'owner'
  const other = firstNameOf(ownerView ? booking.sitter.name : booking.owner.name)
  const otherName = <bdi>{other}</bdi>
  const dogName = <bdi>{formatDogNames(booking.dogs)}</bdi>
  const closes = closingTime(booking)
  const mine = ownerView ? booking.review : booking.reviewOfOwner
  const theirs = ownerView ? booking.reviewOfOwner : booking.review
  const canWrite = ownerView ? booking.canReview : booking.canReviewOwner
  const sitterReply = booking.review?.reply && booking.review.repliedAt ? booking.review.reply : null
  const reply = sitterReply ? (
    <div className="rounded-lg bg-stone-50 p-3">
      <p className="text-sm font-medium text-stone-800">Reply from {ownerView ? otherName : 'you'}</p>
      <p className="whitespace-pre-line text-stone-700">
        <bdi>{sitterReply}</bdi>
      </p>
    </div>
  ) : null

  return (
    <section id="review" aria-labelledby="review-heading" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="review-heading" className="text-lg font-semibold">
        Reviews
      </h2>
      {canWrite || (mine && mine.publishedAt === null) ? (
        <Note>
          Reviews close on {closes}. Neither of you sees the other&apos;s review until both are in or reviews close; then both are published together.
        </Note>
      ) : null}

      <div className="space-y-2">
        <h3 className="font-semibold">Your review of {ownerView ? otherName : <>{otherName} and {dogName}</>}</h3>
        {mine ? (
          <WrittenReview rating={mine.rating} comment={mine.comment} createdAt={mine.createdAt}>
            <p className="text-sm text-stone-600">
              {mine.publishedAt === null ? <>Hidden from {otherName} until they review you or reviews close.</> : <>Published {formatBookingDate(mine.publishedAt.slice(0, 10))}.</>}
            </p>
            {ownerView ? reply : null}
          </WrittenReview>
        ) : canWrite ? (
          <ReviewForm
            answer={answers.review}
            question={ownerView ? <>How was it with {otherName}?</> : <>How was it with {otherName} and {dogName}?</>}
            hint={ownerView ? undefined : `Punctuality, ${formatDogNames(booking.dogs)} as described, communication. Only sitters ${other} asks will see it.`}
          />
        ) : (
          <p className="text-stone-600">You didn&apos;t review {otherName}: reviews closed on {closes}.</p>
        )}
      </div>

      <div className="space-y-2">
        <h3 className="font-semibold">
          {otherName}&apos;s review of you{ownerView ? <> and {dogName}</> : null}
        </h3>
        {theirs ? (
          <WrittenReview rating={theirs.rating} comment={theirs.comment} createdAt={theirs.createdAt}>
            {ownerView ? null : reply}
            {booking.canReply ? <ReplyForm answer={answers.reply} /> : null}
          </WrittenReview>
        ) : booking.theirReviewWaiting ? (
          <Note>
            {otherName} has reviewed you. You&apos;ll read it once you&apos;ve sent yours, or when reviews close on {closes}.
          </Note>
        ) : (
          <p className="text-stone-600">{canWrite || mine?.publishedAt === null ? <>{otherName} hasn&apos;t reviewed you yet.</> : <>{otherName} didn&apos;t review you.</>}</p>
        )}
      </div>
    </section>
  )
}

/** What other sitters say about the owner of a request, and how often the owner cancelled late: for its sitter only. */
export function OwnerReviewsPanel({
  booking,
  lateCancellations,
}: {
  booking: BookingPageJson & { ownerReviews: NonNullable<BookingPageJson['ownerReviews']> }
  /** Of the owner's bookings ever accepted, how many they cancelled late; shown once there is one. */
  lateCancellations: { late: number; accepted: number } | null
}) {
  const { ownerReviews } = booking
  const owner = <bdi>{firstNameOf(booking.owner.name)}</bdi>
  const lateLine = lateCancellations && lateCancellations.accepted > 0 ? <p className="text-stone-700">{formatLateCancellations(lateCancellations)}</p> : null
  return (
    <section aria-labelledby="owner-reviews-heading" className="space-y-3 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="owner-reviews-heading" className="text-lg font-semibold">
        What sitters say about {owner}
      </h2>
      {ownerReviews.rating === null ? (
        <>
          <p className="text-stone-600">No sitter has reviewed {owner} yet.</p>
          {lateLine}
        </>
      ) : (
        <>
          <p className="flex items-center gap-2">
            <StarRating rating={Math.round(ownerReviews.rating)} />
            <span className="font-semibold">{formatRating(ownerReviews.rating)}</span>
            <span className="text-stone-500">({reviewCountText(ownerReviews.reviewCount)})</span>
          </p>
          {lateLine}
          <ul className="divide-y divide-stone-100">
            {ownerReviews.reviews.map((review) => (
              <li key={review.id} className="space-y-1 py-3">
                <p className="flex items-center justify-between gap-2">
                  <bdi className="font-medium">{review.author.name}</bdi>
                  <StarRating rating={review.rating} />
                </p>
                {review.comment ? (
                  <p className="whitespace-pre-line text-stone-700">
                    <bdi>{review.comment}</bdi>
                  </p>
                ) : null}
                <p className="text-sm text-stone-500">{formatBookingDate(review.createdAt.slice(0, 10))}</p>
              </li>
            ))}
          </ul>
          <p className="text-sm text-stone-500">Only sitters {owner} asks for care see these reviews.</p>
        </>
      )}
    </section>
  )
}

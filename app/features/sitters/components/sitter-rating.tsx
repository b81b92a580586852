import { StarIcon } from '#app/ui/icons.tsx'
import { formatRating, reviewCountText } from '../sitter-format.ts'

// A sitter's rating, the one way every screen shows it (issue 19): a star, the mean to one decimal and
// the number of reviews, as Rover shows it; a single review's own rating is its stars (reviews feature).

/** '★ 4.8 (12 reviews)', or 'New sitter' when nobody has reviewed them yet. */
export function SitterRating({ rating, reviewCount }: { rating: number | null; reviewCount: number }) {
  if (rating === null || reviewCount === 0) {
    return <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">New sitter</span>
  }
  return (
    <span className="inline-flex items-center gap-1">
      <StarIcon className="size-4 text-amber-500" />
      <span className="font-semibold text-stone-900">{formatRating(rating)}</span>
      <span className="text-stone-500">({reviewCountText(reviewCount)})</span>
    </span>
  )
}

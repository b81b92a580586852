// Stars apart from the review forms: pages that only show a rating (the admin's report of a review) do not
// load the forms' code (DESIGN.md section 8's JavaScript budget).

const starPath = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z'

export function Star({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={className} fill="currentColor">
      <path d={starPath} />
    </svg>
  )
}

/** 'x out of 5 stars', drawn as stars. */
export function StarRating({ rating, className = 'size-4' }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex text-amber-500">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star key={star} className={`${className} ${star <= rating ? '' : 'text-stone-300'}`} />
      ))}
    </span>
  )
}

/**
 * A red count: unread messages, requests waiting for an answer. Screen readers hear '3 unread' as part of
 * the link it sits in (an `aria-label` on a plain `<span>` is ignored by some of them, and is invalid HTML);
 * an icon-only link (the bell) names itself with the count instead, and shows the number alone. Its look is
 * the `count-badge` class of app.css, with the caller's size and place (the navigation's are set by its classes there).
 */
export function CountBadge({ count, label, className }: { count: string; label?: string; className?: string }) {
  return (
    <span className={className ? `count-badge ${className}` : 'count-badge'}>
      {count}
      {label ? <span className="sr-only">{` ${label}`}</span> : null}
    </span>
  )
}

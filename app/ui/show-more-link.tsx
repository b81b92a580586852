import { Link } from 'react-router'

// 'Show more' under a keyset-paged list (decision 046): a plain link to the same page with `?cursor=` naming
// the last row shown, and the page then shows the list through that row and one page more, with or without
// JavaScript (a live reload keeps the rows shown). `#more` brings the first new row into view.

export const firstNewRowId = 'more'

/** The index of the first row after the one the cursor named (it carries `firstNewRowId`); -1 without one. */
export function firstNewRowIndex(rows: readonly { id: string }[], shownThroughId: string | null) {
  if (!shownThroughId) return -1
  const index = rows.findIndex((row) => row.id === shownThroughId)
  return index === -1 ? -1 : index + 1
}

/** `href` is the page's address with the cursor of the last row shown (nothing for React Router to discover). */
export function ShowMoreLink({ href, label }: { href: string; label: string }) {
  return (
    <div className="flex justify-center py-2">
      <Link to={`${href}#${firstNewRowId}`} discover="none" className="button-link button-link-plain text-stone-800">
        {label}
      </Link>
    </div>
  )
}

// 'Skip to main content' (WCAG 2.4.1): the first thing Tab reaches on every page, hidden until it has
// focus, so keyboard and switch users pass the header and its navigation in one step.

/** The id of every page's `<main>`, where the skip link leads. */
export const mainContentId = 'main-content'

export function SkipLink() {
  return (
    <a
      href={`#${mainContentId}`}
      className="sr-only z-[100] rounded-lg bg-white px-4 py-3 font-medium text-brand-800 shadow-lg ring-2 ring-brand-600 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:inline-flex focus:min-h-11 focus:items-center"
    >
      Skip to main content
    </a>
  )
}

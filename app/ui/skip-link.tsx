// 'Skip to main content' (WCAG 2.4.1): the first thing Tab reaches on every page, hidden until it has
// focus, so keyboard and switch users pass the header and its navigation in one step. Its look is the
// `skip-link` class of app.css: every page sends it.

/** The id of every page's `<main>`, where the skip link leads. */
export const mainContentId = 'main-content'

export function SkipLink() {
  return (
    <a href={`#${mainContentId}`} className="skip-link">
      Skip to main content
    </a>
  )
}

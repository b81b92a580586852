// Numbers as en-US writes them, written out rather than through Intl: a page's first Intl object costs the browser
// tens of milliseconds of loading its locale data before the page can hydrate (docs/performance.md, decision 120).
// Pure, safe in the browser.

/** '7', '1,250', '110,000': a whole number with its thousands grouped. */
export const formatCount = (count: number) => String(Math.trunc(count)).replace(/\B(?=(\d{3})+$)/g, ',')

// DESIGN.md section 8's JavaScript budgets, gzip: what a page loads up to the load event, and with what arrives in
// the 5 s after it. bench/js-budget.ts measures both in Chromium; tests/live-server/first-load-javascript.test.ts
// keeps every page's first load within the first from the build's manifest.
export const firstLoadLimit = 130 * 1024
export const withLazyLimit = 160 * 1024

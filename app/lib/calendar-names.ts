// Month and weekday names as Intl's en-US writes them, spelled out: a page's first Intl object costs the browser tens of
// milliseconds before it can hydrate (decision 120). calendar-dates.test.ts compares them with Intl's.

export const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
export const shortMonthNames = monthNames.map((name) => name.slice(0, 3))
/** Sunday first, as getUTCDay counts. */
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
export const shortWeekdayNames = weekdayNames.map((name) => name.slice(0, 3))

/** 'March 2, 2026' for '2026-03-02'. */
export const formatLongLocalDate = (date: string) => `${monthNames[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${Number(date.slice(0, 4))}`

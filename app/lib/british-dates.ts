import { shortMonthNames, shortWeekdayNames } from './calendar-names.ts'

// The short dates en-GB writes (booking histories, notifications, moderation), spelled out as calendar-names.ts's
// names are (decision 120), in a module of their own: the pages that write none load none of it.

/** '26 Nov'; en-GB writes September 'Sept'. */
const britishDayAndMonth = (date: string) => {
  const month = shortMonthNames[Number(date.slice(5, 7)) - 1]
  return `${Number(date.slice(8, 10))} ${month === 'Sep' ? 'Sept' : month}`
}

/** 'Thu 26 Nov' for '2026-11-26'. */
export const formatBritishDay = (date: string) => `${shortWeekdayNames[new Date(`${date}T00:00:00Z`).getUTCDay()]} ${britishDayAndMonth(date)}`

/** '26 Nov 2026' for '2026-11-26'. */
export const formatBritishDate = (date: string) => `${britishDayAndMonth(date)} ${Number(date.slice(0, 4))}`

import { shortWeekdayNames, weekdayNames } from '#app/lib/calendar-names.ts'

// The days of a sitter's week, Monday (ISO weekday 1) to Sunday (7), as schedules store them; their names are
// calendar-names.ts's, which count from Sunday (0).
export const weekdays = ([1, 2, 3, 4, 5, 6, 7] as const).map((value) => ({ value, label: weekdayNames[value % 7]!, short: shortWeekdayNames[value % 7]! }))

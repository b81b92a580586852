// The weekly request form's fields, apart from its checks (series-forms.ts): the page names them without loading zod,
// about 25 KB gzip (DESIGN.md section 8).

/** The series form's fields, as the page names them. */
export const seriesFormFields = ['dogId', 'service', 'weekdays', 'firstDate', 'endDate', 'timePeriod', 'startTime', 'endTime', 'duration', 'notes', 'location'] as const
export type SeriesFormField = (typeof seriesFormFields)[number]

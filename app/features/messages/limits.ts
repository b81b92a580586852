// The messaging limits and choices the screens show, without zod, so the browser does not load it for them.

/** DESIGN.md section 5: content is trimmed, 1 to 4,000 characters. */
export const maxMessageLength = 4000

export const reportReasons = ['spam', 'harassment', 'inappropriate', 'scam', 'other'] as const
export type ReportReason = (typeof reportReasons)[number]
export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or threats',
  inappropriate: 'Inappropriate content',
  scam: 'Scam or payment outside Pawpal',
  other: 'Something else',
}
export const maxReportDetailsLength = 1000

import { z } from 'zod'
import { cursorMessages, cursorParameter } from '#app/lib/keyset-paging.ts'
import { limitParameter } from '#app/lib/paging.ts'
import { plainText } from '#app/lib/plain-text.ts'
import { maxMessageLength, maxReportDetailsLength, reportReasons } from './limits.ts'

export { maxMessageLength, maxReportDetailsLength, reportReasonLabels, reportReasons, type ReportReason } from './limits.ts'

// What the messaging doors accept (DESIGN.md section 5, spec sections 5 and 7): the socket's events,
// the JSON API and the page forms parse with these same schemas, so a rule exists once.

/** Messages in one page of a thread; an API client may ask for up to `maxThreadPageSize`. */
export const threadPageSize = 30
export const maxThreadPageSize = 100

/** Conversations in one page of the list; an API client may ask for up to `maxConversationPageSize`. */
export const conversationPageSize = 20
export const maxConversationPageSize = 100
/** The list a conversation cursor belongs to (lib/keyset-paging.ts). */
export const conversationListName = 'conversations'

/** Missed messages one `sync` answers with; `hasMore` says when the client should ask again. */
export const syncPageSize = 200

/** Read receipts one `markAsRead` may carry. */
export const maxMessageIdsPerRead = 500

export const messageErrors = {
  contentRequired: 'Message cannot be empty',
  contentTooLong: `Message must be at most ${maxMessageLength} characters`,
  recipientRequired: 'Choose who to send the message to',
  messagingYourself: 'You cannot message yourself',
  blockingYourself: 'You cannot block yourself',
  userNotFound: 'User not found',
  conversationNotFound: 'Conversation not found',
  conversationExists: 'Conversation already exists',
  messageNotFound: 'Message not found',
  blocked: 'You cannot message this user',
  tooFast: 'You are sending messages too quickly. Please wait a moment.',
  clientId: 'clientId must be a UUID',
  cursor: 'before must be a message of this conversation',
} as const

/** A user or message id as the API hands them out. */
const id = (label: string, required: string = `${label} is required`) =>
  plainText(label, { error: required }).min(1, { error: required }).max(100, { error: `${label} is too long` })

const content = plainText('Message', { multiline: true, error: messageErrors.contentRequired })
  .min(1, { error: messageErrors.contentRequired })
  .max(maxMessageLength, { error: messageErrors.contentTooLong })

/** The socket's `sendMessage` data and `POST /api/messages`. */
export const SendMessageSchema = z.object({
  recipientId: id('recipientId', messageErrors.recipientRequired),
  content,
  clientId: z.uuid({ error: messageErrors.clientId }).optional(),
})
export type SendMessageInput = z.output<typeof SendMessageSchema>

/** The page's send form: the partner comes from the URL; the form carries a client id made for it, so a resubmitted form stores nothing twice. */
export const MessageFormSchema = SendMessageSchema.omit({ recipientId: true })

/** The socket's `markAsRead` data and `POST /api/messages/read`. */
export const MarkAsReadSchema = z.object({
  messageIds: z
    .array(id('messageId'), { error: 'messageIds must be a list of message ids' })
    .min(1, { error: 'messageIds must name at least one message' })
    .max(maxMessageIdsPerRead, { error: `messageIds may name at most ${maxMessageIdsPerRead} messages` }),
})

/** The socket's `sync` data: the last message the client saw. */
export const SyncSchema = z.object({ after: id('after') })

/** `POST /api/messages/conversations`. */
export const StartConversationSchema = z.object({ partnerId: id('partnerId') })

/** `GET /api/messages/conversations/{partnerId}?before&limit`: `before` is the oldest message the client has. */
export const ThreadPageSchema = z.object({
  before: id('before').optional(),
  limit: limitParameter(threadPageSize, maxThreadPageSize),
})

/** `?q=` of the conversation list: part of a partner's name. */
export const ConversationSearchSchema = z.object({
  q: plainText('Search').max(100, { error: 'Search must be at most 100 characters' }).optional(),
})

/** `GET /api/messages/conversations?q&cursor&limit`: `cursor` is the last conversation of the page before. */
export const ConversationListSchema = ConversationSearchSchema.extend({
  cursor: cursorParameter.refine((cursor) => !cursor || cursor.list === conversationListName, { error: cursorMessages.foreign }),
  limit: limitParameter(conversationPageSize, maxConversationPageSize),
})

/** `POST /api/messages/blocks`. */
export const BlockSchema = z.object({ userId: id('userId') })

/** `POST /api/messages/reports` and the page's report form. */
export const ReportSchema = z.object({
  partnerId: id('partnerId'),
  reason: z.enum(reportReasons, { error: 'Choose a reason' }),
  details: plainText('Details', { multiline: true })
    .max(maxReportDetailsLength, { error: `Details must be at most ${maxReportDetailsLength} characters` })
    .default(''),
})
export type ReportInput = z.output<typeof ReportSchema>

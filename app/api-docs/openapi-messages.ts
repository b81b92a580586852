import {
  BlockSchema,
  ConversationListSchema,
  maxConversationPageSize,
  conversationPageSize,
  MarkAsReadSchema,
  maxMessageLength,
  reportReasons,
  ReportSchema,
  SendMessageSchema,
  StartConversationSchema,
  ThreadPageSchema,
} from '#app/features/messages/schema.ts'
import { removedMessageText } from '#app/features/messages/message-json.ts'
import {
  answer,
  errors,
  inputSchema,
  jsonBody,
  nullable,
  objectOf,
  pagedListAnswer,
  pagingParameterDescriptions,
  pathParameter,
  queryParameters,
  ref,
  retryAfterHeader,
  signedIn,
} from './openapi-parts.ts'
import { reportAnswers } from './openapi-moderation.ts'
import { messageErrors } from '#app/features/messages/schema.ts'
import { moderationMessages } from '#app/features/moderation/moderation-terms.ts'
import { cursorRules, type StatedRule } from './openapi-parts.ts'

// The messages part of the OpenAPI document: conversations, messages over HTTP, blocks and reports.
// Bodies and queries come from the routes' zod schemas (features/messages/schema.ts); answers are
// hand-written from toMessageJson (message-json.ts) and listConversationsFor (conversations.server.ts).

const noCache = 'Answers carry `Cache-Control: private, no-store`.'

const socketNotes =
  'Live chat runs over the `/ws` socket (DESIGN.md section 5): `sendMessage`, `markAsRead` and `sync` with ' +
  'acks; `newMessage`, `messageStatusUpdate` and `bookingUpdate` pushed to every open socket of both users. ' +
  '`counts` answers the navigation\'s badge counts `{unreadMessages, requestsToAnswer, unreadNotifications, at}` (`at`: when the server ' +
  'counted, in ms since 1970) and subscribes that socket to `{"event":"counts","data":{...}}` pushes after every ' +
  'later push to its user. These paths are the same rules over HTTP, for clients without the socket.'

export const messageTags = [{ name: 'Messages', description: socketNotes }]

const MessageRecord = objectOf({
  id: { type: 'string' },
  conversationId: { type: 'string' },
  clientId: nullable('string', { description: 'The id the sending client gave the message, if any.' }),
  content: { type: 'string', maxLength: maxMessageLength, description: `What was sent; for a message an admin removed, the notice '${removedMessageText}'.` },
  hidden: { type: 'boolean', description: 'An admin removed it (moderation): `content` is the removal notice; the original is never shown again.' },
  sender: objectOf({ id: { type: 'string' }, name: { type: 'string' }, profilePhoto: nullable('string'), bio: nullable('string') }),
  recipient: objectOf({ id: { type: 'string' } }),
  read: { type: 'boolean' },
  status: { enum: ['sent', 'read'] },
  readAt: nullable('string', { format: 'date-time' }),
  createdAt: { type: 'string', format: 'date-time' },
})

const ConversationSummary = objectOf({
  id: { type: 'string', description: 'The conversation id.' },
  partnerId: { type: 'string' },
  name: { type: 'string' },
  profilePhoto: nullable('string'),
  lastMessage: objectOf({ content: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' }, senderId: { type: 'string' } }),
  unreadCount: { type: 'integer', minimum: 0 },
})

const ThreadPage = objectOf({
  conversationId: { type: 'string' },
  partner: objectOf({ id: { type: 'string' }, name: { type: 'string' }, profilePhoto: nullable('string'), bio: nullable('string') }),
  data: { type: 'array', items: ref('MessageRecord'), description: 'Oldest first.' },
  meta: objectOf({
    limit: { type: 'integer' },
    olderCursor: nullable('string', { description: 'Pass as `before` for the page before this one; null on the first page.' }),
    total: { type: 'integer', description: 'Messages in the whole conversation.' },
  }),
})

export const messageSchemas = {
  MessageRecord,
  ConversationSummary,
  ThreadPage,
  SendMessageInput: inputSchema(SendMessageSchema),
  MarkAsReadInput: inputSchema(MarkAsReadSchema),
  StartConversationInput: inputSchema(StartConversationSchema),
  BlockInput: inputSchema(BlockSchema),
  ReportInput: inputSchema(ReportSchema),
}

const tooMany = { description: 'More than 30 messages in 10 seconds.', content: answer('', ref('Error')).content, headers: retryAfterHeader }

export const messagePaths = {
  '/api/messages': {
    post: {
      operationId: 'sendMessage',
      tags: ['Messages'],
      summary: 'Send a message',
      description:
        `Content is trimmed, 1 to ${maxMessageLength} characters. Give each message a \`clientId\` (a UUID) and send ` +
        'it again with the same one after a failure: the stored message is answered (200), never stored twice.',
      security: signedIn,
      requestBody: jsonBody(ref('SendMessageInput')),
      responses: {
        201: answer('The stored message; the recipient is told over the socket.', ref('MessageRecord')),
        200: answer('Sent before with this clientId: the message stored then.', ref('MessageRecord')),
        ...errors({ 400: 'Validation failed, or the recipient is you.', 401: true, 403: 'One of you blocked the other, or you are an admin (decision 102).', 404: 'No such user (an admin is no one to message).' }),
        429: tooMany,
      },
    },
  },
  '/api/messages/read': {
    post: {
      operationId: 'markMessagesRead',
      tags: ['Messages'],
      summary: 'Mark messages sent to you as read',
      security: signedIn,
      requestBody: jsonBody(ref('MarkAsReadInput')),
      responses: {
        200: answer('Done; `read` lists the messages read just now.', objectOf({ success: { const: true }, read: { type: 'array', items: { type: 'string' } } })),
        ...errors({ 400: true, 401: true, 404: 'An id is not a message sent to you; nothing was marked.' }),
      },
    },
  },
  '/api/messages/conversations': {
    get: {
      operationId: 'listConversations',
      tags: ['Messages'],
      summary: 'Your conversations, newest first, a page at a time',
      description:
        `Conversations without messages, and those hidden by a block, are left out. ${conversationPageSize} a page (\`limit\` up to ` +
        `${maxConversationPageSize}; more is lowered to it); the next page's address is in the \`Link\` header. ${noCache}`,
      security: signedIn,
      parameters: queryParameters(ConversationListSchema, {
        q: "Part of the partner's name.",
        limit: `Conversations per page (default ${conversationPageSize}, at most ${maxConversationPageSize}).`,
        ...pagingParameterDescriptions,
      }),
      responses: {
        200: pagedListAnswer('One page of conversations.', ref('ConversationSummary')),
        ...errors({ 400: 'A bad `q`, `limit` or `cursor`.', 401: true }),
      },
    },
    post: {
      operationId: 'startConversation',
      tags: ['Messages'],
      summary: 'Open the conversation with a user',
      description: 'A 409 means the conversation exists already: treat it as success.',
      security: signedIn,
      requestBody: jsonBody(ref('StartConversationInput')),
      responses: {
        201: answer('Opened.', objectOf({ id: { type: 'string' }, partnerId: { type: 'string' } })),
        ...errors({ 400: 'Validation failed, or the partner is you.', 401: true, 403: 'One of you blocked the other, or you are an admin (decision 102).', 404: 'No such user (an admin is no one to message).', 409: 'The conversation exists.' }),
      },
    },
  },
  '/api/messages/conversations/{partnerId}': {
    parameters: [pathParameter('partnerId', 'The other user.')],
    get: {
      operationId: 'getConversation',
      tags: ['Messages'],
      summary: 'A page of your messages with a user; also whether the conversation exists',
      description: `The newest page first, oldest first within the page. Reading marks nothing read (send markAsRead). ${noCache}`,
      security: signedIn,
      parameters: queryParameters(ThreadPageSchema, { before: 'The oldest message id you have: the page before it.', limit: 'Messages per page, at most 100.' }),
      responses: {
        200: answer('The page.', ref('ThreadPage')),
        ...errors({ 400: 'A bad parameter, or `before` is not a message of this conversation.', 401: true, 404: 'No conversation with this user (or it is hidden by a block).' }),
      },
    },
  },
  '/api/messages/blocks': {
    post: {
      operationId: 'blockUser',
      tags: ['Messages'],
      summary: 'Block a user',
      description:
        'No messages go either way, your conversation is hidden from both of you, and neither of you can request or offer ' +
        'a booking to the other (403). Requests pending between you are withdrawn before the answer: those yours to ' +
        'answer declined, the others cancelled; the other party is told as of any decline or cancellation.',
      security: signedIn,
      requestBody: jsonBody(ref('BlockInput')),
      responses: {
        201: answer('Blocked.', objectOf({ userId: { type: 'string' }, blocked: { const: true } })),
        200: answer('You had blocked them already.', objectOf({ userId: { type: 'string' }, blocked: { const: true } })),
        ...errors({ 400: 'Validation failed, or the user is you.', 401: true, 404: 'No such user.' }),
      },
    },
  },
  '/api/messages/blocks/{userId}': {
    parameters: [pathParameter('userId', 'The user you blocked.')],
    delete: {
      operationId: 'unblockUser',
      tags: ['Messages'],
      summary: 'Lift your block',
      security: signedIn,
      responses: {
        200: answer('Unblocked.', objectOf({ userId: { type: 'string' }, blocked: { const: false } })),
        ...errors({ 401: true, 404: 'You had not blocked this user.' }),
      },
    },
  },
  '/api/messages/reports': {
    post: {
      operationId: 'reportConversation',
      tags: ['Messages'],
      summary: 'Report your conversation with a user to the admins',
      description:
        `Reasons: ${reportReasons.join(', ')}. The same report as \`POST /api/reports\` with \`kind: conversation\` and the ` +
        "partner as `subjectId`: it keeps a snapshot of the partner's latest messages. While your report is open, reporting " +
        "again answers it (200) and adds the partner's messages written since to its snapshot (its reason and details stay " +
        'as first sent). The reported user is not told.',
      security: signedIn,
      requestBody: jsonBody(ref('ReportInput')),
      responses: {
        ...reportAnswers,
        ...errors({
          400: true,
          401: true,
          403: 'An admin account (since 2026-12-02): staff act on what they see in the console.',
          404: 'You have no conversation with this user.',
          409: 'The report could not be saved; send it again.',
          429: 'More than 20 reports in an hour.',
        }),
      },
    },
  },
}

// ---- rules beside the schemas (x-cross-field-rules), by operation ----

const notYourself = (message: string, field: string): StatedRule => ({ message, rule: `\`${field}\` is not you` })

export const messageRules: Record<string, StatedRule[]> = {
  sendMessage: [notYourself(messageErrors.messagingYourself, 'recipientId')],
  listConversations: cursorRules(),
  startConversation: [notYourself(messageErrors.messagingYourself, 'partnerId')],
  getConversation: [{ message: messageErrors.cursor, rule: '`before` is a message of this conversation' }],
  blockUser: [notYourself(messageErrors.blockingYourself, 'userId')],
  reportConversation: [notYourself(moderationMessages.yourself, 'partnerId')],
}

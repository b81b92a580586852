import { data, href, redirect } from 'react-router'
import type { z } from 'zod'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { retryAfterHeaders } from '#app/lib/rate-limit.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { blockStateBetween, blockUser, isEitherBlocked, unblockUser } from './blocks.server.ts'
import { getConversationPartner } from './conversation-partner.server.ts'
import { getThreadPage, startConversation } from './conversations.server.ts'
import { markConversationRead } from './read-receipts.server.ts'
import { MessageFormSchema, type ReportInput, ReportSchema, threadPageSize } from './schema.ts'
import { sendMessage } from './send-message.server.ts'

// The conversation screens' loader and action, shared by /messages?userId= and /messages/{userId} (spec
// section 2): both open the conversation (created on first visit, spec section 4), read it (which marks
// the partner's messages read, also without JavaScript) and take the same forms: send, block, unblock,
// report.

/**
 * Opening a conversation (spec section 4): it is created on the first visit, and the partner's messages
 * are read. Run from the screens' middleware, before any loader, so the navigation's unread badge on the
 * same page already counts them as read.
 */
export async function openConversation(viewerId: string, partnerId: string) {
  const opened = await startConversation(viewerId, partnerId)
  if (opened.ok) await markConversationRead(viewerId, partnerId)
}

export async function loadConversation(viewer: SessionUser, partnerId: string, before: string | null) {
  const partner = partnerId === viewer.id ? null : await getConversationPartner(partnerId, viewer.timeZone)
  if (!partner) return { status: 'notFound' as const }
  const blocks = await blockStateBetween(viewer.id, partnerId)
  if (isEitherBlocked(blocks)) {
    return { status: 'blocked' as const, partner: { id: partner.id, name: partner.name, profilePhoto: partner.profilePhoto }, blockedByMe: blocks.byMe }
  }
  let showingOlder = before !== null
  let page = await getThreadPage(viewer.id, partnerId, { before: before ?? undefined, limit: threadPageSize })
  if (page.status === 'badCursor') {
    // A stale or foreign cursor in the address shows the newest messages instead.
    showingOlder = false
    page = await getThreadPage(viewer.id, partnerId, { limit: threadPageSize })
  }
  if (page.status !== 'ok') return { status: 'notFound' as const }
  return {
    status: 'open' as const,
    partner,
    messages: page.messages,
    olderCursor: page.olderCursor,
    /** An older page is shown: the newest messages are a link away. */
    showingOlder,
    messageCount: page.total,
    /** The send form's client id: a form sent twice (a reload, a double tap) stores one message. */
    formClientId: crypto.randomUUID(),
  }
}

export type LoadedConversation = Awaited<ReturnType<typeof loadConversation>>

const intents = ['send', 'block', 'unblock', 'report'] as const
export type ConversationIntent = (typeof intents)[number]

/** A form that came back: what was typed, and what is wrong with it (by field, and for the whole form). */
export type ConversationFormReply = {
  intent: ConversationIntent
  values: Record<string, string>
  fieldErrors: Record<string, string[]>
  formErrors: string[]
}

function reply(intent: ConversationIntent, formData: FormData, { fieldErrors = {}, formErrors = [] }: Partial<Pick<ConversationFormReply, 'fieldErrors' | 'formErrors'>>) {
  const values = Object.fromEntries([...formData].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  return { intent, values, fieldErrors, formErrors } satisfies ConversationFormReply
}

function parseForm<Schema extends z.ZodType>(schema: Schema, formData: FormData): { value: z.output<Schema> } | { fieldErrors: Record<string, string[]> } {
  const result = schema.safeParse(Object.fromEntries(formData))
  if (result.success) return { value: result.data }
  const fieldErrors: Record<string, string[]> = {}
  for (const issue of result.error.issues) (fieldErrors[issue.path.join('.') || 'form'] ??= []).push(issue.message)
  return { fieldErrors }
}

/**
 * Runs one of the conversation forms. `conversationPath` is where the thread lives (the redirect after a
 * send, an unblock or a report); a block leaves for the list, as the thread is hidden from then on.
 */
/**
 * Files a report of the conversation, or adds the messages written since to the viewer's open one (the moderation
 * feature, above this one, keeps it: the route passes it in).
 */
export type ReportConversation = (
  reporter: SessionUser,
  input: ReportInput,
) => Promise<{ ok: true; created: boolean; addedMessages: number } | { ok: false; status: number; message: string; retryAfterSeconds?: number }>

export async function runConversationAction(viewer: SessionUser, partnerId: string, formData: FormData, conversationPath: string, reportConversation: ReportConversation) {
  const intent = intents.find((candidate) => candidate === formData.get('intent'))
  if (intent === 'send') {
    const parsed = parseForm(MessageFormSchema, formData)
    if ('fieldErrors' in parsed) return data(reply(intent, formData, parsed), { status: 400 })
    const outcome = await sendMessage(viewer.id, { recipientId: partnerId, ...parsed.value })
    if (!outcome.ok) {
      const headers = outcome.retryAfterSeconds ? retryAfterHeaders(outcome.retryAfterSeconds) : undefined
      return data(reply(intent, formData, { formErrors: [outcome.message] }), { status: outcome.status, headers })
    }
    return redirect(conversationPath)
  }
  if (intent === 'report') {
    formData.set('partnerId', partnerId)
    const parsed = parseForm(ReportSchema, formData)
    if ('fieldErrors' in parsed) return data(reply(intent, formData, parsed), { status: 400 })
    const outcome = await reportConversation(viewer, parsed.value)
    if (!outcome.ok) {
      const headers = outcome.retryAfterSeconds ? retryAfterHeaders(outcome.retryAfterSeconds) : undefined
      return data(reply(intent, formData, { formErrors: [outcome.message] }), { status: outcome.status, headers })
    }
    const toast = outcome.addedMessages > 0 ? { title: 'Added to your report', description: 'Our team will also see the messages written since.' } : { title: 'Report sent', description: 'Thank you. Our team will review this conversation.' }
    return redirectWithToast(conversationPath, { type: 'success', ...toast })
  }
  const partner = await getConversationPartner(partnerId, viewer.timeZone)
  if (intent === 'block' && partner) {
    const outcome = await blockUser(viewer.id, partnerId)
    if (outcome.ok) {
      return redirectWithToast(href('/messages'), {
        type: 'success',
        title: `${partner.name} is blocked`,
        description: 'Neither of you can message or book the other, and your conversation is hidden. Requests pending between you were withdrawn.',
      })
    }
  }
  if (intent === 'unblock' && partner) {
    await unblockUser(viewer.id, partnerId)
    return redirectWithToast(conversationPath, { type: 'success', title: `${partner.name} is unblocked` })
  }
  return data(reply(intent ?? 'send', formData, { formErrors: [partner ? 'Choose what to do' : 'User not found'] }), { status: partner ? 400 : 404 })
}

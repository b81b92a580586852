import { db } from '#app/lib/db.server.ts'
import { findConversationId } from './conversations.server.ts'
import { messageErrors, type ReportInput } from './schema.ts'

// Reporting a conversation (issue 11, safety): stored for the admins with the reason and the reporter's
// words; the reported user is not told. Only one of the conversation's two users may report it.

export async function reportConversation(reporterId: string, input: ReportInput): Promise<{ ok: true; reportId: string } | { ok: false; status: 404; message: string }> {
  const conversationId = input.partnerId === reporterId ? null : await findConversationId(reporterId, input.partnerId)
  if (!conversationId) return { ok: false, status: 404, message: messageErrors.conversationNotFound }
  const id = crypto.randomUUID()
  await db
    .insertInto('conversationReports')
    .values({
      id,
      conversationId,
      reporterId,
      reportedUserId: input.partnerId,
      reason: input.reason,
      details: input.details,
      createdAt: new Date().toISOString(),
    })
    .execute()
  return { ok: true, reportId: id }
}

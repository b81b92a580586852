import type { Kysely } from 'kysely'
import { type Database, db } from '#app/lib/db.server.ts'
import { keysetCondition, type KeysetCursor, type PagePosition, readKeysetPage } from '#app/lib/keyset-paging.ts'

// The audit log (DESIGN.md ruling 25): every admin action and every admin read of reported content, one
// row each, written in the transaction of the action it records. Append-only: this module only inserts and
// reads, and the database refuses an update or a delete (db/migrations/022's triggers).

export const auditActions = {
  readReport: 'report.read',
  resolveReport: 'report.resolved',
  hideMessages: 'messages.hidden',
  hideReview: 'review.hidden',
  warnUser: 'user.warned',
  suspendUser: 'user.suspended',
  liftSuspension: 'user.suspension_lifted',
} as const
export type AuditAction = (typeof auditActions)[keyof typeof auditActions]

export const auditActionLabels: Record<AuditAction, string> = {
  'report.read': 'Read a report',
  'report.resolved': 'Resolved a report',
  'messages.hidden': 'Hid messages',
  'review.hidden': 'Hid a review',
  'user.warned': 'Warned a user',
  'user.suspended': 'Suspended a user',
  'user.suspension_lifted': 'Lifted a suspension',
}

export type Admin = { id: string; name: string }
export type AuditEntry = { action: AuditAction; targetKind: 'report' | 'user' | 'review' | 'conversation'; targetId: string; reason?: string | null }

export async function recordAudit(executor: Kysely<Database>, admin: Admin, entry: AuditEntry, now = Date.now()) {
  await executor
    .insertInto('auditLog')
    .values({
      id: crypto.randomUUID(),
      adminId: admin.id,
      adminName: admin.name,
      action: entry.action,
      targetKind: entry.targetKind,
      targetId: entry.targetId,
      reason: entry.reason ?? null,
      at: new Date(now).toISOString(),
    })
    .execute()
}

export const auditListName = 'audit'
export const auditPageSize = 50

const auditColumns = ['id', 'adminId', 'adminName', 'action', 'targetKind', 'targetId', 'reason', 'at'] as const

/** A page of the log, newest first. */
export async function listAuditLog(after: KeysetCursor | undefined, limit = auditPageSize) {
  return listAuditLogAt({ after }, limit)
}

/** The log from a position: past a row (the API), or through a row and one page more (the page's 'Show more'). */
export async function listAuditLogAt({ after, through }: PagePosition, limit = auditPageSize) {
  const read = (condition: ReturnType<typeof keysetCondition> | null, take: number) => {
    let query = db.selectFrom('auditLog').select(auditColumns)
    if (condition) query = query.where(condition)
    return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(take).execute()
  }
  return readKeysetPage(
    read,
    (row) => ({ list: auditListName, key: row.at, id: row.id }),
    (cursor, options) => keysetCondition({ key: 'auditLog.at', id: 'auditLog.id' }, cursor, 'desc', options),
    { after, through },
    limit,
  )
}

export type AuditRow = Awaited<ReturnType<typeof listAuditLogAt>>['rows'][number]

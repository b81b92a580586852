import { type Kysely, sql } from 'kysely'

// reports.grewAt: when the reporter last added the messages written since to their open conversation report
// (decision 100), so the admins' queue can mark a report that grew (decision 103); null for a report that never
// did. Reports that grew before this migration take the time of their last added message from their snapshot.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('reports').addColumn('grewAt', 'text').execute()
  const grown = await sql<{ id: string; snapshot: string }>`select "id", "snapshot" from "reports" where "kind" = 'conversation' and "snapshot" like '%"addedAt"%'`.execute(db)
  for (const { id, snapshot } of grown.rows) {
    const added = ((JSON.parse(snapshot) as { messages?: { addedAt?: string }[] }).messages ?? []).flatMap((message) => (message.addedAt ? [message.addedAt] : []))
    const last = added.sort().at(-1)
    if (last) await sql`update "reports" set "grewAt" = ${last} where "id" = ${id}`.execute(db)
  }
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('reports').dropColumn('grewAt').execute()
}

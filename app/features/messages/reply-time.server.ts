import { sql } from 'kysely'
import { db } from '#app/lib/db.server.ts'

// "Usually replies within ..." measured from the messages (DESIGN.md ruling 6), never claimed. In each of
// the user's conversations, the messages the other person sent since the user last wrote are one turn;
// the user's next message answers it, and the turn's reply time runs from its FIRST message (how long the
// other person waited). Turns still unanswered do not count.

/** The median minutes this user takes to answer a message; null when they have never answered one. */
export async function getMedianReplyMinutes(userId: string): Promise<number | null> {
  const { rows } = await sql<{ askedAt: string; repliedAt: string }>`
    with thread as (
      select m."conversationId", m."senderId" = ${userId} as "fromUser", m."createdAt",
        sum(case when m."senderId" = ${userId} then 1 else 0 end) over (
          partition by m."conversationId" order by m."createdAt", m.id rows unbounded preceding
        ) as "repliesSoFar"
      from messages m
      where m."conversationId" in (select c.id from conversations c where c."userAId" = ${userId} or c."userBId" = ${userId})
    ),
    asked as (
      select "conversationId", "repliesSoFar" as turn, min("createdAt") as "askedAt"
      from thread where not "fromUser" group by "conversationId", "repliesSoFar"
    ),
    answered as (
      select "conversationId", "repliesSoFar" - 1 as turn, "createdAt" as "repliedAt"
      from thread where "fromUser"
    )
    select asked."askedAt", answered."repliedAt"
    from asked join answered on answered."conversationId" = asked."conversationId" and answered.turn = asked.turn
  `.execute(db)
  const minutes = rows.map((row) => (Date.parse(row.repliedAt) - Date.parse(row.askedAt)) / 60_000)
  return median(minutes)
}

function median(values: number[]) {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const value = sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
  return Math.round(value)
}

/**
 * The share of conversations this user answered, in percent: of the conversations in which someone wrote
 * to them, those where they wrote back after that first message. Null when nobody has written to them.
 */
export async function getReplyRatePercent(userId: string): Promise<number | null> {
  const { rows } = await sql<{ asked: number; answered: number | null }>`
    with mine as (
      select id from conversations where "userAId" = ${userId}
      union all
      select id from conversations where "userBId" = ${userId}
    ),
    received as (
      select m."conversationId", min(m."createdAt") as "firstAt"
      from messages m
      where m."conversationId" in (select id from mine) and m."recipientId" = ${userId}
      group by m."conversationId"
    )
    select count(*) as asked,
      sum(case when exists(
        select 1 from messages r
        where r."conversationId" = received."conversationId" and r."senderId" = ${userId} and r."createdAt" > received."firstAt"
      ) then 1 else 0 end) as answered
    from received
  `.execute(db)
  const { asked = 0, answered = 0 } = rows[0] ?? {}
  return asked > 0 ? Math.round((100 * Number(answered ?? 0)) / Number(asked)) : null
}

import { type Expression, expressionBuilder, type Kysely, type Selectable, sql, type SqlBool } from 'kysely'
import { db, type Database, engine, isOneOf } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import type { BookingSeriesTable } from '#app/lib/db-schema.ts'
import { localDateTime } from '#app/lib/zoned-time.ts'
import type { TimeSlot } from './periods.ts'
import { seriesChanges, seriesEventType } from './series-change-types.ts'
import type { Party } from './transitions.ts'

// Weekly series as stored (booking-series.server.ts writes them): the row with its weekdays and slots read, and its
// dogs in order. Every read of a series goes through `withSeriesDogs`.

export type BookingSeries = Omit<Selectable<BookingSeriesTable>, 'weekdays' | 'slots'> & {
  weekdays: number[]
  slots: TimeSlot[]
  dogIds: string[]
}

/** The change a series event reports, or null when it is not one. */
export function readSeriesChange(event: { type: string; subjectId: string; payload: Record<string, unknown> }) {
  const change = seriesChanges.find((candidate) => seriesEventType(candidate) === event.type)
  if (!change) return null
  const payload = event.payload as { actor?: 'owner' | 'sitter' | null; addToCalendar?: boolean; conflicts?: { date: string; reason: string }[]; from?: string; cancelledLate?: number }
  return {
    change,
    seriesId: event.subjectId,
    actor: payload.actor ?? null,
    addToCalendar: payload.addToCalendar ?? false,
    conflicts: payload.conflicts ?? [],
    from: payload.from ?? null,
    cancelledLate: payload.cancelledLate ?? 0,
  }
}

/** Today in the series' zone. */
export const seriesTimeZoneToday = (series: Pick<BookingSeries, 'timeZone'>, now: number) => localDateTime(now, series.timeZone).date

const onSeries = () => expressionBuilder<Database, 'bookingSeries'>()

/** Series where the user is the owner or the sitter. */
export const seriesOfParty = (userId: string): Expression<SqlBool> =>
  onSeries().or([onSeries()('bookingSeries.ownerId', '=', userId), onSeries()('bookingSeries.sitterId', '=', userId)])

export async function findSeriesWhere(where: Expression<SqlBool>, executor: Kysely<Database> = db): Promise<BookingSeries[]> {
  return withSeriesDogs(await executor.selectFrom('bookingSeries').selectAll().where(where).orderBy('createdAt', 'desc').orderBy('id').execute(), executor)
}

/** The series a party has pending or running, the newest first (each list page asks: compiled once, decision 089). */
export async function findLiveSeriesOf(side: Party, userId: string) {
  return withSeriesDogs(await liveSeriesOf[side]({ userId }))
}

const liveSeriesOf = { owner: precompiledLiveSeries('bookingSeries.ownerId'), sitter: precompiledLiveSeries('bookingSeries.sitterId') }

function precompiledLiveSeries(party: 'bookingSeries.ownerId' | 'bookingSeries.sitterId') {
  return precompiledQuery(({ userId }: { userId: string }) =>
    db
      .selectFrom('bookingSeries')
      .selectAll()
      .where(party, '=', userId)
      .where('bookingSeries.status', 'in', ['pending', 'accepted'])
      .orderBy('createdAt', 'desc')
      .orderBy('id'),
  )
}

const dogsOfSeries = precompiledQuery(({ seriesIds }: { seriesIds: string }) =>
  db.selectFrom('bookingSeriesDogs').select(['seriesId', 'dogId']).where((eb) => isOneOf(eb.ref('seriesId'), seriesIds)).orderBy('seriesId').orderBy('position'),
)

async function withSeriesDogs(rows: readonly Selectable<BookingSeriesTable>[], executor: Kysely<Database> = db): Promise<BookingSeries[]> {
  if (rows.length === 0) return []
  const dogs = await dogsOfSeries({ seriesIds: JSON.stringify(rows.map((row) => row.id)) }, executor)
  return rows.map((row) => ({
    ...row,
    weekdays: row.weekdays.split(',').map(Number),
    slots: JSON.parse(row.slots) as TimeSlot[],
    dogIds: dogs.filter((dog) => dog.seriesId === row.id).map((dog) => dog.dogId),
  }))
}

export async function findSeries(seriesId: string, executor: Kysely<Database> = db) {
  const [series] = await findSeriesWhere(onSeries()('bookingSeries.id', '=', seriesId), executor)
  return series ?? null
}

/** The series when the user is one of its two parties; null for anyone else (who gets 'Series not found'). */
export async function findSeriesOfParty(userId: string, seriesId: string) {
  const [series] = await findSeriesWhere(onSeries().and([onSeries()('bookingSeries.id', '=', seriesId), seriesOfParty(userId)]))
  return series ?? null
}

/** The dates of a series that did not become bookings, with why, by date. */
export async function findSeriesConflicts(seriesId: string) {
  return db.selectFrom('bookingSeriesConflicts').select(['date', 'reason']).where('seriesId', '=', seriesId).orderBy('date').execute()
}

/**
 * The weekly requests waiting for the sitter `userId`'s answer (the Bookings badge counts them with the
 * requests), read among the sitter's own series. SQLite, without statistics, would rather read every series
 * waiting in the marketplace by (status); the unary plus keeps status out of its choice (as for the requests).
 */
export function seriesToAnswerQuery(userId: string) {
  const status = engine === 'sqlite' ? sql<BookingSeriesTable['status']>`+${sql.ref('bookingSeries.status')}` : sql.ref<BookingSeriesTable['status']>('bookingSeries.status')
  return db
    .selectFrom('bookingSeries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('sitterId', '=', userId)
    .where(status, '=', 'pending')
}

import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { start as startPushService } from '#tests/fakes/push-service.ts'

// Missed-visit alarms and the report card (issue 32 part 2, DESIGN.md ruling 27), on both engines, with the clock
// moved by passing `now`: no check-in 15 minutes after the start tells the sitter and the owner, no check-out 30
// minutes after the end the owner, a boarding day with no photo by 20:00 both; each once, however many sweeps run,
// on however many instances. A check-out tells the owner the report card is ready, by e-mail too unless they turned
// booking e-mails off. The instants are written out by hand: in March 2031 Zurich is UTC+1, so a booking at 10:00
// there starts at 09:00 UTC.

const pushService = await startPushService()
process.env.PUSH_SERVICE_URL = pushService.url

const { db, engine, migrateToLatest, openDatabase } = await import('#app/lib/db.server.ts')
const { env } = await import('#app/lib/env.server.ts')
const { backgroundWorkDone } = await import('#app/lib/work-queue.server.ts')
const { defaultChannels } = await import('#app/features/notification-settings/kinds.ts')
const { saveNotificationSettings, setChannelChoice } = await import('#app/features/notification-settings/preferences.server.ts')
const { recordDueVisitAlarms } = await import('#app/features/visits/visit-alarms.server.ts')
const { checkIn, checkOut } = await import('#app/features/visits/visit-log.server.ts')
const { startTestApp } = await import('./app.ts')
const { call, ownerDogAndSitter } = await import('./booking-api.ts')
const { insertBooking } = await import('./fixtures.ts')

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

afterAll(async () => {
  await pushService.close()
  delete process.env.PUSH_SERVICE_URL
})

/** An instant in UTC: `utc('2031-03-10', '09:16')`. */
const utc = (date: string, time: string) => Date.parse(`${date}T${time}:00.000Z`)

type Parties = Awaited<ReturnType<typeof ownerDogAndSitter>>

async function sweep(now: number) {
  const recorded = await recordDueVisitAlarms(now)
  await backgroundWorkDone()
  return recorded
}

const walk = (parties: Parties, date: string, status: 'accepted' | 'completed' | 'pending' | 'cancelled' = 'accepted') =>
  insertBooking(parties.parties, { status, date, slots: [{ startTime: '10:00', endTime: '11:00' }] })

const alarmsOf = async (bookingId: string) =>
  (await db.selectFrom('visitAlarms').select('kind').where('bookingId', '=', bookingId).orderBy('kind').execute()).map((alarm) => alarm.kind)

const eventsOf = async (bookingId: string) =>
  (await db.selectFrom('domainEvents').select('type').where('subjectId', '=', bookingId).where('type', 'like', 'visit.missed%').execute()).map((event) => event.type)

/** The notifications about a booking, by reader. */
async function noticesOf(bookingId: string, userId: string) {
  await backgroundWorkDone()
  return db
    .selectFrom('notifications')
    .select(['kind', 'type', 'text', 'href', 'emailKey'])
    .where('userId', '=', userId)
    .where('href', '=', `/bookings/${bookingId}`)
    .orderBy('occurredAt')
    .execute()
}

/** A phone of the user that is always in quiet hours: only an urgent push reaches it. */
async function quietPhoneOf(user: { id: string; token: string }) {
  const device = pushService.subscribe(env.vapid.publicKey)
  expect((await call('POST', '/api/push/subscriptions', user.token, device)).status).toBe(201)
  await saveNotificationSettings(user.id, { kinds: structuredClone(defaultChannels), quietHours: { enabled: true, start: '00:00', end: '23:59' } })
  return device
}

const pushesTo = (device: { endpoint: string }, from: number) =>
  pushService.received
    .slice(from)
    .filter((push) => `${pushService.url}/push/${push.device}` === device.endpoint)
    .map((push) => ({ urgency: push.urgency, body: (JSON.parse(pushService.decrypt(push)) as { body: string }).body }))

describe('a missed check-in', () => {
  test('15 minutes after the start tells the sitter and the owner, once, by an urgent push in quiet hours too', async () => {
    const missed = await ownerDogAndSitter()
    const punctual = await ownerDogAndSitter()
    const missedWalk = await walk(missed, '2031-03-10')
    const checkedIn = await walk(punctual, '2031-03-10')
    const phone = await quietPhoneOf(missed.sitter)
    const from = pushService.received.length
    expect(await checkIn(punctual.sitter.id, checkedIn, null, utc('2031-03-10', '08:55'))).toMatchObject({ ok: true })

    await sweep(utc('2031-03-10', '09:14'))
    expect(await alarmsOf(missedWalk)).toEqual([])

    await sweep(utc('2031-03-10', '09:16'))
    await sweep(utc('2031-03-10', '09:17'))
    expect(await alarmsOf(missedWalk)).toEqual(['missed-check-in'])
    expect(await eventsOf(missedWalk)).toEqual(['visit.missedCheckIn'])
    expect(await alarmsOf(checkedIn)).toEqual([])
    const what = 'a walk for Rex on Mon 10 Mar, 10:00'
    expect(await noticesOf(missedWalk, missed.sitter.id)).toEqual([
      { kind: 'bookings', type: 'visit.missedCheckIn', text: `You have not checked in yet: ${what}. Check in now, or tell Olivia Owner`, href: `/bookings/${missedWalk}`, emailKey: null },
    ])
    expect(await noticesOf(missedWalk, missed.owner.id)).toEqual([
      { kind: 'bookings', type: 'visit.missedCheckIn', text: `Sam Sitter has not checked in yet: ${what}`, href: `/bookings/${missedWalk}`, emailKey: null },
    ])
    expect(await noticesOf(checkedIn, punctual.owner.id)).toEqual([])
    expect(pushesTo(phone, from)).toEqual([{ urgency: 'high', body: `You have not checked in yet: ${what}. Check in now, or tell Olivia Owner` }])
  })

  test('is raised for accepted and completed bookings only, and never for one that started more than two days ago', async () => {
    const parties = await ownerDogAndSitter()
    const completed = await walk(parties, '2031-04-10', 'completed')
    const pending = await walk(parties, '2031-04-10', 'pending')
    const cancelled = await walk(parties, '2031-04-10', 'cancelled')
    const old = await walk(parties, '2031-04-08')

    await sweep(utc('2031-04-10', '09:16'))
    expect(await alarmsOf(completed)).toEqual(['missed-check-in'])
    expect(await alarmsOf(pending)).toEqual([])
    expect(await alarmsOf(cancelled)).toEqual([])
    expect(await alarmsOf(old)).toEqual([])
  })
})

describe('a missed check-out', () => {
  test('30 minutes after the end tells the owner only, once; a visit checked out raises nothing', async () => {
    const open = await ownerDogAndSitter()
    const closed = await ownerDogAndSitter()
    const openWalk = await walk(open, '2031-03-11')
    const closedWalk = await walk(closed, '2031-03-11')
    for (const [actor, id] of [[open.sitter, openWalk], [closed.sitter, closedWalk]] as const) {
      expect(await checkIn(actor.id, id, null, utc('2031-03-11', '09:05'))).toMatchObject({ ok: true })
    }
    expect(await checkOut(closed.sitter.id, closedWalk, undefined, utc('2031-03-11', '09:58'))).toMatchObject({ ok: true })

    await sweep(utc('2031-03-11', '10:29'))
    expect(await alarmsOf(openWalk)).toEqual([])

    await sweep(utc('2031-03-11', '10:31'))
    await sweep(utc('2031-03-11', '10:45'))
    expect(await alarmsOf(openWalk)).toEqual(['missed-check-out'])
    expect(await alarmsOf(closedWalk)).toEqual([])
    expect(await noticesOf(openWalk, open.owner.id)).toEqual([
      { kind: 'bookings', type: 'visit.missedCheckOut', text: 'Sam Sitter has not checked out yet: a walk for Rex on Tue 11 Mar, 10:00', href: `/bookings/${openWalk}`, emailKey: null },
    ])
    expect(await noticesOf(openWalk, open.sitter.id)).toEqual([])
  })
})

describe('a missed daily update', () => {
  test('a boarding day with no photo by 20:00 tells both; a day with one raises nothing', async () => {
    const silent = await ownerDogAndSitter()
    const updated = await ownerDogAndSitter()
    // From 12:00 on Wednesday until 10:00 on Thursday: Wednesday's update is due at 20:00 (19:00 UTC).
    const overnight = (parties: Parties) => insertBooking(parties.parties, { status: 'accepted', service: 'boarding', date: '2031-03-12', slots: [{ startTime: '12:00', endTime: '10:00' }] })
    const silentStay = await overnight(silent)
    const updatedStay = await overnight(updated)
    for (const [actor, id] of [[silent.sitter, silentStay], [updated.sitter, updatedStay]] as const) {
      expect(await checkIn(actor.id, id, null, utc('2031-03-12', '11:00'))).toMatchObject({ ok: true })
    }
    await db.insertInto('visitPhotos').values({ id: crypto.randomUUID(), bookingId: updatedStay, path: `/uploads/visits/${updatedStay}/photo`, takenAt: '2031-03-12T15:00:00.000Z' }).execute()

    await sweep(utc('2031-03-12', '18:59'))
    expect(await alarmsOf(silentStay)).toEqual([])

    await sweep(utc('2031-03-12', '19:00'))
    await sweep(utc('2031-03-12', '19:30'))
    expect(await alarmsOf(silentStay)).toEqual(['missed-update:2031-03-12'])
    expect(await eventsOf(silentStay)).toEqual(['visit.missedUpdate'])
    expect(await alarmsOf(updatedStay)).toEqual([])
    expect((await noticesOf(silentStay, silent.owner.id)).map((notice) => notice.text)).toEqual([
      'Sam Sitter has sent no update with a photo of Rex for Wed 12 Mar: boarding for Rex on Wed 12 Mar, 12:00',
    ])
    expect((await noticesOf(silentStay, silent.sitter.id)).map((notice) => notice.text)).toEqual([
      'You have sent no update with a photo of Rex for Wed 12 Mar: add one to the visit log',
    ])
  })
})

describe('several instances', () => {
  // Two instances have their own connections, as two processes would, on PostgreSQL; SQLite serves one instance,
  // so there the two sweeps share its one connection (a second one in this process would wait on the first).
  const instances = engine === 'postgres' ? ([openDatabase(process.env.DATABASE_URL!), openDatabase(process.env.DATABASE_URL!)] as const) : ([db, db] as const)
  afterAll(async () => {
    if (engine === 'postgres') await Promise.all(instances.map((instance) => instance.destroy()))
  })

  /**
   * On PostgreSQL, holds every insert into visitAlarms (a test trigger waits for a gate this test holds) until
   * both instances' inserts wait, so both find the alarm unrecorded and insert it at the same moment. SQLite runs
   * one writer at a time, so there both just run.
   */
  async function whileBothInsertsWait<T>(work: () => Promise<T>): Promise<T> {
    if (engine !== 'postgres') return work()
    const gate = sql`hashtextextended('visit alarm gate', 0)`
    await sql`create function "waitAtVisitAlarmGate"() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock_shared(hashtextextended('visit alarm gate', 0)); return new; end $$`.execute(db)
    await sql`create trigger "waitAtVisitAlarmGate" before insert on "visitAlarms" for each row execute function "waitAtVisitAlarmGate"()`.execute(db)
    try {
      return await db.connection().execute(async (gateKeeper) => {
        await sql`select pg_advisory_lock(${gate})`.execute(gateKeeper)
        const done = work()
        for (;;) {
          const { rows } = await sql<{ waiting: number }>`
            select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db)
          if ((rows[0]?.waiting ?? 0) >= 2) break
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
        await sql`select pg_advisory_unlock(${gate})`.execute(gateKeeper)
        return done
      })
    } finally {
      await sql`drop trigger "waitAtVisitAlarmGate" on "visitAlarms"`.execute(db)
      await sql`drop function "waitAtVisitAlarmGate"`.execute(db)
    }
  }

  test('two sweeps at once, on two instances, record one alarm and one notification for each party', async () => {
    const parties = await ownerDogAndSitter()
    const missedWalk = await walk(parties, '2031-06-20')
    // 10:00 in Zurich on 20 June 2031 (summer time, UTC+2) is 08:00 UTC.
    const now = utc('2031-06-20', '08:16')

    const recorded = await whileBothInsertsWait(() => Promise.all(instances.map((instance) => recordDueVisitAlarms(now, instance))))

    expect(recorded.toSorted()).toEqual([0, 1])
    expect(await alarmsOf(missedWalk)).toEqual(['missed-check-in'])
    expect(await eventsOf(missedWalk)).toEqual(['visit.missedCheckIn'])
    expect((await noticesOf(missedWalk, parties.owner.id)).map((notice) => notice.type)).toEqual(['visit.missedCheckIn'])
    expect((await noticesOf(missedWalk, parties.sitter.id)).map((notice) => notice.type)).toEqual(['visit.missedCheckIn'])
  })
})

describe('the report card', () => {
  const home = { location: 'Bahnhofstrasse 1, 8001 Zürich', latitude: 47.372_123, longitude: 8.539_456 }

  async function checkedOutWalk(parties: Parties, date: string) {
    await db.updateTable('users').set(home).where('id', '=', parties.owner.id).execute()
    const id = await insertBooking(parties.parties, { status: 'accepted', date, location: home.location, slots: [{ startTime: '10:00', endTime: '11:00' }] })
    expect(await checkIn(parties.sitter.id, id, { latitude: home.latitude, longitude: home.longitude }, utc(date, '08:58'))).toMatchObject({ ok: true })
    expect(await checkOut(parties.sitter.id, id, 'Rex pulled towards every cat.', utc(date, '09:55'))).toMatchObject({ ok: true })
    await backgroundWorkDone()
    return id
  }

  const outboxOf = (bookingId: string) =>
    db.selectFrom('emailOutbox').select(['recipient', 'subject', 'body']).where('key', '=', `visit:${bookingId}:report-card`).execute()

  test("tells the owner at check-out, by e-mail too, with a link and no address or position; the sitter hears nothing", async () => {
    const parties = await ownerDogAndSitter()
    const id = await checkedOutWalk(parties, '2031-03-17')

    expect(await noticesOf(id, parties.owner.id)).toEqual([
      { kind: 'bookings', type: 'visit.checkedOut', text: "Sam Sitter checked out of Rex's walk: the report card is ready", href: `/bookings/${id}`, emailKey: `visit:${id}:report-card` },
    ])
    expect(await noticesOf(id, parties.sitter.id)).toEqual([])
    const { email } = await db.selectFrom('users').select('email').where('id', '=', parties.owner.id).executeTakeFirstOrThrow()
    const mails = await outboxOf(id)
    expect(mails).toEqual([{ recipient: email, subject: "Report card: Rex's walk on Monday, March 17, 2031", body: expect.any(String) }])
    const body = mails[0]!.body
    expect(body).toContain('Sam Sitter checked out of Rex\'s walk on Monday, March 17, 2031: the report card is ready')
    expect(body).toContain(`${env.PUBLIC_URL}/bookings/${id}`)
    for (const secret of ['Bahnhofstrasse', '8001', '47.37', '8.539']) expect(body).not.toContain(secret)
  })

  test('is not e-mailed to an owner who turned booking e-mails off, and still reaches their centre', async () => {
    const parties = await ownerDogAndSitter()
    await setChannelChoice(parties.owner.id, 'bookings', 'email', false)
    const id = await checkedOutWalk(parties, '2031-03-18')

    expect((await noticesOf(id, parties.owner.id)).map((notice) => notice.type)).toEqual(['visit.checkedOut'])
    expect(await outboxOf(id)).toEqual([])
  })
})

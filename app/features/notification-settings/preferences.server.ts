import { db } from '#app/lib/db.server.ts'
import { fromMinutes, toMinutes } from '#app/lib/zoned-time.ts'
import {
  defaultChannels,
  defaultQuietHours,
  type NotificationChannel,
  notificationChannels,
  type NotificationKind,
  notificationKinds,
} from './kinds.ts'
import { type QuietHours, quietHoursEndAfter } from './quiet-hours.ts'

// A user's notification settings: per kind and channel on or off, and quiet hours in their time zone. Only
// what differs from the defaults (kinds.ts) is stored, so a new user needs no rows and a changed default
// reaches everyone who never chose.

export type ChannelChoices = Record<NotificationKind, Record<NotificationChannel, boolean>>

export type NotificationSettings = { kinds: ChannelChoices; quietHours: QuietHours }

export type NotificationSettingsInput = { kinds: ChannelChoices; quietHours: Omit<QuietHours, 'timeZone'> }

/** The settings of a user who exists (the signed-in user). */
export async function getNotificationSettings(userId: string) {
  const settings = await findNotificationSettings(userId)
  if (!settings) throw new Error(`User ${userId} is missing`)
  return settings
}

/** The user's settings; null when there is no such user. */
export async function findNotificationSettings(userId: string): Promise<NotificationSettings | null> {
  const [user, choices, quiet] = await Promise.all([
    db.selectFrom('users').select('timeZone').where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('notificationPreferences').select(['kind', 'channel', 'enabled']).where('userId', '=', userId).execute(),
    db.selectFrom('notificationQuietHours').select(['enabled', 'startMinute', 'endMinute']).where('userId', '=', userId).executeTakeFirst(),
  ])
  if (!user) return null
  const kinds = structuredClone(defaultChannels)
  for (const choice of choices) {
    const kind = notificationKinds.find((candidate) => candidate === choice.kind)
    const channel = notificationChannels.find((candidate) => candidate === choice.channel)
    if (kind && channel) kinds[kind][channel] = choice.enabled === 1
  }
  const quietHours = quiet
    ? { enabled: quiet.enabled === 1, start: fromMinutes(quiet.startMinute), end: fromMinutes(quiet.endMinute) }
    : defaultQuietHours
  return { kinds, quietHours: { ...quietHours, timeZone: user.timeZone } }
}

/** Replaces all of a user's settings. */
export async function saveNotificationSettings(userId: string, input: NotificationSettingsInput) {
  const quiet = { enabled: input.quietHours.enabled ? 1 : 0, startMinute: toMinutes(input.quietHours.start), endMinute: toMinutes(input.quietHours.end) } as const
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notificationPreferences').where('userId', '=', userId).execute()
    await trx
      .insertInto('notificationPreferences')
      .values(notificationKinds.flatMap((kind) => notificationChannels.map((channel) => ({ userId, kind, channel, enabled: input.kinds[kind][channel] ? 1 : 0 }) as const)))
      .execute()
    await trx
      .insertInto('notificationQuietHours')
      .values({ userId, ...quiet })
      .onConflict((oc) => oc.column('userId').doUpdateSet(quiet))
      .execute()
  })
  return getNotificationSettings(userId)
}

/** Turns one kind off (or on) on one channel, leaving the rest as it is (one-click unsubscribe). */
export async function setChannelChoice(userId: string, kind: NotificationKind, channel: NotificationChannel, enabled: boolean) {
  const value = enabled ? 1 : 0
  await db
    .insertInto('notificationPreferences')
    .values({ userId, kind, channel, enabled: value })
    .onConflict((oc) => oc.columns(['userId', 'kind', 'channel']).doUpdateSet({ enabled: value }))
    .execute()
}

export type DeliveryDecision = { send: 'now' } | { send: 'later'; at: string } | { send: 'never' }

/**
 * Whether a notification of `kind` goes out on `channel` now, later (a push during quiet hours waits until
 * they end) or never (the user turned it off). E-mail is never delayed, nor is an urgent push (an expiry
 * warning). A user who no longer exists gets nothing.
 */
export async function decideDelivery(
  { userId, kind, channel, urgent = false }: { userId: string; kind: NotificationKind; channel: NotificationChannel; urgent?: boolean },
  now = Date.now(),
): Promise<DeliveryDecision> {
  const settings = await findNotificationSettings(userId)
  if (!settings?.kinds[kind][channel]) return { send: 'never' }
  if (channel === 'email' || urgent) return { send: 'now' }
  const quietUntil = quietHoursEndAfter(settings.quietHours, now)
  return quietUntil === null ? { send: 'now' } : { send: 'later', at: new Date(quietUntil).toISOString() }
}

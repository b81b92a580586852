import { channelLabels, kindLabels, notificationChannels, notificationKinds } from '#app/features/notification-settings/kinds.ts'
import { NotificationSettingsSchema } from '#app/features/notification-settings/schema.ts'
import { answer, errors, inputSchema, jsonBody, objectOf, ref, signedIn } from './openapi-parts.ts'
import { quietHoursMessages } from '#app/features/notification-settings/schema.ts'
import type { StatedRule } from './openapi-parts.ts'

// The notification settings part of the OpenAPI document (issue 20): which kinds of notification reach you
// by push and by e-mail, and your quiet hours. The body comes from the feature's zod schema; the answer
// is hand-written from getNotificationSettings (preferences.server.ts).

const kindNames = notificationKinds.map((kind) => `\`${kind}\` (${kindLabels[kind].title.toLowerCase()})`).join(', ')
const channelChoices = objectOf(Object.fromEntries(notificationChannels.map((channel) => [channel, { type: 'boolean', description: `By ${channelLabels[channel].toLowerCase()}.` }])))

const NotificationSettings = objectOf({
  kinds: { ...objectOf(Object.fromEntries(notificationKinds.map((kind) => [kind, channelChoices]))), description: `Per kind: ${kindNames}.` },
  quietHours: objectOf({
    enabled: { type: 'boolean' },
    start: { type: 'string', examples: ['22:00'], description: '24-hour time in `timeZone`.' },
    end: { type: 'string', examples: ['07:00'], description: 'Before `start`: the quiet hours run over midnight.' },
    timeZone: { type: 'string', examples: ['Europe/Zurich'], description: 'Your time zone (your profile\'s); read-only here.' },
  }),
})

export const notificationSettingsTags = [
  { name: 'Notifications', description: 'What reaches you by push and e-mail, and when.' },
]

export const notificationSettingsSchemas = {
  NotificationSettings,
  NotificationSettingsInput: inputSchema(NotificationSettingsSchema),
}

export const notificationSettingsPaths = {
  '/api/users/me/notification-settings': {
    get: {
      operationId: 'getMyNotificationSettings',
      tags: ['Notifications'],
      summary: 'Which notifications you get by push and by e-mail, and your quiet hours',
      description:
        'A new account gets everything by push and everything but reminders by e-mail, with quiet hours from 22:00 to 07:00. ' +
        'During quiet hours pushes wait until they end (an urgent expiry warning does not); e-mail is never delayed. ' +
        'Answers carry `Cache-Control: private, no-store`.',
      security: signedIn,
      responses: { 200: answer('Your settings.', ref('NotificationSettings')), ...errors({ 401: true }) },
    },
    put: {
      operationId: 'saveMyNotificationSettings',
      tags: ['Notifications'],
      summary: 'Replace your notification settings',
      description: 'Every kind and channel, and the quiet hours, are required. With quiet hours on, their start and end must differ.',
      security: signedIn,
      requestBody: jsonBody(ref('NotificationSettingsInput')),
      responses: { 200: answer('The saved settings.', ref('NotificationSettings')), ...errors({ 400: true, 401: true, 415: true }) },
    },
  },
}

export const notificationSettingsRules: Record<string, StatedRule[]> = {
  saveMyNotificationSettings: [{ message: quietHoursMessages.sameStartAndEnd, rule: 'enabled quiet hours end at another time than they start' }],
}

import { maxDevicesPerUser, pushEndpointPattern } from '#app/features/push/push-subscriptions.server.ts'
import { notAPointMessage, PushSubscriptionSchema, PushUnsubscribeSchema } from '#app/features/push/schema.ts'
import { answer, errors, inputSchema, type JsonSchema, jsonBody, objectOf, propertiesOf, ref, signedIn, type StatedRule } from './openapi-parts.ts'

// The Web Push part of the OpenAPI document (decision 052): the key browsers subscribe with, and turning
// notifications on and off for one device. Bodies come from features/push/schema.ts.

export const pushTags = [
  {
    name: 'Push',
    description:
      'Notifications on a device through its browser\'s push service (Web Push, VAPID). Subscribe with ' +
      '`pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })` and send the subscription\'s JSON here.',
  },
]

/** The subscription with the endpoints the server takes (a push service's address, push-subscriptions.server.ts). */
function withPushServiceEndpoint(schema: JsonSchema) {
  const properties = propertiesOf(schema)
  return {
    ...schema,
    properties: {
      ...properties,
      endpoint: {
        ...properties.endpoint,
        pattern: pushEndpointPattern(),
        description: "The https address of the browser's push service (Chrome's, Firefox's, Safari's, Edge's).",
      },
    },
  }
}

export const pushSchemas = {
  PushSubscriptionInput: withPushServiceEndpoint(inputSchema(PushSubscriptionSchema)),
  PushUnsubscribeInput: inputSchema(PushUnsubscribeSchema),
}

const SavedDevice = objectOf({ endpoint: { type: 'string', format: 'uri' }, createdAt: { type: 'string', format: 'date-time' } })

export const pushPaths = {
  '/api/push/public-key': {
    get: {
      operationId: 'getPushPublicKey',
      tags: ['Push'],
      summary: "The server's VAPID public key",
      description: 'The `applicationServerKey` to subscribe with: an uncompressed P-256 point in base64url.',
      security: [],
      responses: { 200: answer('The key.', objectOf({ publicKey: { type: 'string', pattern: '^[\\w-]{87}$' } })) },
    },
  },
  '/api/push/subscriptions': {
    post: {
      operationId: 'subscribeDevice',
      tags: ['Push'],
      summary: 'Turn notifications on for this device',
      description:
        'The body is the browser\'s `PushSubscription` as JSON. The endpoint must be a browser push service\'s ' +
        'https address. A device belongs to the user who subscribed it last; a device on for another account moves ' +
        'only when the body carries the keys stored for it (the same browser subscribing again), else 409 and it ' +
        `stays where it was. A user has at most ${maxDevicesPerUser} ` +
        'devices, and one more forgets the one subscribed longest ago. Since 2026-12-02 a device belongs to the session ' +
        'that subscribed it last: signing out of that session (`POST /api/auth/logout`, the sign-out form) forgets it, ' +
        'and a password reset forgets every device of the account (decision 116).',
      security: signedIn,
      requestBody: jsonBody(ref('PushSubscriptionInput')),
      responses: {
        201: answer('Notifications are on for this device.', SavedDevice),
        200: answer('They were on already (for you, or for another account with these keys, now yours); the keys are updated.', SavedDevice),
        ...errors({
          400: 'Validation failed: not a push service, keys of the wrong length, or a p256dh that is no point of the curve.',
          401: true,
          409: 'The device gets notifications for another account, which subscribed it with other keys.',
        }),
      },
    },
    delete: {
      operationId: 'unsubscribeDevice',
      tags: ['Push'],
      summary: 'Turn notifications off for this device',
      security: signedIn,
      requestBody: jsonBody(ref('PushUnsubscribeInput')),
      responses: {
        204: { description: 'Notifications are off for this device.' },
        ...errors({ 400: true, 401: true, 404: 'Notifications were not on for this device.' }),
      },
    },
  },
}

// ---- rules beside the schemas (x-cross-field-rules), by operation ----

export const pushRules: Record<string, StatedRule[]> = {
  subscribeDevice: [{ message: notAPointMessage, rule: '`keys.p256dh` is a point of the P-256 curve (0x04 and its two coordinates)' }],
}

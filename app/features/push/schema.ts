import { z } from 'zod'

// What a browser sends to turn notifications on for one device: its PushSubscription's JSON
// (`subscription.toJSON()`), and to turn them off: the endpoint alone. Keys are base64url (RFC 8291): the
// device's P-256 public key (65 bytes, uncompressed) and its authentication secret (16 bytes).

export const maxEndpointLength = 2048

const base64urlOf = (bytes: number, name: string) => {
  const error = `${name} must be ${bytes} bytes in base64url`
  return z
    .string({ error })
    .max(Math.ceil((bytes * 4) / 3) + 2, { error })
    .regex(/^[\w-]+={0,2}$/, { error })
    .refine((text) => Buffer.from(text, 'base64url').length === bytes, { error })
}

const endpoint = z
  .url({ protocol: /^https?$/, error: 'endpoint must be the https URL of a push service' })
  .max(maxEndpointLength, { error: `endpoint must be at most ${maxEndpointLength} characters` })

export const PushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: base64urlOf(65, 'keys.p256dh').refine((text) => Buffer.from(text, 'base64url')[0] === 4, {
        error: 'keys.p256dh must be an uncompressed P-256 point',
      }),
      auth: base64urlOf(16, 'keys.auth'),
    },
    { error: 'keys must hold p256dh and auth' },
  ),
})

export const PushUnsubscribeSchema = z.object({ endpoint })

export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>

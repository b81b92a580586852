import { ECDH } from 'node:crypto'
import { z } from 'zod'

// What a browser sends to turn notifications on for one device: its PushSubscription's JSON
// (`subscription.toJSON()`), and to turn them off: the endpoint alone. Keys are base64url (RFC 8291): the
// device's P-256 public key (65 bytes, uncompressed) and its authentication secret (16 bytes).

export const maxEndpointLength = 2048

/** The characters of `bytes` bytes in base64url, without padding: 6 bits each, the last one part-filled. */
const base64urlLength = (bytes: number) => Math.ceil((bytes * 8) / 6)

const base64urlOf = (bytes: number, name: string) => {
  const error = `${name} must be ${bytes} bytes in base64url`
  return z
    .string({ error })
    .max(base64urlLength(bytes) + 2, { error })
    .regex(/^[\w-]+={0,2}$/, { error })
    .refine((text) => Buffer.from(text, 'base64url').length === bytes, { error })
    .meta({ pattern: `^[\\w-]{${base64urlLength(bytes)}}={0,2}$` })
}

const endpoint = z
  .url({ protocol: /^https?$/, error: 'endpoint must be the https URL of a push service' })
  .max(maxEndpointLength, { error: `endpoint must be at most ${maxEndpointLength} characters` })

export const notAPointMessage = 'keys.p256dh must be an uncompressed P-256 point'

export const PushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: base64urlOf(65, 'keys.p256dh')
        .refine((text) => isPointOnP256(Buffer.from(text, 'base64url')), { error: notAPointMessage })
        // The first byte 0x04 is 'B' and then one of 'A' to 'P' (its last two bits and the next byte's first four).
        .meta({ pattern: `^B[A-P][\\w-]{${base64urlLength(65) - 2}}={0,2}$` }),
      auth: base64urlOf(16, 'keys.auth'),
    },
    { error: 'keys must hold p256dh and auth' },
  ),
})

/** 0x04 and two coordinates of a point on the curve: a key off it would fail every push sent to the device. */
function isPointOnP256(bytes: Buffer) {
  if (bytes[0] !== 4) return false
  try {
    ECDH.convertKey(bytes, 'prime256v1')
    return true
  } catch {
    return false
  }
}

export const PushUnsubscribeSchema = z.object({ endpoint })

export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>

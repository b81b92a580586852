import { db } from '#app/lib/db.server.ts'
import { rateLimit } from '#app/lib/rate-limit.server.ts'
import type { SupportRequest } from './schema.ts'

// The contact form stores a request for the support team: 10 per client IP per hour (enough for a
// household or an office behind one address, not for a spam run).
const supportRequestsPerIp = rateLimit({ limit: 10, windowMs: 60 * 60 * 1000 })

export const tooManySupportRequestsMessage = 'Too many support messages. Please try again later.'

export async function createSupportRequest(request: SupportRequest, userId: string | null, ip: string) {
  const slot = await supportRequestsPerIp.take(`support:ip:${ip}`)
  if (!slot.ok) return { ok: false as const, message: tooManySupportRequestsMessage, retryAfterSeconds: slot.retryAfterSeconds }
  const row = { id: crypto.randomUUID(), userId, ...request, createdAt: new Date().toISOString() }
  await db.insertInto('supportRequests').values(row).execute()
  return { ok: true as const, request: row }
}

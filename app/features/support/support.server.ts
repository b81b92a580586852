import { db } from '#app/lib/db.server.ts'
import type { SupportRequest } from './schema.ts'

export async function createSupportRequest(request: SupportRequest, userId: string | null) {
  const row = { id: crypto.randomUUID(), userId, ...request, createdAt: new Date().toISOString() }
  await db.insertInto('supportRequests').values(row).execute()
  return row
}

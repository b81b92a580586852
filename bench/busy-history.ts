import Database from 'better-sqlite3'
import { historyBooking } from './history-booking.ts'

// Issue 34 part 2's busy users: the demo owner and the demo sitter each get `count` more bookings (one a day
// from count / 2 days ago to as many ahead, in every status (bench/history-booking.ts), with 50 new sitters or owners) and `count` more
// conversations of three messages, written straight into the server's SQLite database.

export function giveBusyHistory(databaseFile: string, { ownerId, sitterId, count }: { ownerId: string; sitterId: string; count: number }) {
  const db = new Database(databaseFile)
  db.pragma('busy_timeout = 10000')
  const now = new Date().toISOString()
  const today = now.slice(0, 10)
  const insert = (table: string, row: Record<string, unknown>) => {
    const columns = Object.keys(row)
    db.prepare(`insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`).run(...Object.values(row))
  }
  const newUser = (name: string, role: 'owner' | 'sitter') => {
    const id = crypto.randomUUID()
    insert('users', { id, email: `${id}@bench.example`, name, role, createdAt: now, updatedAt: now })
    if (role === 'sitter') insert('sitterProfiles', { userId: id, createdAt: now, updatedAt: now })
    return id
  }
  const newDog = (ownerId: string) => {
    const id = crypto.randomUUID()
    insert('dogs', { id, ownerId, name: 'Bello', breed: 'Beagle', age: '36 months', ageMonths: 36, size: 'medium', createdAt: now, updatedAt: now })
    return id
  }
  const book = (parties: { ownerId: string; dogId: string; sitterId: string }, index: number) => {
    const { booking, slot } = historyBooking(parties, today, index - Math.floor(count / 2), index)
    insert('bookings', booking)
    insert('bookingTimeSlots', slot)
    insert('bookingDogs', { bookingId: booking.id, dogId: parties.dogId, position: 1 })
  }
  const converse = (userId: string, partnerId: string, index: number) => {
    const id = crypto.randomUUID()
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + (index * 3 + minutes) * 60_000).toISOString()
    const [userAId, userBId] = userId < partnerId ? [userId, partnerId] : [partnerId, userId]
    insert('conversations', { id, userAId, userBId, createdAt: at(0), lastMessageAt: at(2) })
    for (const turn of [0, 1, 2]) {
      const fromUser = turn === 1
      insert('messages', {
        id: crypto.randomUUID(),
        conversationId: id,
        senderId: fromUser ? userId : partnerId,
        recipientId: fromUser ? partnerId : userId,
        content: `Turn ${turn}: is Saturday morning still good for the walk?`,
        createdAt: at(turn),
        readAt: turn === 2 && index % 3 === 0 ? null : at(turn),
      })
    }
  }
  db.transaction(() => {
    const ownerDog = newDog(ownerId)
    const sitters = Array.from({ length: 50 }, (_, index) => newUser(`Busy Sitter ${index}`, 'sitter'))
    const owners = Array.from({ length: 50 }, (_, index) => newUser(`Busy Owner ${index}`, 'owner')).map((id) => ({ id, dogId: newDog(id) }))
    for (let index = 0; index < count; index++) {
      book({ ownerId, dogId: ownerDog, sitterId: sitters[index % sitters.length]! }, index)
      const owner = owners[index % owners.length]!
      book({ ownerId: owner.id, dogId: owner.dogId, sitterId }, index)
      converse(ownerId, newUser(`Owner's Partner ${index}`, 'owner'), index)
      converse(sitterId, newUser(`Sitter's Partner ${index}`, 'owner'), index)
    }
  })()
  db.close()
}

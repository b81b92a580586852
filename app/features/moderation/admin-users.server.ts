import { type AccountOverview, findAccountOverview, namesOf, searchAccounts } from '#app/features/accounts/account-status.server.ts'
import { findLatestBookingsOf } from '#app/features/bookings/booking-records.server.ts'
import { reportsAbout } from './reports.server.ts'
import { standingSuspensionOf } from './suspensions.server.ts'

// The admins' view of accounts (issue 30): a search by name or e-mail, and one user's page with their role,
// status, standing suspension, reports by and against them, latest bookings and last sign-in.

export const userSearchLimit = 50
const bookingsShown = 20

export function findUsers(query: string): Promise<AccountOverview[]> {
  return query.length === 0 ? Promise.resolve([]) : searchAccounts(query, userSearchLimit)
}

export async function getAdminUserView(userId: string) {
  const account = await findAccountOverview(userId)
  if (!account) return null
  const [suspension, reports, bookings] = await Promise.all([standingSuspensionOf(userId), reportsAbout(userId), findLatestBookingsOf(userId, bookingsShown)])
  const names = await namesOf(bookings.flatMap((booking) => [booking.ownerId, booking.sitterId]))
  return {
    account,
    suspension,
    reports,
    bookings: bookings.map((booking) => ({
      id: booking.id,
      date: booking.date,
      service: booking.service,
      status: booking.status,
      side: booking.ownerId === userId ? ('owner' as const) : ('sitter' as const),
      otherParty: { id: booking.ownerId === userId ? booking.sitterId : booking.ownerId, name: names.get(booking.ownerId === userId ? booking.sitterId : booking.ownerId) ?? 'Deleted user' },
    })),
  }
}

export type AdminUserView = NonNullable<Awaited<ReturnType<typeof getAdminUserView>>>

import { href } from 'react-router'
import { isSitterOnly } from '#app/features/accounts/roles.ts'
import type { Role } from '#app/lib/db-schema.ts'

/** Where "Bookings" leads: a sitter who is no owner manages requests, everyone else sees their own bookings. */
export const bookingsPathFor = (role: Role | null) => href(role !== null && isSitterOnly(role) ? '/bookings-sitter' : '/bookings')

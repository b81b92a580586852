import { roleLabels } from '#app/features/accounts/roles.ts'
import type { AccountStatus, Role } from '#app/lib/db-schema.ts'
import { Tag } from './admin-nav.tsx'

// An account's role and status as the admins' pages show them.

const statusLabels: Record<AccountStatus, string> = { active: 'Active', suspended: 'Suspended' }

export function RoleTag({ role }: { role: Role }) {
  return <Tag tone={role === 'admin' ? 'brand' : 'neutral'}>{roleLabels[role]}</Tag>
}

export function StatusTag({ status }: { status: AccountStatus }) {
  return <Tag tone={status === 'suspended' ? 'danger' : 'done'}>{statusLabels[status]}</Tag>
}

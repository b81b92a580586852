import { href } from 'react-router'
import { LinkTabs } from '#app/ui/link-tabs.tsx'
import type { Party } from '../transitions.ts'

/** For users who are owner and sitter (DESIGN.md ruling 2): their bookings as an owner, or as a sitter. */
export function BookingsSideSwitch({ current }: { current: Party }) {
  return (
    <LinkTabs
      label="Whose bookings"
      tabs={[
        { value: 'owner', label: 'As owner' },
        { value: 'sitter', label: 'As sitter' },
      ]}
      current={current}
      hrefFor={(side) => href(side === 'owner' ? '/bookings' : '/bookings-sitter')}
    />
  )
}

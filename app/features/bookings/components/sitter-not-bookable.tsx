import { href } from 'react-router'
import { EmptyState, LinkButton } from '#app/ui/data-states.tsx'
import { Page } from '#app/ui/page.tsx'

// What a request screen for a sitter shows instead of its form: no such sitter (404), or the sitter is you.

export function SitterNotBookable({ reason }: { reason: 'not-found' | 'yourself' }) {
  return (
    <Page width="narrow">
      {reason === 'not-found' ? (
        <EmptyState title="Sitter not found" description="This sitter does not exist or is not taking bookings." action={<LinkButton to={href('/map')}>Browse sitters</LinkButton>} />
      ) : (
        <EmptyState title="You cannot book yourself" action={<LinkButton to={href('/bookings-sitter')}>Your bookings</LinkButton>} />
      )}
    </Page>
  )
}

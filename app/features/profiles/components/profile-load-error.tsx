import { isRouteErrorResponse, useRouteError } from 'react-router'
import { ErrorState } from '#app/ui/data-states.tsx'
import { Page } from '#app/ui/page.tsx'

/**
 * Spec section 2, Profile: a failed load of the own profile (/profile and /profile/edit) reads 'Error
 * Loading Profile' with a Retry that reloads the page (a plain link, so it works without JavaScript).
 */
export function ProfileLoadError() {
  const error = useRouteError()
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <Page width="regular">
      <ErrorState
        title="Error Loading Profile"
        message="We couldn't load your profile information. Please try again later."
        retryLabel="Retry"
      />
    </Page>
  )
}

import { data } from 'react-router'
import { NotFoundScreen } from '#app/ui/error-screens.tsx'

// Any path no other route matches: the 404 screen with status 404.
export function loader() {
  throw data(null, { status: 404 })
}

export function action() {
  throw data(null, { status: 404 })
}

export function ErrorBoundary() {
  return <NotFoundScreen />
}

export default function NotFound() {
  return <NotFoundScreen />
}

export const meta = () => [{ title: 'Page not found | Pawpal' }]

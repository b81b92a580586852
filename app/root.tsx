import { useEffect } from 'react'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  isRouteErrorResponse,
  useMatches,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { badgeCountsFor } from './badge-counts.server.ts'
import { getOptionalUser } from '#app/features/accounts/user-context.ts'
import { isOfflineResult } from '#app/features/accounts/login-errors.ts'
import { loadUserMiddleware } from '#app/features/accounts/user-middleware.server.ts'
import { bookingsPathFor } from '#app/features/bookings/bookings-path.ts'
import { hasRole, isSitterRole } from '#app/features/accounts/roles.ts'
import { useLiveBadges } from '#app/features/messages/components/live-badges.ts'
import { registerServiceWorker } from '#app/features/push/service-worker.ts'
import { databaseUnavailableMiddleware } from '#app/lib/database-unavailable.server.ts'
import { useNonce } from '#app/lib/nonce.tsx'
import { refusedRequestMiddleware } from '#app/lib/refused-request.server.ts'
import { nulCharacterMiddleware } from '#app/lib/nul-characters.server.ts'
import { toastContext, toastMiddleware } from '#app/lib/toast-middleware.server.ts'
import { BottomNav } from '#app/ui/bottom-nav.tsx'
import { ErrorScreen, ForbiddenScreen, NotFoundScreen } from '#app/ui/error-screens.tsx'
import { NavigationProgress } from '#app/ui/navigation-progress.tsx'
import { SiteHeader } from '#app/ui/site-header.tsx'
import { SkipLink } from '#app/ui/skip-link.tsx'
import { Toaster } from '#app/ui/toaster.tsx'
import './app.css'

export const middleware: Route.MiddlewareFunction[] = [databaseUnavailableMiddleware, nulCharacterMiddleware, refusedRequestMiddleware, loadUserMiddleware, toastMiddleware]

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
]

export async function loader({ context }: Route.LoaderArgs) {
  const user = getOptionalUser(context)
  return {
    user: user && { id: user.id, name: user.name, role: user.role, profilePhoto: user.profilePhoto },
    badgeCounts: user ? await badgeCountsFor(user.id) : null,
    toast: context.get(toastContext),
  }
}

// The root data is small and carries the navigation's badges and flash toasts: refresh it on every navigation,
// except after an action that could not reach the server (it would fail the same way).
export function shouldRevalidate({ actionResult }: ShouldRevalidateFunctionArgs) {
  return !isOfflineResult(actionResult)
}

export type RootData = Awaited<ReturnType<typeof loader>>

export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-stone-50 text-stone-900 antialiased">
        <SkipLink />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

/** A route's `handle`: `{ bottomNav: false }` marks a focused flow (sign-in, onboarding) without the main navigation. */
type ShellHandle = { bottomNav?: boolean }

const noCounts = { unreadMessages: 0, requestsToAnswer: 0, unreadNotifications: 0, at: 0 }

export default function App({ loaderData }: Route.ComponentProps) {
  const matches = useMatches()
  const showNavigation = matches.every((match) => (match.handle as ShellHandle | undefined)?.bottomNav !== false)
  const { user } = loaderData
  const bookingsPath = bookingsPathFor(user?.role ?? null)
  const sitter = user ? isSitterRole(user.role) : false
  const admin = user ? hasRole(user, 'admin') : false
  const counts = useLiveBadges(user?.id ?? null, loaderData.badgeCounts ?? noCounts)
  useEffect(registerServiceWorker, [])
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader bookingsPath={bookingsPath} counts={counts} signedIn={Boolean(user)} sitter={sitter} admin={admin} navigation={showNavigation} />
      <Toaster toast={loaderData.toast} />
      {/* On phones the fixed tab bar would cover the end of the page: keep room for it. */}
      <div className={`flex flex-1 flex-col ${showNavigation ? 'pb-20 md:pb-0' : ''}`}>
        <Outlet />
      </div>
      {showNavigation ? <BottomNav bookingsPath={bookingsPath} counts={counts} sitter={sitter} admin={admin} /> : null}
      <NavigationProgress />
    </div>
  )
}

export const meta: Route.MetaFunction = () => [
  { title: 'Pawpal: dog sitters and walkers nearby' },
  { name: 'description', content: 'Connect with dog lovers nearby: find, book and chat with dog sitters and walkers.' },
]

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenScreen />
  if (!isRouteErrorResponse(error)) console.error(error)
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined
  return <ErrorScreen status={isRouteErrorResponse(error) ? error.status : 500} detail={detail} />
}

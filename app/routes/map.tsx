import { lazy, type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { Route } from './+types/map'
import { getOptionalUser } from '#app/features/accounts/user-context.ts'
import { LazyBookingWizard } from '#app/features/bookings/components/lazy-booking-wizard.tsx'
import { wizardStepPath } from '#app/features/bookings/wizard-path.ts'
import { type DeviceLocationFailure, deviceLocationFailureText, locateDevice } from '#app/features/geo/device-location.ts'
import type { GeoPoint } from '#app/features/geo/distance.ts'
import { MapPreview } from '#app/features/geo/components/map-preview.tsx'
import { mapInitDelayMs, mapZoom, type MapView } from '#app/features/geo/map-settings.ts'
import type { ViewBounds } from '#app/features/sitters/components/map-view-box.ts'
import type { SitterMapHandle, SitterMapProps } from '#app/features/sitters/components/sitter-map.client.tsx'
import { SitterQuickView } from '#app/features/sitters/components/sitter-quick-view.tsx'
import { MapListPane } from '#app/features/sitters/components/map-list-pane.tsx'
import { useSittersInView } from '#app/features/sitters/components/use-sitters-in-view.ts'
import type { MapSitter } from '#app/features/sitters/map-sitter.ts'
import { getMapScreen } from '#app/features/sitters/map-sitters.server.ts'
import { env } from '#app/lib/env.server.ts'
import { showToast } from '#app/ui/toaster.tsx'
import { AlertIcon, CloseIcon } from '#app/ui/icons.tsx'
import { isNarrowLayout } from '#app/ui/narrow-layout.ts'
import { Page } from '#app/ui/page.tsx'
import { useHydrated } from '#app/ui/use-hydrated.ts'

// /map (spec section 2, 'Map screen'): the sitters on a map with the 'All Sitters' list pane beside it
// (below it on phones). Without JavaScript the list pane is the screen: the sitters nearest the user's
// address (or the city centre), each a link to their profile. With JavaScript the server's picture of the
// area's tiles shows first, Leaflet arrives lazily and takes its place (decision 035), the list follows
// the area the map shows, and tapping a sitter opens the quick view.
// Every anonymous visitor gets the same page, so it is rendered once for all of them (decision 018).

export const handle = { publicCache: true }

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = getOptionalUser(context)
  const screen = await getMapScreen(viewer)
  return { ...screen, viewerId: viewer?.id ?? null, tileUrl: env.MAP_TILE_URL }
}

const loadMap = () => import('#app/features/sitters/components/sitter-map.client.tsx')
const SitterMap = lazy(() =>
  loadMap().catch(() => {
    showToast({ type: 'error', title: 'Map Error', description: 'Could not load the map. Please try again.' })
    return { default: MapUnavailable }
  }),
)

const located = (sitter: MapSitter): sitter is MapSitter & GeoPoint => sitter.latitude !== null && sitter.longitude !== null

export default function MapRoute({ loaderData }: Route.ComponentProps) {
  const { start, nearestTo, tileUrl, viewerId } = loaderData
  const hydrated = useHydrated()
  const area = useSittersInView({ sitters: loaderData.sitters, total: loaderData.total })
  const map = useRef<SitterMapHandle>(null)
  const [mapReady, setMapReady] = useState(false)
  // Until Leaflet shows its first tiles, the server's preview of them stays underneath.
  const [mapShown, setMapShown] = useState(false)
  const showMap = useCallback(() => setMapShown(true), [])
  const [selected, setSelected] = useState<(MapSitter & GeoPoint) | null>(null)
  const device = useDeviceLocation(map)

  useEffect(() => {
    if (!hydrated) return
    // Fetch the chunk during the delay (a failure shows in SitterMap), in a task of its own: the one
    // that finishes hydration is long enough.
    const prefetch = setTimeout(() => void loadMap().catch(() => {}))
    const timer = setTimeout(() => setMapReady(true), mapInitDelayMs)
    return () => {
      clearTimeout(prefetch)
      clearTimeout(timer)
    }
  }, [hydrated])

  const { showArea } = area
  const { areaShown, latestPoint } = device
  const onAreaChange = useCallback(
    (bounds: ViewBounds) => {
      areaShown()
      showArea(bounds, latestPoint())
    },
    [showArea, areaShown, latestPoint],
  )

  const select = useCallback((sitter: MapSitter) => {
    if (!located(sitter)) return
    setSelected(sitter)
    // On a phone the list was below the map: the bottom card replaces it, the map fills the screen.
    if (isNarrowLayout()) window.scrollTo({ top: 0 })
  }, [])
  // After the layout has made room for the quick view (the phone's map grows), show the sitter up close.
  useEffect(() => {
    if (selected) map.current?.showSitter(selected)
  }, [selected])
  const close = useCallback(() => {
    setSelected(null)
    map.current?.leaveSitter()
  }, [])
  const selectById = useCallback(
    (sitterId: string) => {
      const sitter = area.sitters.find((candidate) => candidate.id === sitterId)
      if (sitter) select(sitter)
    },
    [area.sitters, select],
  )

  const markers = useMemo(() => area.sitters.filter(located), [area.sitters])

  return (
    <Page width="full" className="flex flex-1 flex-col md:h-[calc(100dvh-4rem-1px)] md:flex-none md:flex-row md:overflow-hidden">
      <h1 className="sr-only">Sitters on the map</h1>
      <MapListPane
        area={area}
        nearestTo={nearestTo}
        onSelect={select}
        selectedId={selected?.id ?? null}
        className={selected ? 'max-md:hidden' : ''}
      />
      <div
        className={`relative order-first flex flex-col noscript:hidden md:order-none md:h-auto md:flex-1 ${
          selected ? 'h-[calc(100dvh-5rem)]' : 'h-[55dvh] min-h-80'
        }`}
      >
        <div className="relative isolate flex-1 bg-stone-100">
          <section aria-label="Map of sitters" className="absolute inset-0 contain-strict">
            {mapShown ? null : <MapPlaceholder tileTemplate={tileUrl} view={start} />}
            {mapReady ? (
              <Suspense fallback={null}>
                <SitterMap
                  ref={map}
                  tileUrl={tileUrl}
                  start={device.point ? { centre: device.point, zoom: mapZoom.user } : start}
                  sitters={markers}
                  selected={selected}
                  device={device.point}
                  onAreaChange={onAreaChange}
                  onSelect={selectById}
                  onShown={showMap}
                />
              </Suspense>
            ) : null}
          </section>
          {/* Over the map, so that nothing on it moves when the browser answers the location request. */}
          <div className="pointer-events-none absolute inset-x-0 top-0 z-[1000] flex flex-col items-end">
            {device.failure ? (
              <div
                role="alert"
                className="pointer-events-auto flex w-full items-start gap-3 border-b border-red-300 bg-red-50 py-1 pl-4 pr-1 text-sm text-red-800"
              >
                <AlertIcon className="mt-3 size-5 shrink-0" />
                <p className="flex-1 py-3">{deviceLocationFailureText[device.failure]}</p>
                <button
                  type="button"
                  onClick={device.dismissFailure}
                  aria-label="Dismiss"
                  className="tap-target flex shrink-0 items-center justify-center rounded-full hover:bg-red-100"
                >
                  <CloseIcon />
                </button>
              </div>
            ) : null}
            {hydrated ? (
              <div className="flex flex-col items-end gap-2 p-3">
                <button
                  type="button"
                  onClick={device.locate}
                  disabled={device.locating}
                  className="tap-target pointer-events-auto inline-flex items-center gap-2 rounded-full border border-stone-300 bg-white px-4 font-medium text-stone-900 shadow-md hover:bg-stone-50 disabled:text-stone-500"
                >
                  <LocateIcon />
                  {device.locating ? 'Locating…' : 'Locate Me'}
                </button>
                {device.point ? (
                  <p role="status" className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm font-medium text-emerald-800 shadow-md">
                    <span className="size-2.5 rounded-full bg-blue-600" aria-hidden />
                    Location found
                  </p>
                ) : null}
              </div>
            ) : null}
          </div>
          {selected ? (
            // On a phone the card is fixed just above the tab bar, so a toast above the map never pushes it under.
            <div className="pointer-events-none absolute inset-x-0 bottom-0 z-[1000] flex max-h-[75%] flex-col max-md:fixed max-md:bottom-20 md:bottom-4 md:left-4 md:w-96">
              <SitterQuickView
                key="quick-view"
                sitter={selected}
                isSelf={selected.id === viewerId}
                onClose={close}
                booking={{
                  href: wizardStepPath(selected.id, 'quick', 1),
                  wizard: (onClose) => <LazyBookingWizard sitterId={selected.id} flow="quick" onClose={onClose} />,
                }}
              />
            </div>
          ) : null}
        </div>
      </div>
    </Page>
  )
}

/**
 * The browser's location: asked for once on load (spec), again with 'Locate Me'. On load the map only
 * moves there while the user has not moved it themself; 'Locate Me' always does.
 */
function useDeviceLocation(map: RefObject<SitterMapHandle | null>) {
  const hydrated = useHydrated()
  const [point, setPoint] = useState<GeoPoint | null>(null)
  const [failure, setFailure] = useState<DeviceLocationFailure | null>(null)
  const [locating, setLocating] = useState(false)
  // Read by the map's area changes, which may come before a re-render.
  const pointRef = useRef<GeoPoint | null>(null)
  const areasShown = useRef(0)

  const ask = useCallback(
    async (moveMap: () => boolean) => {
      setLocating(true)
      const answer = await locateDevice()
      setLocating(false)
      if (answer.found) {
        pointRef.current = answer.point
        setPoint(answer.point)
        setFailure(null)
        if (moveMap()) map.current?.showDevice(answer.point)
      } else {
        setFailure(answer.failure)
      }
    },
    [map],
  )

  useEffect(() => {
    // Before the map's first area the map simply opens there; once the user has moved it, it stays.
    if (hydrated) void ask(() => areasShown.current === 1)
  }, [hydrated, ask])

  return {
    point,
    failure,
    locating,
    locate: useCallback(() => void ask(() => true), [ask]),
    dismissFailure: useCallback(() => setFailure(null), []),
    areaShown: useCallback(() => {
      areasShown.current += 1
    }, []),
    latestPoint: useCallback(() => pointRef.current, []),
  }
}

/** What the map's box shows before Leaflet: the start area's tiles, or while they load, that the map is coming. */
function MapPlaceholder({ tileTemplate, view }: { tileTemplate: string; view: MapView }) {
  return (
    <div className="absolute inset-0 flex items-center justify-center text-sm text-stone-600" aria-hidden>
      Loading map…
      <MapPreview tileTemplate={tileTemplate} view={view} />
    </div>
  )
}

function MapUnavailable(_props: SitterMapProps) {
  return (
    <div className="relative flex size-full items-center justify-center bg-stone-100 p-6 text-center text-sm text-stone-600">
      The map could not be loaded. The list shows the sitters nearest you.
    </div>
  )
}

function LocateIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className="size-5" aria-hidden>
      <circle cx="12" cy="12" r="7" />
      <circle cx="12" cy="12" r="2.5" fill="currentColor" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
    </svg>
  )
}

export const meta: Route.MetaFunction = () => [
  { title: 'Sitters near you | Pawpal' },
  { name: 'description', content: 'Find dog sitters and walkers on the map around you.' },
]

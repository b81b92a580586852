import { href } from 'react-router'
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { Button } from '#app/ui/button.tsx'
import { FieldErrors } from '#app/ui/field.tsx'
import { showToast } from '#app/ui/toaster.tsx'
import { useHydrated } from '#app/ui/use-hydrated.ts'
import { defaultCentre, geolocationOptions, locationZoom, type MapView } from '../map-settings.ts'
import type { MapPoint } from './location-map.client.tsx'

// The 'Your Location' control of sitter onboarding step 4 and of edit profile (owners and sitters). It sits inside the
// caller's <Form> and contributes the fields `location`, `latitude`, `longitude` and `coordinatesFor`
// (the address text the coordinates belong to: see location-form.ts).
// Without JavaScript it is an address input plus the saved coordinates (hidden); the server
// geocodes a changed address on submit. With JavaScript it adds search, 'Use Current Location' and a
// map: first its tiles as images with the pin (location-preview.tsx), then, from the first tap on it, a
// Leaflet map with a draggable marker (decision 083). A point found or placed there is saved as it is,
// whatever the address text says (it works offline too).

export type LocationValue = {
  location: string | null
  latitude: number | null
  longitude: number | null
  /** The address text the coordinates belong to, when it is not `location` (a form sent back with an edited address). */
  coordinatesFor?: string | null
}

export type LocationPickerProps = {
  defaultValue: LocationValue | null
  errors?: { location?: string[] }
  /** MAP_TILE_URL, passed down from the caller's loader. */
  tileUrl: string
  /** The address input's id, for the form's error summary to link to. */
  inputId: string
  /** Onboarding's 'Location found' adds 'Your location has been set successfully.' (spec section 8, Success toasts). */
  foundToast?: 'onboarding' | 'plain'
}

const loadMap = () => import('./location-map.client.tsx')
const LocationMap = lazy(() => loadMap().catch(mapNotLoaded))
const LocationPreview = lazy(() => import('./location-preview.tsx').catch(mapNotLoaded))

function mapNotLoaded() {
  showToast({ type: 'error', title: 'Map Error', description: 'Could not load the map. Please try again.' })
  return { default: MapUnavailable }
}

const toasts = {
  notFound: { type: 'error', title: 'Location not found', description: 'Could not find the specified address.' },
  failed: { type: 'error', title: 'Geocoding failed', description: 'There was an error finding your location.' },
  limited: { type: 'error', title: 'Geocoding failed', description: 'Too many address lookups. Please try again later.' },
  unsupported: { type: 'error', title: 'Geolocation not supported', description: 'Your browser does not support geolocation.' },
  locationError: {
    type: 'error',
    title: 'Location error',
    description: 'Could not get your current location. Please enter it manually.',
  },
} as const

const foundToasts = {
  onboarding: { type: 'success', title: 'Location found', description: 'Your location has been set successfully.' },
  plain: { type: 'success', title: 'Location found' },
} as const

const pendingText = {
  search: 'Searching for the address…',
  locate: 'Finding your current location…',
  reverse: 'Looking up the address at this point…',
}

export function LocationPicker({ defaultValue, errors, tileUrl, inputId, foundToast = 'plain' }: LocationPickerProps) {
  const hydrated = useHydrated()
  const id = useId()
  const [address, setAddress] = useState(defaultValue?.location ?? '')
  const [point, setPoint] = useState<MapPoint | null>(() => initialPoint(defaultValue))
  // Until the user finds or places a point, the coordinates are the saved ones and belong to the saved text.
  const [placed, setPlaced] = useState(false)
  const [focus, setFocus] = useState<MapPoint | null>(null)
  const [pending, setPending] = useState<keyof typeof pendingText | null>(null)
  // Where Leaflet opened (and whether from the keyboard): null until the map is first used.
  const [mapStart, setMapStart] = useState<{ view: MapView; byKeyboard: boolean } | null>(null)
  const view = mapStart?.view ?? viewOf(point)
  // Only the newest search/lookup may change the fields; older answers are dropped.
  const latestRequest = useRef(0)
  const addressInput = useRef<HTMLInputElement>(null)
  // The address field is uncontrolled, so what someone typed before the page (or its picker's script) hydrated stays
  // in it: hydration would set a controlled field back to the server's value. The state follows the field from here.
  useEffect(() => {
    if (addressInput.current) setAddress(addressInput.current.value)
  }, [])
  // A found place fixes the address without an input event: tell the form (useChangedFields drops its error).
  const announceFound = () => addressInput.current?.dispatchEvent(new Event('change', { bubbles: true }))

  function openMap(tapped: MapPoint | null) {
    setMapStart({ view, byKeyboard: tapped === null })
    // The map opens where the preview was; an older search's focus must not move it away.
    setFocus(null)
    if (tapped) void pickPoint(tapped, { recenter: false })
  }

  async function search() {
    const query = address.trim()
    if (!query) return
    const request = ++latestRequest.current
    setPending('search')
    const answer = await lookUp(`${href('/api/geocode')}?${new URLSearchParams({ q: query })}`)
    if (request !== latestRequest.current) return
    setPending(null)
    if (answer.status === 'found') {
      const found = roundPoint(answer.place)
      setPoint(found)
      setPlaced(true)
      setFocus(found)
      announceFound()
      showToast(foundToasts[foundToast])
    } else {
      showToast(toasts[answer.status])
    }
  }

  async function pickPoint(picked: MapPoint, { recenter }: { recenter: boolean }) {
    const chosen = roundPoint(picked)
    const request = ++latestRequest.current
    setPoint(chosen)
    setPlaced(true)
    if (recenter) setFocus(chosen)
    setPending('reverse')
    const answer = await lookUp(`${href('/api/geocode/reverse')}?${new URLSearchParams({ lat: String(chosen.latitude), lon: String(chosen.longitude) })}`)
    if (request !== latestRequest.current) return
    setPending(null)
    if (answer.status === 'found') {
      setAddress(answer.place.label)
      if (addressInput.current) addressInput.current.value = answer.place.label
      announceFound()
    } else showToast(toasts[answer.status])
  }

  function locateMe() {
    if (!('geolocation' in navigator)) {
      showToast(toasts.unsupported)
      return
    }
    const request = ++latestRequest.current
    setPending('locate')
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (request !== latestRequest.current) return
        showToast(foundToasts[foundToast])
        void pickPoint({ latitude: coords.latitude, longitude: coords.longitude }, { recenter: true })
      },
      () => {
        if (request !== latestRequest.current) return
        setPending(null)
        showToast(toasts.locationError)
      },
      geolocationOptions,
    )
  }

  function searchOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    // With JavaScript, Enter in the address box searches instead of submitting the whole form.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
    event.preventDefault()
    void search()
  }

  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const invalid = Boolean(errors?.location?.length)

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-stone-800">
          Address
        </label>
        <div className="flex gap-2">
          <input
            ref={addressInput}
            id={inputId}
            name="location"
            type="text"
            autoComplete="address-line1"
            maxLength={200}
            defaultValue={defaultValue?.location ?? ''}
            onChange={(event) => setAddress(event.target.value)}
            onKeyDown={hydrated ? searchOnEnter : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
            className="w-full min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500"
          />
          {hydrated ? (
            <Button type="button" variant="secondary" onClick={() => void search()} disabled={pending === 'search'}>
              Search
            </Button>
          ) : null}
        </div>
        <FieldErrors id={errorId} errors={errors?.location} />
        <p id={hintId} className="mt-1 text-sm text-stone-500">
          {hydrated
            ? 'Search for your address, use your current location, or click the map and drag the marker.'
            : 'Enter your street address. We find it on the map when you save.'}
        </p>
      </div>

      {hydrated ? (
        <>
          <Button type="button" variant="secondary" onClick={locateMe} disabled={pending === 'locate'} className="w-full sm:w-auto">
            <PinIcon />
            Use Current Location
          </Button>
          <div
            role="group"
            aria-label="Map of your location. Click the map or drag the marker to set it."
            className="isolate overflow-hidden rounded-xl border border-stone-200 bg-stone-100"
          >
            {/* The preview's height with its credit line, until its script has come. */}
            <Suspense fallback={<div className="h-[17.5rem] w-full sm:h-[21.5rem]" />}>
              {mapStart ? (
                <Suspense fallback={<LocationPreview tileTemplate={tileUrl} view={view} point={point} loading />}>
                  <LocationMap
                    tileUrl={tileUrl}
                    start={mapStart.view}
                    takeFocus={mapStart.byKeyboard}
                    position={point}
                    focus={focus}
                    onPick={(picked) => void pickPoint(picked, { recenter: false })}
                  />
                </Suspense>
              ) : (
                <LocationPreview tileTemplate={tileUrl} view={view} point={point} onOpen={openMap} onWarm={warmMap} />
              )}
            </Suspense>
          </div>
        </>
      ) : null}

      <p className="text-sm text-stone-700" aria-live="polite">
        {point ? (
          <>
            Coordinates: <span className="font-mono tabular-nums">{formatPoint(point)}</span>
          </>
        ) : (
          'No location selected yet'
        )}
      </p>
      <p role="status" className="text-sm text-stone-500 empty:hidden">
        {pending ? pendingText[pending] : ''}
      </p>

      <input type="hidden" name="latitude" value={point ? String(point.latitude) : ''} />
      <input type="hidden" name="longitude" value={point ? String(point.longitude) : ''} />
      <input type="hidden" name="coordinatesFor" value={placed ? address : (defaultValue?.coordinatesFor ?? defaultValue?.location ?? '')} />
    </div>
  )
}

type GeocodeAnswer = { label: string; latitude: number; longitude: number; district: string | null }
type Lookup = { status: 'found'; place: GeocodeAnswer } | { status: 'notFound' } | { status: 'failed' } | { status: 'limited' }

/** Calls our geocoding API (GET /api/geocode, /api/geocode/reverse). */
async function lookUp(url: string): Promise<Lookup> {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' } })
    if (response.status === 404 || response.status === 400) return { status: 'notFound' }
    if (response.status === 429) return { status: 'limited' }
    if (!response.ok) return { status: 'failed' }
    const body: unknown = await response.json()
    return isGeocodeAnswer(body) ? { status: 'found', place: body } : { status: 'failed' }
  } catch {
    return { status: 'failed' }
  }
}

function isGeocodeAnswer(value: unknown): value is GeocodeAnswer {
  if (!value || typeof value !== 'object') return false
  const { label, latitude, longitude } = value as Record<string, unknown>
  return typeof label === 'string' && Number.isFinite(latitude) && Number.isFinite(longitude)
}

function initialPoint(value: LocationValue | null): MapPoint | null {
  if (value?.latitude == null || value.longitude == null) return null
  if (!Number.isFinite(value.latitude) || !Number.isFinite(value.longitude)) return null
  return { latitude: value.latitude, longitude: value.longitude }
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6
const roundPoint = (point: MapPoint): MapPoint => ({ latitude: round6(point.latitude), longitude: round6(point.longitude) })

/** Six decimals, as the spec shows them: '47.376900, 8.541700'. */
export const formatPoint = (point: MapPoint) => `${point.latitude.toFixed(6)}, ${point.longitude.toFixed(6)}`

/** The preview shows the chosen point up close, or the default centre as the map would open there. */
function viewOf(point: MapPoint | null): MapView {
  return point ? { centre: point, zoom: locationZoom.point } : { centre: defaultCentre, zoom: locationZoom.start }
}

/** Leaflet's script starts loading when a pointer comes down on the map; a failure shows when the map is opened. */
const warmMap = () => void loadMap().catch(() => {})

function MapUnavailable(_props: object) {
  return (
    <div className="flex h-64 w-full items-center justify-center p-4 text-center text-sm text-stone-600 sm:h-80">
      The map could not be loaded. You can still search for your address or use your current location.
    </div>
  )
}

function PinIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="size-5" aria-hidden>
      <path d="M12 21s-7-6.3-7-11.5A7 7 0 0 1 19 9.5C19 14.7 12 21 12 21Z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  )
}

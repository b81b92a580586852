import 'leaflet/dist/leaflet.css'
import '#app/features/geo/components/map-controls.css'
import './sitter-map.css'
import { divIcon, latLngBounds, type LatLngExpression, type Map as LeafletMap } from 'leaflet'
import { type Ref, type RefObject, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react'
import { AttributionControl, MapContainer, Marker, TileLayer, useMap, ZoomControl } from 'react-leaflet'
import type { GeoPoint } from '#app/features/geo/distance.ts'
import { mapZoom, type MapView } from '#app/features/geo/map-settings.ts'
import { imageUrl, thumbnailSize } from '#app/lib/image-url.ts'
import { tileAttribution, tileSubdomains } from '#app/lib/map-tiles.ts'
import { isNarrowLayout } from '#app/ui/narrow-layout.ts'
import { clusterByScreenDistance } from './marker-clusters.ts'
import type { ViewBounds } from './map-view-box.ts'

// The Leaflet half of the map screen. Only the browser loads this module, on demand (the /map route
// imports it lazily), so no other page ships Leaflet or its CSS.
//
// Which moves reload the list: the ones that show the user a new area (they drag, zoom, open a cluster,
// are located). Looking at a selected sitter up close and coming back from it does not: the list keeps
// the area the user chose, and closing the quick view returns the map to it.

export type MapMarkerSitter = { id: string; name: string; profilePhoto: string | null; latitude: number; longitude: number }

export type SitterMapHandle = {
  /** Shows a sitter up close (spec: zoom 15) without reloading the list. */
  showSitter(point: GeoPoint): void
  /** Back to the area shown before `showSitter`, unless the user has moved the map since. */
  leaveSitter(): void
  /** Flies to the user's location (spec: zoom 13): a new area, so the list follows. */
  showDevice(point: GeoPoint): void
}

export type SitterMapProps = {
  ref?: Ref<SitterMapHandle>
  /** MAP_TILE_URL. */
  tileUrl: string
  start: MapView
  sitters: readonly MapMarkerSitter[]
  selected: MapMarkerSitter | null
  /** Where the browser says the user is. */
  device: GeoPoint | null
  /** The map shows a new area (and once at the start). */
  onAreaChange: (bounds: ViewBounds) => void
  onSelect: (sitterId: string) => void
  /** The map's tiles have loaded (the first time, and after each move). */
  onShown: () => void
}

const maxZoom = 18
/** From this zoom on every sitter has a marker of their own. */
const clusterUntilZoom = 17
/** A marker's size: a tap target (44 px), and how close two markers may come before they cluster. */
const markerPx = 44

export default function SitterMap({ ref, tileUrl, start, sitters, selected, device, onAreaChange, onSelect, onShown }: SitterMapProps) {
  const tileEvents = useMemo(() => ({ load: onShown }), [onShown])
  const step = useSteps(2)
  return (
    <MapContainer
      center={toLatLng(start.centre)}
      zoom={start.zoom}
      minZoom={3}
      maxZoom={maxZoom}
      attributionControl={false}
      zoomControl={false}
      className="pawpal-sitter-map size-full"
    >
      {step >= 1 ? (
        <>
          <TileLayer url={tileUrl} subdomains={tileSubdomains} attribution={tileAttribution} maxZoom={maxZoom} eventHandlers={tileEvents} />
          {/* With the tiles, so the credit line appears whole; the zoom buttons above it, at the lower right
              (the top of the map holds Locate Me and the location banner). */}
          <AttributionControl />
          <ZoomControl position="bottomright" />
        </>
      ) : null}
      <ViewControl handleRef={ref} onAreaChange={onAreaChange} />
      {step >= 2 ? <SitterMarkers sitters={sitters} selected={selected} onSelect={onSelect} /> : null}
      {device ? <Marker position={toLatLng(device)} icon={deviceIcon} keyboard={false} interactive={false} zIndexOffset={-100} /> : null}
    </MapContainer>
  )
}

const toLatLng = (point: GeoPoint): LatLngExpression => [point.latitude, point.longitude]

/**
 * Counts from 0 up to `last`, one step a task: starting the map is split (the map, then its tiles, then
 * the markers) so that no piece of it blocks a slow phone for long.
 */
function useSteps(last: number) {
  const [step, setStep] = useState(0)
  useEffect(() => {
    if (step >= last) return
    const timer = setTimeout(() => setStep(step + 1))
    return () => clearTimeout(timer)
  }, [step, last])
  return step
}

function boundsOf(map: LeafletMap): ViewBounds {
  const bounds = map.getBounds()
  return { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() }
}

/** Runs `move` with `quiet` set: moves made in it (not animated, so their events fire at once) reload nothing. */
function moveQuietly(quiet: RefObject<boolean>, move: () => void) {
  quiet.current = true
  try {
    move()
  } finally {
    quiet.current = false
  }
}

/** Reports new areas, keeps the map sized to its box, and carries out the handle's moves. */
function ViewControl({ handleRef, onAreaChange }: { handleRef: Ref<SitterMapHandle> | undefined; onAreaChange: (bounds: ViewBounds) => void }) {
  const map = useMap()
  const quiet = useRef(false)
  /** The view before a sitter was shown up close, to go back to. */
  const beforeSitter = useRef<MapView | null>(null)
  const latestOnAreaChange = useRef(onAreaChange)
  useEffect(() => {
    latestOnAreaChange.current = onAreaChange
  }, [onAreaChange])

  useEffect(() => {
    const reportArea = () => latestOnAreaChange.current(boundsOf(map))
    const onMoveEnd = () => {
      if (quiet.current) return
      beforeSitter.current = null
      reportArea()
    }
    map.on('moveend', onMoveEnd)
    reportArea()
    // The phone layout changes the map's height (list shown or hidden): keep Leaflet's idea of it true.
    const observer = new ResizeObserver(() => moveQuietly(quiet, () => map.invalidateSize({ debounceMoveend: false })))
    observer.observe(map.getContainer())
    return () => {
      map.off('moveend', onMoveEnd)
      observer.disconnect()
    }
  }, [map])

  useImperativeHandle(
    handleRef,
    () => ({
      showSitter(point) {
        if (!beforeSitter.current) {
          const { lat, lng } = map.getCenter()
          beforeSitter.current = { centre: { latitude: lat, longitude: lng }, zoom: map.getZoom() }
        }
        const zoom = Math.max(map.getZoom(), mapZoom.sitter)
        // Under 768 px the bottom card covers the lower part of the map: the sitter goes above it.
        const lift = isNarrowLayout() ? map.getSize().y * 0.2 : 0
        const centre = map.unproject(map.project(toLatLng(point), zoom).add([0, lift]), zoom)
        moveQuietly(quiet, () => map.setView(centre, zoom, { animate: false }))
      },
      leaveSitter() {
        const before = beforeSitter.current
        beforeSitter.current = null
        if (before) moveQuietly(quiet, () => map.setView(toLatLng(before.centre), before.zoom, { animate: false }))
      },
      showDevice(point) {
        beforeSitter.current = null
        if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) map.setView(toLatLng(point), mapZoom.user, { animate: false })
        else map.flyTo(toLatLng(point), mapZoom.user)
      },
    }),
    [map],
  )
  return null
}

function SitterMarkers({
  sitters,
  selected,
  onSelect,
}: {
  sitters: readonly MapMarkerSitter[]
  selected: MapMarkerSitter | null
  onSelect: (sitterId: string) => void
}) {
  const map = useMap()
  const [zoom, setZoom] = useState(() => map.getZoom())
  useEffect(() => {
    const onZoomEnd = () => setZoom(map.getZoom())
    map.on('zoomend', onZoomEnd)
    return () => {
      map.off('zoomend', onZoomEnd)
    }
  }, [map])

  // The selected sitter always has a marker of its own, on top, even after the area moved away from it.
  const others = useMemo(() => sitters.filter((sitter) => sitter.id !== selected?.id), [sitters, selected])
  const clusters = useMemo(
    () =>
      zoom >= clusterUntilZoom
        ? others.map((sitter) => ({ anchor: sitter, members: [sitter] }))
        : clusterByScreenDistance(others, (sitter) => map.project(toLatLng(sitter), zoom), markerPx),
    [others, zoom, map],
  )

  return (
    <>
      {clusters.map(({ anchor, members }) =>
        members.length === 1 ? (
          <SitterMarker key={anchor.id} sitter={anchor} selected={false} onSelect={onSelect} />
        ) : (
          <Marker
            key={`cluster-${anchor.id}`}
            position={toLatLng(anchor)}
            icon={clusterIcon(members.length)}
            eventHandlers={{
              click: () => map.fitBounds(latLngBounds(members.map(toLatLng)), { padding: [markerPx, markerPx], maxZoom: clusterUntilZoom }),
            }}
          />
        ),
      )}
      {selected ? <SitterMarker sitter={selected} selected onSelect={onSelect} /> : null}
    </>
  )
}

function SitterMarker({ sitter, selected, onSelect }: { sitter: MapMarkerSitter; selected: boolean; onSelect: (sitterId: string) => void }) {
  const icon = useMemo(() => sitterIcon(sitter.name, sitter.profilePhoto, selected), [sitter.name, sitter.profilePhoto, selected])
  return (
    <Marker
      position={toLatLng(sitter)}
      icon={icon}
      title={sitter.name}
      zIndexOffset={selected ? 1000 : 0}
      eventHandlers={{ click: () => onSelect(sitter.id) }}
    />
  )
}

// ---- icons (built with DOM calls, so a name is always text, never markup) ----

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag)
  node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('')

/** A sitter's avatar marker: the photo, or the initials; the name for screen readers. */
function sitterIcon(name: string, profilePhoto: string | null, selected: boolean) {
  const avatar = element('span', 'pawpal-marker-avatar')
  avatar.setAttribute('aria-hidden', 'true')
  const photo = imageUrl(profilePhoto, thumbnailSize)
  if (photo) {
    const img = element('img', '')
    img.src = photo
    img.alt = ''
    img.decoding = 'async'
    avatar.append(img)
  } else {
    avatar.textContent = initialsOf(name)
  }
  const html = element('span', 'pawpal-marker-body')
  html.append(avatar, element('span', 'sr-only', selected ? `${name}, selected` : name))
  return divIcon({
    html,
    className: `pawpal-marker${selected ? ' pawpal-marker-selected' : ''}`,
    iconSize: [markerPx, markerPx],
    iconAnchor: [markerPx / 2, markerPx / 2],
  })
}

/** Several sitters too close to tell apart at this zoom: their number; a tap zooms in on them. */
function clusterIcon(count: number) {
  const html = element('span', 'pawpal-marker-body')
  const bubble = element('span', 'pawpal-marker-avatar pawpal-cluster-count', String(count))
  bubble.setAttribute('aria-hidden', 'true')
  html.append(bubble, element('span', 'sr-only', `${count} sitters here, zoom in`))
  return divIcon({ html, className: 'pawpal-marker pawpal-cluster', iconSize: [markerPx, markerPx], iconAnchor: [markerPx / 2, markerPx / 2] })
}

const deviceIcon = divIcon({ html: '<span class="pawpal-device-dot"></span>', className: 'pawpal-device', iconSize: [22, 22], iconAnchor: [11, 11] })

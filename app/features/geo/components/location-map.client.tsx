import 'leaflet/dist/leaflet.css'
import './map-controls.css'
import { divIcon, type Marker as LeafletMarker } from 'leaflet'
import { useEffect } from 'react'
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet'
import { tileAttribution, tileSubdomains } from '#app/lib/map-tiles.ts'
import { defaultCentre } from '../map-settings.ts'

// The Leaflet part of the location picker. Only the browser loads this module, on demand
// (location-picker.tsx imports it lazily), so pages without a map ship no Leaflet.

export type MapPoint = { latitude: number; longitude: number }

export type LocationMapProps = {
  /** Tile URL template with {z}, {x}, {y} (MAP_TILE_URL). */
  tileUrl: string
  /** Where the marker is; null shows no marker until the user clicks the map. */
  position: MapPoint | null
  /** A new object moves the map there (after a search or the browser's location); drags do not. */
  focus: MapPoint | null
  /** The user dragged the marker or clicked the map. */
  onPick: (point: MapPoint) => void
}

/** Spec section 9: the onboarding map opens on the default centre at zoom 13. */
const defaultZoom = 13
const pointZoom = 16

// Leaflet's default marker images break under bundlers; a CSS/SVG pin needs no image files. The pin
// is drawn 32 x 42 in a 44 x 44 box, so the draggable marker is a full tap target.
const pinIcon = divIcon({
  className: 'pawpal-location-pin',
  html: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 42" width="32" height="42" aria-hidden="true" style="display:block;margin:1px auto 0;filter:drop-shadow(0 2px 2px rgb(0 0 0 / 0.35))"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1Z" fill="#0f766e" stroke="#fff" stroke-width="2"/><circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>`,
  iconSize: [44, 44],
  iconAnchor: [22, 42],
})

export default function LocationMap({ tileUrl, position, focus, onPick }: LocationMapProps) {
  const start = position ?? defaultCentre
  return (
    <MapContainer
      center={[start.latitude, start.longitude]}
      zoom={position ? pointZoom : defaultZoom}
      scrollWheelZoom={false}
      className="h-64 w-full sm:h-80"
    >
      <TileLayer url={tileUrl} subdomains={tileSubdomains} attribution={tileAttribution} />
      <PickOnClick onPick={onPick} />
      <FollowFocus focus={focus} />
      {position ? (
        <Marker
          position={[position.latitude, position.longitude]}
          icon={pinIcon}
          draggable
          title="Your location (drag to move)"
          eventHandlers={{
            dragend: (event) => {
              const { lat, lng } = (event.target as LeafletMarker).getLatLng().wrap()
              onPick({ latitude: lat, longitude: lng })
            },
          }}
        />
      ) : null}
    </MapContainer>
  )
}

function PickOnClick({ onPick }: { onPick: LocationMapProps['onPick'] }) {
  useMapEvents({
    click: (event) => {
      const { lat, lng } = event.latlng.wrap()
      onPick({ latitude: lat, longitude: lng })
    },
  })
  return null
}

function FollowFocus({ focus }: { focus: MapPoint | null }) {
  const map = useMap()
  useEffect(() => {
    if (focus) map.setView([focus.latitude, focus.longitude], Math.max(map.getZoom(), pointZoom))
  }, [focus, map])
  return null
}

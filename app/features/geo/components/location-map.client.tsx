import 'leaflet/dist/leaflet.css'
import './map-controls.css'
import { divIcon, type Marker as LeafletMarker } from 'leaflet'
import { useEffect } from 'react'
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet'
import { tileAttribution, tileSubdomains } from '#app/lib/map-tiles.ts'
import { locationZoom, type MapView } from '../map-settings.ts'
import { locationPinSvg } from './location-pin.ts'

// The Leaflet part of the location picker. Only the browser loads this module, on demand
// (location-picker.tsx imports it lazily), so pages without a map ship no Leaflet.

export type MapPoint = { latitude: number; longitude: number }

export type LocationMapProps = {
  /** Tile URL template with {z}, {x}, {y} (MAP_TILE_URL). */
  tileUrl: string
  /** Where the map opens: where the preview it replaces showed. */
  start: MapView
  /** Where the marker is; null shows no marker until the user clicks the map. */
  position: MapPoint | null
  /** A new object moves the map there (after a search or the browser's location); drags do not. */
  focus: MapPoint | null
  /** The user dragged the marker or clicked the map. */
  onPick: (point: MapPoint) => void
  /** Opened from the keyboard: the map takes the focus from the button that opened it (and is gone). */
  takeFocus?: boolean
}

// Leaflet's default marker images break under bundlers; an SVG pin needs no image files. The pin is
// drawn 32 x 42 in a 44 x 44 box, so the draggable marker is a full tap target.
const pinIcon = divIcon({
  className: 'pawpal-location-pin',
  html: locationPinSvg,
  iconSize: [44, 44],
  iconAnchor: [22, 42],
})

export default function LocationMap({ tileUrl, start, position, focus, onPick, takeFocus = false }: LocationMapProps) {
  return (
    <MapContainer
      center={[start.centre.latitude, start.centre.longitude]}
      zoom={start.zoom}
      scrollWheelZoom={false}
      className="h-64 w-full sm:h-80"
    >
      <TileLayer url={tileUrl} subdomains={tileSubdomains} attribution={tileAttribution} />
      <PickOnClick onPick={onPick} />
      <FollowFocus focus={focus} />
      {takeFocus ? <TakeFocus /> : null}
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

function TakeFocus() {
  const map = useMap()
  useEffect(() => map.getContainer().focus(), [map])
  return null
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
    if (focus) map.setView([focus.latitude, focus.longitude], Math.max(map.getZoom(), locationZoom.point))
  }, [focus, map])
  return null
}

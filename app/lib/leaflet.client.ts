// What `from 'leaflet'` means in the client build (vite.config.ts, decision 086): Leaflet's own ES modules for the
// part of its API the maps and react-leaflet name, instead of its whole prebuilt bundle. Vector layers, GeoJSON,
// popups, tooltips, overlays and the layers and scale controls are left out unless something uses them; the map,
// its handlers (drag, zoom, keyboard), tiles, markers and the zoom and attribution controls stay.
import { Control } from 'leaflet/src/control/Control.js'
import { Attribution } from 'leaflet/src/control/Control.Attribution.js'
import { Zoom } from 'leaflet/src/control/Control.Zoom.js'

// react-leaflet's ZoomControl and AttributionControl construct these from `Control`, as Leaflet's index attaches them.
Control.Zoom = Zoom
Control.Attribution = Attribution

export { Control }
export * as DomUtil from 'leaflet/src/dom/DomUtil.js'
export { LatLngBounds, toLatLngBounds as latLngBounds } from 'leaflet/src/geo/LatLngBounds.js'
export { Map } from 'leaflet/src/map/index.js'
export { DivIcon, divIcon } from 'leaflet/src/layer/marker/DivIcon.js'
export { Marker } from 'leaflet/src/layer/marker/Marker.js'
export { TileLayer } from 'leaflet/src/layer/tile/TileLayer.js'
export { LayerGroup } from 'leaflet/src/layer/LayerGroup.js'
export { FeatureGroup } from 'leaflet/src/layer/FeatureGroup.js'
// Named by react-leaflet's other components, which the maps do not use: their modules are dropped (vite.config.ts).
export { GeoJSON } from 'leaflet/src/layer/GeoJSON.js'
export { ImageOverlay } from 'leaflet/src/layer/ImageOverlay.js'
export { SVGOverlay } from 'leaflet/src/layer/SVGOverlay.js'
export { VideoOverlay } from 'leaflet/src/layer/VideoOverlay.js'
export { Popup } from 'leaflet/src/layer/Popup.js'
export { Tooltip } from 'leaflet/src/layer/Tooltip.js'
export { Circle } from 'leaflet/src/layer/vector/Circle.js'
export { CircleMarker } from 'leaflet/src/layer/vector/CircleMarker.js'
export { Polygon } from 'leaflet/src/layer/vector/Polygon.js'
export { Polyline } from 'leaflet/src/layer/vector/Polyline.js'
export { Rectangle } from 'leaflet/src/layer/vector/Rectangle.js'

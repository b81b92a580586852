// Leaflet's ES modules carry no types; the app and react-leaflet are typed against @types/leaflet
// (app/lib/leaflet.client.ts). Only what that file touches is described here.
declare module 'leaflet/src/control/Control.js' {
  export const Control: { Zoom: unknown; Attribution: unknown }
}
declare module 'leaflet/src/control/Control.Zoom.js' {
  export const Zoom: unknown
}
declare module 'leaflet/src/control/Control.Attribution.js' {
  export const Attribution: unknown
}
declare module 'leaflet/src/*'

// The location a page form sends (LocationPicker): the address text, the hidden coordinates, and
// `coordinatesFor`, the address text those coordinates belong to. Without JavaScript the hidden
// coordinates are the saved ones, so an edited address must not be saved with them: the server then
// drops them and geocodes the new text. A pin placed with JavaScript belongs to whatever text is shown.

export type SubmittedLocationFields = {
  location?: string | null
  latitude?: number | null
  longitude?: number | null
  coordinatesFor?: string | null
}

/** The sent coordinates when they belong to the sent address text, otherwise none (geocode the text). */
export function coordinatesOfSubmittedText(fields: SubmittedLocationFields) {
  const text = (fields.location ?? '').trim()
  const belong = text !== '' && (fields.coordinatesFor ?? '').trim() === text
  if (!belong || fields.latitude == null || fields.longitude == null) return { latitude: null, longitude: null }
  return { latitude: fields.latitude, longitude: fields.longitude }
}

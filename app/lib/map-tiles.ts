// Map tiles come from MAP_TILE_URL (DESIGN.md ruling 12), a template such as
// https://tile.openstreetmap.org/{z}/{x}/{y}.png or https://{s}.tile.example.org/{z}/{x}/{y}.png.
// Safe in the browser.

/** What `{s}` becomes in a tile URL: Leaflet's default subdomains, passed to every tile layer explicitly. */
export const tileSubdomains = ['a', 'b', 'c']

/** The credit line the OpenStreetMap tile licence requires (the default MAP_TILE_URL). */
export const tileAttribution = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'

/**
 * The URL of one tile, filled in as Leaflet's tile layer fills the template (so the browser loads a tile
 * once, whoever asks for it first): `{s}` by Leaflet's rule, `{-y}` counted from the bottom, `{r}` empty
 * (Leaflet writes `@2x` there on high-density screens, where such a template's tiles would load twice).
 */
export function tileUrl(template: string, { x, y, z }: { x: number; y: number; z: number }) {
  const values: Record<string, string> = {
    s: tileSubdomains[Math.abs(x + y) % tileSubdomains.length]!,
    x: String(x),
    y: String(y),
    z: String(z),
    '-y': String(2 ** z - 1 - y),
    r: '',
  }
  return template.replace(/\{ *([\w_ -]+) *\}/g, (token, key: string) => values[key] ?? token)
}

/** Every origin tiles of `template` can load from: one, or one per subdomain when it has `{s}`. */
export function tileOrigins(template: string) {
  const hosts = template.includes('{s}') ? tileSubdomains.map((subdomain) => template.replaceAll('{s}', subdomain)) : [template]
  return [...new Set(hosts.map((url) => new URL(url.replace(/\{[a-z]+\}/gi, '0')).origin))]
}

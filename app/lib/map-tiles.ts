// Map tiles come from MAP_TILE_URL (DESIGN.md ruling 12), a template such as
// https://tile.openstreetmap.org/{z}/{x}/{y}.png or https://{s}.tile.example.org/{z}/{x}/{y}.png.
// Safe in the browser.

/** What `{s}` becomes in a tile URL: Leaflet's default subdomains, passed to every tile layer explicitly. */
export const tileSubdomains = ['a', 'b', 'c']

/** The credit line the OpenStreetMap tile licence requires (the default MAP_TILE_URL). */
export const tileAttribution = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'

/** Every origin tiles of `template` can load from: one, or one per subdomain when it has `{s}`. */
export function tileOrigins(template: string) {
  const hosts = template.includes('{s}') ? tileSubdomains.map((subdomain) => template.replaceAll('{s}', subdomain)) : [template]
  return [...new Set(hosts.map((url) => new URL(url.replace(/\{[a-z]+\}/gi, '0')).origin))]
}

import { createHash } from 'node:crypto'

/**
 * The CSP of every HTML document: scripts only from us or matching one of `scriptSources` (this
 * request's nonce, or the hashes of a shared page's inline scripts); images from us and the map tile
 * server only; fetches and sockets only to our own origin ('self' covers ws:/wss: of the same host in
 * CSP Level 3).
 */
export function contentSecurityPolicy(scriptSources: string[], options: { tileOrigins: string[]; development: boolean }) {
  const devConnect = options.development ? ' ws://localhost:24678' : ''
  return [
    `default-src 'self'`,
    `script-src 'self' ${scriptSources.join(' ')}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: ${options.tileOrigins.join(' ')}`,
    `connect-src 'self'${devConnect}`,
    `font-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ')
}

/** `'sha256-...'` sources for every inline `<script>` (one without `src`) of a rendered document. */
export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>()
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes ?? '')) continue
    hashes.add(`'sha256-${createHash('sha256').update(content ?? '').digest('base64')}'`)
  }
  return [...hashes]
}

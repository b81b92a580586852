/**
 * The CSP of every HTML document: scripts only from us or carrying this request's nonce; fetches and
 * sockets only to our own origin ('self' covers ws:/wss: of the same host in CSP Level 3).
 */
export function contentSecurityPolicy(nonce: string, options: { tileOrigin: string; development: boolean }) {
  const devConnect = options.development ? ' ws://localhost:24678' : ''
  return [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: ${options.tileOrigin}`,
    `connect-src 'self'${devConnect}`,
    `font-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ')
}

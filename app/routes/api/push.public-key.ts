import { pushPublicKey } from '#app/features/push/push-subscriptions.server.ts'
import { methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/push/public-key: the server's VAPID public key, the `applicationServerKey` a browser subscribes with.
export function loader() {
  return Response.json({ publicKey: pushPublicKey() }, { headers: { 'Cache-Control': 'public, max-age=3600' } })
}

export const action = () => methodNotAllowed(['GET'])

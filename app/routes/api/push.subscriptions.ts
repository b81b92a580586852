import type { Route } from './+types/push.subscriptions'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { removeSubscription, saveSubscription } from '#app/features/push/push-subscriptions.server.ts'
import { PushSubscriptionSchema, PushUnsubscribeSchema } from '#app/features/push/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/push/subscriptions {endpoint, keys}: turn notifications on for this device (the browser's
// PushSubscription as JSON); 201, or 200 when it was on already. DELETE {endpoint}: turn them off; 204, or 404
// when this device was not on for you. A device on for another account moves only with its stored keys: 409.
export const loader = () => methodNotAllowed(['POST', 'DELETE'])

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method === 'POST') {
    const user = requireApiUser(context)
    const input = parseApiInput(PushSubscriptionSchema, await readJsonBody(request))
    const saved = await saveSubscription(user.id, input, user.sessionId)
    if (!saved.ok) return jsonError(saved.status, saved.message, { endpoint: [saved.message] })
    return Response.json({ endpoint: input.endpoint, createdAt: saved.createdAt }, { status: saved.created ? 201 : 200 })
  }
  if (request.method === 'DELETE') {
    const user = requireApiUser(context)
    const { endpoint } = parseApiInput(PushUnsubscribeSchema, await readJsonBody(request))
    if (!(await removeSubscription(user.id, endpoint))) return jsonError(404, 'Notifications are not on for this device')
    return new Response(null, { status: 204 })
  }
  return methodNotAllowed(['POST', 'DELETE'])
}

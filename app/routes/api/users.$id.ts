import type { Route } from './+types/users.$id'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { mayChangeAccount, staffAccountMessage, takesPartInBookings } from '#app/features/accounts/roles.ts'
import { OwnerDraftSchema, SitterDraftSchema } from '#app/features/profiles/onboarding-steps.ts'
import { chooseRole } from '#app/features/profiles/onboarding.server.ts'
import { profilePayloadKind, ProfileUpdateSchema, RoleSaveSchema } from '#app/features/profiles/profile-schema.ts'
import { saveOwnerOnboarding, saveSitterOnboarding, updateProfile } from '#app/features/profiles/profile-update.server.ts'
import { getOwnProfile, toUserJson } from '#app/features/profiles/profile.server.ts'
import { getPublicSitterProfile } from '#app/features/profiles/public-sitter-profile.server.ts'
import { toPublicSitterJson } from '#app/features/sitters/public-sitter.server.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// GET /api/users/{id}: a sitter's public profile (no email, phone, address or exact coordinates).
export async function loader({ params }: Route.LoaderArgs) {
  const sitter = await getPublicSitterProfile(params.id)
  if (!sitter) return jsonError(404, 'User not found')
  return Response.json(toPublicSitterJson(sitter))
}

// PATCH /api/users/{id}: one of the 'Profile update payloads' of spec section 7, for yourself only.
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed(['GET', 'PATCH'])
  const user = requireApiUser(context)
  if (!mayChangeAccount(user, params.id)) return jsonError(403, 'You can only update your own profile')
  const body = await readJsonBody(request)
  if (profilePayloadKind(body) !== 'profile' && !takesPartInBookings(user.role)) return jsonError(403, staffAccountMessage)
  const outcome = await savePayload(user.id, body)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, outcome.fieldErrors)
  return Response.json(toUserJson(await getOwnProfile(user.id)))
}

async function savePayload(userId: string, body: unknown) {
  switch (profilePayloadKind(body)) {
    case 'role':
      await chooseRole(userId, parseApiInput(RoleSaveSchema, body).role)
      return { ok: true } as const
    case 'owner-onboarding':
      await saveOwnerOnboarding(userId, parseApiInput(OwnerDraftSchema.pick({ ownerName: true }), body).ownerName)
      return { ok: true } as const
    case 'sitter-onboarding':
      return saveSitterOnboarding(userId, parseApiInput(SitterDraftSchema, body))
    case 'profile':
      return updateProfile(userId, parseApiInput(ProfileUpdateSchema, body))
  }
}

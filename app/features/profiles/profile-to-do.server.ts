import { isSitterRole } from '#app/features/accounts/roles.ts'
import { getAccount } from '#app/features/accounts/users.server.ts'
import { serviceLabels } from '#app/features/sitters/options.ts'
import { getSitterDetails } from '#app/features/sitters/sitter-profile.server.ts'
import { editProfileFieldId, galleryInputId, profilePhotoInputId, weeklyAvailabilityId } from './profile-edit-anchors.ts'

// What a sitter's profile still misses (DESIGN.md ruling 23), as the short to-do list '/' shows until the
// profile is complete: each item links to its place on /profile/edit. Rates and weekly hours come first
// (without them owners cannot book); a photo, a bio and a gallery make owners choose the sitter.

export type ProfileToDo = { text: string; href: string }

const editAt = (anchor: string) => `/profile/edit#${anchor}`

/** The sitter's missing pieces in the order to do them; empty for a complete profile or a user who is no sitter. */
export async function profileToDoFor(user: { id: string; role: Parameters<typeof isSitterRole>[0] }): Promise<ProfileToDo[]> {
  if (!isSitterRole(user.role)) return []
  const [account, sitter] = await Promise.all([getAccount(user.id), getSitterDetails(user.id)])
  if (!sitter) return []
  const toDo: ProfileToDo[] = sitter.services
    .filter((offered) => offered.hourlyRateCents === null)
    .map((offered) => ({ text: `Set your rate for ${serviceLabels[offered.service]}`, href: editAt(editProfileFieldId('services')) }))
  if (sitter.availability.length === 0) toDo.push({ text: 'Set your weekly hours', href: editAt(weeklyAvailabilityId) })
  if (!account.profilePhoto) toDo.push({ text: 'Add a profile photo', href: editAt(profilePhotoInputId) })
  if (!account.bio?.trim()) toDo.push({ text: 'Write a short bio', href: editAt(editProfileFieldId('bio')) })
  if (sitter.photos.length === 0) toDo.push({ text: 'Add photos of you with dogs to your gallery', href: editAt(galleryInputId) })
  return toDo
}

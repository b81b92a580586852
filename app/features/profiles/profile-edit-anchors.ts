// Places on /profile/edit that other screens link to (the error summary, the to-do list on '/'): the
// element ids of its sections. The edit form's fields have conform's ids, `edit-profile-<name>`.

/** The profile photo's file input. */
export const profilePhotoInputId = 'profile-photo'

/** The gallery's file input. */
export const galleryInputId = 'gallery-photos'

/** The sitter's weekly availability section. */
export const weeklyAvailabilityId = 'weekly-availability'

/** A field of the edit form, by name: `editProfileFieldId('bio')` is the Bio textarea. */
export const editProfileFieldId = (name: string) => `edit-profile-${name}`

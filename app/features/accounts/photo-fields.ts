// The names of the profile photo field on the pages that change it (/profile/edit, onboarding step 1):
// the file input, and the hidden input carrying a kept photo's token back (decision 013).
export const profilePhotoFields = { file: 'photo', kept: 'keptPhoto' } as const

/** The 'Upload photo' button: it saves the photo alone, whatever else the form holds. */
export const uploadPhotoIntent = { name: 'intent', value: 'upload-photo' } as const

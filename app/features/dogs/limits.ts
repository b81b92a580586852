// Dog photo limits, shared by the server and the forms (no zod here: onboarding pages import it).
export const maxDogImages = 3
export const photoLimitMessage = 'Maximum of 3 photos reached - delete a photo to add new ones'
/** The dog form's field that carries the tokens of the photos kept from a failed submit back to the server. */
export const keptDogPhotosField = 'keptImages'

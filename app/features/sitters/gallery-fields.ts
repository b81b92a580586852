// The sitter gallery's limits and the names of its field on /profile/edit, shared by the server and the
// photo picker (decision 013 for how a failed submit keeps its photos).

export const maxGalleryPhotos = 6

export const galleryMessages = {
  limit: `Maximum of ${maxGalleryPhotos} photos reached - delete a photo to add new ones`,
  notSitter: 'Only sitters can add gallery photos',
  noPhoto: 'Please upload an image file',
  notFound: 'Image not found',
} as const

/** The file input, and the hidden inputs carrying kept photos back. */
export const galleryPhotoFields = { file: 'galleryPhotos', kept: 'keptGalleryPhotos' } as const

/** A saved photo's Remove button (its value: the photo's stored path). */
export const removeGalleryPhotoField = 'removeGalleryPhoto'

// The rules every photo field shares (spec sections 5 and 9), in one place the server and the browser
// both import: upload.server.ts enforces them, the photo picker checks them before anything is sent.

export const maxImageBytes = 5 * 1024 * 1024

export const photoMessages = {
  notAnImage: 'Please upload an image file',
  tooLarge: 'Image size should be less than 5MB',
  noPhotoChosen: 'Please choose a photo to upload',
  keptPhotoGone: 'A photo you chose earlier is no longer available. Please choose it again.',
  heic: 'HEIC photos cannot be read: please choose a JPEG or PNG',
} as const

/**
 * The types of the 'High efficiency' photos some phones save (HEIC, HEVC inside HEIF): sharp's libvips reads no
 * HEVC, so such a photo is refused with a message that says why rather than 'not an image' (decision 117). A
 * `image/heif` file may hold AV1, which sharp reads: the server tells them apart by the file's brands.
 */
const heicTypes = new Set(['image/heic', 'image/heic-sequence'])

/** Files of one selection that were not taken, grouped by the reason. */
export type RefusedPhotos = { message: string; names: string[] }

/** The text ending as a sentence (the spec's messages have no full stop). */
export const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`)

/** 'Please upload an image file. Not added: notes.txt, scan.pdf' */
export function describeRefusedPhotos({ message, names }: RefusedPhotos) {
  return names.length ? `${sentence(message)} Not added: ${names.join(', ')}` : message
}

/** Adds a refused file to the group of its reason (first reasons first). */
export function addRefusal(refusals: RefusedPhotos[], message: string, name: string) {
  const group = refusals.find((refusal) => refusal.message === message)
  if (group) group.names.push(name)
  else refusals.push({ message, names: [name] })
}

/**
 * Why a file cannot be a photo, judged by what the browser knows (type and size); null when it may be one.
 * A file without a type is left to the server, which decodes it to find out.
 */
export function photoProblemOf(file: { type: string; size: number }) {
  if (heicTypes.has(file.type.toLowerCase())) return photoMessages.heic
  if (file.type && !file.type.startsWith('image/')) return photoMessages.notAnImage
  if (file.size > maxImageBytes) return photoMessages.tooLarge
  return null
}

/** A photo stored for a form that has not been saved yet: the token the form sends back, and its stored path. */
export type PendingUpload = { token: string; path: string }

/** The form field of the button that removes a kept (pending) photo without JavaScript. */
export const discardPhotoField = 'discardPhoto'

/**
 * The files of one selection a photo field takes: pictures (by type and size) in the order chosen,
 * while there is room; the others grouped by why they were left out.
 */
export function takePhotos<T extends { name: string; type: string; size: number }>(
  incoming: readonly T[],
  room: number,
  limitMessage: string,
): { taken: T[]; refused: RefusedPhotos[] } {
  const taken: T[] = []
  const refused: RefusedPhotos[] = []
  for (const file of incoming) {
    const problem = photoProblemOf(file) ?? (taken.length >= room ? limitMessage : null)
    if (problem) addRefusal(refused, problem, file.name)
    else taken.push(file)
  }
  return { taken, refused }
}

import { imageUrl } from '#app/lib/image-url.ts'
import type { PendingUpload } from '#app/lib/photo-rules.ts'
import { PhotoPicker } from '#app/ui/photo-picker.tsx'
import { profilePhotoFields, uploadPhotoIntent } from '#app/features/accounts/photo-fields.ts'
import { galleryMessages, galleryPhotoFields, maxGalleryPhotos, removeGalleryPhotoField } from '#app/features/sitters/gallery-fields.ts'
import { galleryInputId, profilePhotoInputId } from '../profile-edit-anchors.ts'
import { Section } from './profile-edit-sections.tsx'

// The photo sections of /profile/edit, shown later (app/ui/shown-later.tsx): their props are the loader's and
// the last answer's, so the form validating as you type does not reach them before their script has come.

/** The profile photo inside the profile form: Save Changes saves it with the rest, 'Upload photo' on its own. */
export function ProfilePhoto({
  name,
  photo,
  kept,
  errors,
}: {
  name: string
  photo: string | null
  kept?: PendingUpload[]
  errors?: string[]
}) {
  const src = imageUrl(photo, 320)
  return (
    <Section title="Profile Photo">
      <PhotoPicker
        id={profilePhotoInputId}
        name={profilePhotoFields.file}
        keptName={profilePhotoFields.kept}
        label={src ? 'Change photo' : 'Choose photo'}
        kept={kept}
        errors={errors}
        upload={{ label: 'Upload photo', ...uploadPhotoIntent }}
        current={
          src ? (
            <img src={src} alt="Your profile photo" width={96} height={96} className="size-24 rounded-full object-cover" />
          ) : (
            <span aria-hidden className="flex size-24 items-center justify-center rounded-full bg-brand-100 text-4xl font-bold text-brand-800">
              {(name.trim() || 'User').charAt(0).toUpperCase()}
            </span>
          )
        }
      />
    </Section>
  )
}


/** A sitter's gallery (up to 6 photos on their public profile): new photos are saved with Save Changes. */
export function Gallery({ saved, kept, errors }: { saved: readonly string[]; kept?: PendingUpload[]; errors?: string[] }) {
  return (
    <Section title="Photo Gallery">
      <p className="text-sm text-stone-600">Photos of you with dogs, shown on your public profile. Up to {maxGalleryPhotos}.</p>
      <PhotoPicker
        id={galleryInputId}
        name={galleryPhotoFields.file}
        keptName={galleryPhotoFields.kept}
        label="Add gallery photos"
        max={maxGalleryPhotos}
        limitMessage={galleryMessages.limit}
        saved={saved.map((path, index) => ({
          path,
          alt: `Gallery photo ${index + 1}`,
          remove: { label: `Delete gallery photo ${index + 1}`, name: removeGalleryPhotoField, value: path },
        }))}
        kept={kept}
        errors={errors}
      />
    </Section>
  )
}

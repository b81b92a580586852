import { uploadPhotoIntent } from '#app/features/accounts/photo-fields.ts'
import { saveSubmittedProfilePhoto } from '#app/features/accounts/profile-photo.server.ts'
import { hasDogs } from '#app/features/dogs/dogs.server.ts'
import { photoMessages } from '#app/lib/photo-rules.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import type { MultipartForm } from '#app/lib/upload.server.ts'
import { readOwnerStep, readSitterStep } from './onboarding-form.server.ts'
import {
  addDraftDogPhotos,
  completeOwnerOnboarding,
  completeSitterOnboarding,
  getStoredOwnerDraft,
  getSitterDraft,
  removeDraftDogPhoto,
  saveDraft,
} from './onboarding.server.ts'
import { gateMessage, type OnboardingFlow, onboardingStepCount, ownerStepErrors, sitterStepErrors } from './onboarding-steps.ts'
import type { StepErrors } from './onboarding-form-parts.ts'
import { locateSitterDraft } from './profile-update.server.ts'

// One submit of an onboarding step (/onboarding/{owner|sitter}/{step}, spec sections 2, 4 and 5): the
// photos are taken first, the step's fields are saved to the draft whatever became of them, then the
// button pressed decides where the user goes: back, the same step (a photo uploaded or removed), the
// next step once the step's gate lets them through, or home when the last step completes onboarding.

/** What the step shows when it stays: field errors under a summary (`problemSummary`); only real failures add a toast. */
export type OnboardingStepAnswer = { toast?: ToastInput; errors: StepErrors; problemSummary?: string }

export type OnboardingStepOutcome =
  | { ok: true; goTo: number | 'home'; toast?: ToastInput }
  | { ok: false; status: number; answer: OnboardingStepAnswer }

type Title = { title: string; description?: string }

/** A real failure: a toast as well as the fields' messages. */
export const stepFailure = (toast: Title, status: number, errors: StepErrors = {}): OnboardingStepOutcome => ({
  ok: false,
  status,
  answer: { toast: { type: 'error', ...toast }, errors },
})
const refused = (errors: StepErrors, summary?: Title): OnboardingStepOutcome => ({
  ok: false,
  status: 400,
  answer: { errors, problemSummary: summary && [summary.title, summary.description].filter(Boolean).join(': ') },
})
const hasErrors = (errors: StepErrors) => Object.keys(errors).length > 0
const photoUploaded: ToastInput = { type: 'success', title: 'Profile photo updated successfully' }

/** The buttons every step has: Back, Continue (the default; it saves a photo chosen without JavaScript) and the photo's own send (with JavaScript, on choosing). */
type StepSubmit = { userId: string; step: number; intent: string; form: MultipartForm; photo: string | undefined; photoErrors: StepErrors }

export async function submitOnboardingStep(userId: string, flow: OnboardingFlow, step: number, form: MultipartForm): Promise<OnboardingStepOutcome> {
  const submitted = form.fields.get('intent')
  const intent = typeof submitted === 'string' ? submitted : 'continue'
  const profilePhoto = await saveSubmittedProfilePhoto(userId, form)
  const photoErrors: StepErrors = {}
  if (profilePhoto.problems.length) photoErrors.photo = profilePhoto.problems
  else if (intent === uploadPhotoIntent.value && !profilePhoto.photo) photoErrors.photo = [photoMessages.noPhotoChosen]
  const submit = { userId, step, intent, form, photo: profilePhoto.photo, photoErrors }
  return flow === 'owner' ? submitOwnerStep(submit) : submitSitterStep(submit)
}

/** Back, the photo's Upload, or a photo that was not taken (an upload failure, spec section 6); null for Continue. */
function photoOrBack({ step, intent, photoErrors }: StepSubmit): OnboardingStepOutcome | null {
  if (hasErrors(photoErrors)) return stepFailure({ title: 'Upload failed', description: Object.values(photoErrors).flat().join(' ') }, 400, photoErrors)
  if (intent === 'back') return { ok: true, goTo: step === 1 ? 'home' : step - 1 }
  if (intent === uploadPhotoIntent.value) return { ok: true, goTo: step, toast: photoUploaded }
  return null
}

async function submitOwnerStep(submit: StepSubmit): Promise<OnboardingStepOutcome> {
  const { userId, step, intent, form, photo } = submit
  const stored = await getStoredOwnerDraft(userId)
  // The last step sent again once onboarding completed (its draft taken, its dog made): nothing to do again.
  if (!stored.stored && step === onboardingStepCount && intent === 'continue' && (await hasDogs(userId))) return { ok: true, goTo: 'home' }
  const read = readOwnerStep(step, form.fields, stored.draft)
  const withPhotos = await addDraftDogPhotos(userId, photo ? { ...read.draft, ownerPhoto: photo } : read.draft, form)
  const draft = withPhotos.draft
  // Gone since it was read: an identical submit of the last step completed onboarding meanwhile.
  if (!(await saveDraft(userId, 'owner', draft, { replacing: stored.stored }))) return { ok: true, goTo: 'home' }
  if (intent.startsWith('remove-photo:')) {
    await removeDraftDogPhoto(userId, draft, intent.slice('remove-photo:'.length))
    return { ok: true, goTo: step }
  }
  const photoErrors = withPhotos.problems.length ? { ...submit.photoErrors, images: withPhotos.problems } : submit.photoErrors
  const notContinue = photoOrBack({ ...submit, photoErrors })
  if (notContinue) return notContinue
  const errors = { ...ownerStepErrors(step, draft), ...read.errors }
  if (hasErrors(errors)) return refused(errors, gateMessage('owner', step))
  if (step < onboardingStepCount) return { ok: true, goTo: step + 1, toast: photo ? photoUploaded : undefined }
  const completed = await completeOwnerOnboarding(userId, draft)
  if (!completed.ok) return refused(completed.errors, { title: "Please check your dog's details" })
  return { ok: true, goTo: 'home', toast: { type: 'success', title: 'Onboarding completed!' } }
}

async function submitSitterStep(submit: StepSubmit): Promise<OnboardingStepOutcome> {
  const { userId, step, intent, form, photo } = submit
  const previous = await getSitterDraft(userId)
  const read = readSitterStep(step, form.fields, photo ? { ...previous, sitterPhoto: photo } : previous)
  let draft = read.draft
  let district: string | null = null
  if (step === 4 && intent === 'continue' && draft.location && !hasErrors(read.errors)) {
    const located = await locateSitterDraft(draft)
    if (!located.ok) {
      if (located.status === 400) return refused(located.fieldErrors)
      return stepFailure({ title: 'Geocoding failed', description: located.message }, located.status, located.fieldErrors)
    }
    draft = located.draft
    district = located.district
  }
  await saveDraft(userId, 'sitter', draft)
  const notContinue = photoOrBack(submit)
  if (notContinue) return notContinue
  const errors = { ...sitterStepErrors(step, draft), ...read.errors }
  if (hasErrors(errors)) return refused(errors, gateMessage('sitter', step))
  if (step < onboardingStepCount) return { ok: true, goTo: step + 1, toast: photo ? photoUploaded : undefined }
  const { location, latitude, longitude } = draft
  if (location === undefined || latitude === undefined || longitude === undefined) throw new Error('unreachable: gated above')
  await completeSitterOnboarding(userId, { ...draft, location, latitude, longitude }, district)
  return { ok: true, goTo: 'home', toast: { type: 'success', title: 'Onboarding completed!', description: 'Your profile has been set up successfully.' } }
}

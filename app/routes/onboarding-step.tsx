import { data, redirect, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/onboarding-step'
import { OwnerStep, SitterStep } from '#app/features/profiles/components/onboarding-step-forms.tsx'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { readOwnerStep, readSitterStep } from '#app/features/profiles/onboarding-form.server.ts'
import {
  addDraftDogPhotos,
  completeOwnerOnboarding,
  completeSitterOnboarding,
  getOwnerDraft,
  getSitterDraft,
  rateHintsFor,
  removeDraftDogPhoto,
  saveDraft,
} from '#app/features/profiles/onboarding.server.ts'
import {
  gateMessage,
  onboardingStepCount,
  ownerStepErrors,
  sitterStepErrors,
  type StepErrors,
} from '#app/features/profiles/onboarding-steps.ts'
import { uploadPhotoIntent } from '#app/features/accounts/photo-fields.ts'
import { saveSubmittedProfilePhoto } from '#app/features/accounts/profile-photo.server.ts'
import { resolveLocation } from '#app/features/geo/geocoder.server.ts'
import { env } from '#app/lib/env.server.ts'
import { photoMessages } from '#app/lib/photo-rules.ts'
import { readMultipartFormOrError } from '#app/lib/upload.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import type { ToastInput } from '#app/lib/toast.ts'

// /onboarding/{owner|sitter}/{step}: one URL per step, the draft kept on the server (spec sections 2, 4, 5).
export const handle = { bottomNav: false }

function parseParams(params: { flow: string; step?: string }) {
  const flow = params.flow === 'owner' || params.flow === 'sitter' ? params.flow : null
  const step = Number(params.step ?? 1)
  if (!flow || !Number.isInteger(step) || step < 1 || step > onboardingStepCount) {
    throw data(null, { status: 404 })
  }
  return { flow, step }
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args)
  const { flow, step } = parseParams(args.params)
  const common = { step, name: user.name, profilePhoto: user.profilePhoto, tileUrl: env.MAP_TILE_URL }
  return flow === 'owner'
    ? { ...common, flow: 'owner' as const, draft: await getOwnerDraft(user.id) }
    : { ...common, flow: 'sitter' as const, draft: await getSitterDraft(user.id), rateHints: step === 3 ? await rateHintsFor(user.id) : null }
}

const errorToast = (toast: { title: string; description?: string }): ToastInput => ({ type: 'error', ...toast })

/** A refused step shows its field errors under a summary (`problemSummary`); only real failures add a toast. */
type ActionData = { toast?: ToastInput; errors: StepErrors; problemSummary?: string }
const failure = (toast: { title: string; description?: string }, status: number, errors: StepErrors = {}) =>
  data<ActionData>({ toast: errorToast(toast), errors }, status)
const refused = (errors: StepErrors, summary?: { title: string; description?: string }) =>
  data<ActionData>({ errors, problemSummary: summary && [summary.title, summary.description].filter(Boolean).join(': ') }, 400)
const hasErrors = (errors: StepErrors) => Object.keys(errors).length > 0

export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args)
  const { flow, step } = parseParams(args.params)
  const upload = await readMultipartFormOrError(args.request, { maxFiles: 10 })
  if (!upload.ok) return failure({ title: upload.error.message }, upload.error.status)
  const { fields } = upload.form
  const intent = String(fields.get('intent') ?? 'continue')
  const here = `/onboarding/${flow}/${step}`

  // Photos are taken before anything else, and the step's fields are saved whatever became of them.
  const profilePhoto = await saveSubmittedProfilePhoto(user.id, upload.form)
  const photoErrors: StepErrors = {}
  if (profilePhoto.problems.length) photoErrors.photo = profilePhoto.problems
  else if (intent === uploadPhotoIntent.value && !profilePhoto.photo) photoErrors.photo = [photoMessages.noPhotoChosen]
  // A photo that was not taken is an upload failure (spec section 6): a toast as well as the field's message.
  const photoFailure = () => failure({ title: 'Upload failed', description: Object.values(photoErrors).flat().join(' ') }, 400, photoErrors)

  if (flow === 'owner') {
    const read = readOwnerStep(step, fields, await getOwnerDraft(user.id))
    const withPhotos = await addDraftDogPhotos(user.id, profilePhoto.photo ? { ...read.draft, ownerPhoto: profilePhoto.photo } : read.draft, upload.form)
    const draft = withPhotos.draft
    if (withPhotos.problems.length) photoErrors.images = withPhotos.problems
    await saveDraft(user.id, 'owner', draft)
    if (intent.startsWith('remove-photo:')) {
      await removeDraftDogPhoto(user.id, draft, intent.slice('remove-photo:'.length))
      return redirect(here)
    }
    if (hasErrors(photoErrors)) return photoFailure()
    if (intent === 'back') return redirect(step === 1 ? '/' : `/onboarding/owner/${step - 1}`)
    if (intent === uploadPhotoIntent.value) return photoUploadedRedirect(here)
    const errors = { ...ownerStepErrors(step, draft), ...read.errors }
    if (hasErrors(errors)) return refused(errors, gateMessage('owner', step))
    if (step < onboardingStepCount) return redirect(`/onboarding/owner/${step + 1}`)
    const completed = await completeOwnerOnboarding(user.id, draft)
    if (!completed.ok) return refused(completed.errors, { title: "Please check your dog's details" })
    return redirectWithToast('/', { type: 'success', title: 'Onboarding completed!' })
  }

  const previous = await getSitterDraft(user.id)
  const read = readSitterStep(step, fields, profilePhoto.photo ? { ...previous, sitterPhoto: profilePhoto.photo } : previous)
  let draft = read.draft
  let district: string | null = null
  if (step === 4 && intent === 'continue' && draft.location && !hasErrors(read.errors)) {
    // Coordinates placed on the map are kept; an address without them (no JavaScript) is geocoded here.
    const located = await resolveLocation({ location: draft.location, latitude: draft.latitude, longitude: draft.longitude })
    if (!located.ok) {
      const errors = { location: [located.message] }
      // An address the geocoder does not know is the user's to fix; an unreachable geocoder is our failure.
      return located.reason === 'not-found' ? refused(errors) : failure({ title: 'Geocoding failed', description: located.message }, 502, errors)
    }
    draft = { ...draft, location: located.location, latitude: located.latitude, longitude: located.longitude }
    district = located.district
  }
  await saveDraft(user.id, 'sitter', draft)
  if (hasErrors(photoErrors)) return photoFailure()
  if (intent === 'back') return redirect(step === 1 ? '/' : `/onboarding/sitter/${step - 1}`)
  if (intent === uploadPhotoIntent.value) return photoUploadedRedirect(here)
  const errors = { ...sitterStepErrors(step, draft), ...read.errors }
  if (hasErrors(errors)) return refused(errors, gateMessage('sitter', step))
  if (step < onboardingStepCount) return redirect(`/onboarding/sitter/${step + 1}`)
  const { location, latitude, longitude } = draft
  if (location === undefined || latitude === undefined || longitude === undefined) throw new Error('unreachable: gated above')
  await completeSitterOnboarding(user.id, { ...draft, location, latitude, longitude }, district)
  return redirectWithToast('/', {
    type: 'success',
    title: 'Onboarding completed!',
    description: 'Your profile has been set up successfully.',
  })
}

/** The draft changes with every submit, failed ones too (their photos are kept): reload it after each. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' || defaultShouldRevalidate
}

const photoUploadedRedirect = (to: string) => redirectWithToast(to, { type: 'success', title: 'Profile photo updated successfully' })

export default function OnboardingStepRoute({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = { errors: actionData?.errors ?? {}, problemSummary: actionData?.problemSummary, toast: actionData?.toast, answer: actionData }
  return loaderData.flow === 'owner' ? <OwnerStep {...loaderData} {...refusal} /> : <SitterStep {...loaderData} {...refusal} />
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.flow === 'sitter' ? 'Sitter' : 'Owner'} onboarding, step ${loaderData?.step ?? 1} of 4 | Pawpal` },
]

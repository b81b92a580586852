import { data, redirect, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/onboarding-step'
import { onboardingFieldGroups, onboardingFormId, OwnerStep, SitterStep } from '#app/features/profiles/components/onboarding-step-forms.tsx'
import { requireMember } from '#app/features/accounts/guards.server.ts'
import { type OnboardingStepAnswer, stepFailure, submitOnboardingStep } from '#app/features/profiles/onboarding-step.server.ts'
import { getOwnerDraft, getSitterDraft, rateHintsFor } from '#app/features/profiles/onboarding.server.ts'
import { onboardingFlows, onboardingStepCount } from '#app/features/profiles/onboarding-steps.ts'
import { env } from '#app/lib/env.server.ts'
import { readMultipartFormOrError } from '#app/lib/upload.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { useChangedFields, withoutFields } from '#app/ui/form-answer.tsx'

// /onboarding/{owner|sitter}/{step}: one URL per step, the draft kept on the server (spec sections 2, 4, 5).
export const handle = { bottomNav: false }

function parseParams(params: { flow: string; step?: string }) {
  const flow = onboardingFlows.find((candidate) => candidate === params.flow)
  const step = Number(params.step ?? 1)
  if (!flow || !Number.isInteger(step) || step < 1 || step > onboardingStepCount) {
    throw data(null, { status: 404 })
  }
  return { flow, step }
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireMember(args)
  const { flow, step } = parseParams(args.params)
  const common = { step, name: user.name, profilePhoto: user.profilePhoto, tileUrl: env.MAP_TILE_URL }
  return flow === 'owner'
    ? { ...common, flow: 'owner' as const, draft: await getOwnerDraft(user.id) }
    : { ...common, flow: 'sitter' as const, draft: await getSitterDraft(user.id), rateHints: step === 3 ? await rateHintsFor(user.id) : null }
}

export async function action(args: Route.ActionArgs) {
  const user = await requireMember(args)
  const { flow, step } = parseParams(args.params)
  const upload = await readMultipartFormOrError(args.request, { maxFiles: 10 })
  const outcome = upload.ok ? await submitOnboardingStep(user.id, flow, step, upload.form) : stepFailure({ title: upload.error.message }, upload.error.status)
  if (!outcome.ok) return data<OnboardingStepAnswer>(outcome.answer, outcome.status)
  const to = outcome.goTo === 'home' ? '/' : `/onboarding/${flow}/${outcome.goTo}`
  return outcome.toast ? redirectWithToast(to, outcome.toast) : redirect(to)
}

/** The draft changes with every submit, failed ones too (their photos are kept): reload it after each. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' || defaultShouldRevalidate
}

export default function OnboardingStepRoute({ loaderData, actionData }: Route.ComponentProps) {
  const changed = useChangedFields(onboardingFormId, actionData, onboardingFieldGroups)
  const refusal = { errors: withoutFields(actionData?.errors ?? {}, changed), problemSummary: actionData?.problemSummary, toast: actionData?.toast, answer: actionData }
  return loaderData.flow === 'owner' ? <OwnerStep {...loaderData} {...refusal} /> : <SitterStep {...loaderData} {...refusal} />
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.flow === 'sitter' ? 'Sitter' : 'Owner'} onboarding, step ${loaderData?.step ?? 1} of 4 | Pawpal` },
]

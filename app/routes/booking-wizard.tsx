import { data, Form, href, useNavigation, useSubmit } from 'react-router'
import type { Route } from './+types/booking-wizard'
import { requireMember } from '#app/features/accounts/guards.server.ts'
import { loadWizardStep, readWizardAnswers, submitWizard, type WizardView } from '#app/features/bookings/booking-wizard.server.ts'
import { WizardStepForm } from '#app/features/bookings/components/booking-wizard.tsx'
import { isWizardFlow, readWizardStep, wizardTroubles } from '#app/features/bookings/wizard-flows.ts'
import { wizardStepPath } from '#app/features/bookings/wizard-path.ts'
import { retryAfterFromAction, retryAfterHeaders } from '#app/lib/rate-limit.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { EmptyState, LinkButton } from '#app/ui/data-states.tsx'
import { Page } from '#app/ui/page.tsx'

// /sitters/{id}/book/{flow}/{step}: the booking wizards one step per URL (wizard-flows.ts). Without
// JavaScript these are the pages; with it, the map's quick view and the conversation's Book dialog load
// the same loader and post to the same action through a fetcher (booking-wizard-panel.tsx).

const notFound = () => data<WizardView>({ kind: 'unavailable', title: 'Page not found', description: 'This booking step does not exist.' }, { status: 404 })

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = await requireMember({ context, url })
  const step = readWizardStep(params.step)
  if (!isWizardFlow(params.flow) || !step) return notFound()
  const query = url.searchParams
  const target = { sitterId: params.id, flow: params.flow, step, back: query.get('back'), month: query.get('month') }
  const { view, status } = await loadWizardStep(user, target, readWizardAnswers(query))
  return data(view, { status })
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const user = await requireMember({ context, url })
  if (!isWizardFlow(params.flow) || readWizardStep(params.step) !== 3) return notFound()
  const formData = await request.formData()
  const back = url.searchParams.get('back') ?? (typeof formData.get('back') === 'string' ? (formData.get('back') as string) : null)
  const outcome = await submitWizard(user, { sitterId: params.id, flow: params.flow, back }, readWizardAnswers(formData))
  if (!outcome.ok) {
    return data(outcome.view, { status: outcome.status, headers: outcome.retryAfterSeconds ? retryAfterHeaders(outcome.retryAfterSeconds) : undefined })
  }
  const description = `Your booking with ${outcome.sitterName} has been created successfully. You will hear when they accept it.`
  if (params.flow === 'quick') return redirectWithToast(href('/bookings/:id', { id: outcome.bookingId }), { type: 'success', title: 'Booking requested', description })
  return redirectWithToast(outcome.closeTo, {
    type: 'success',
    title: 'Booking requested',
    description,
    action: { label: 'View Booking', to: `${href('/bookings')}?${new URLSearchParams({ id: outcome.bookingId })}` },
  })
}

export const headers = retryAfterFromAction

// With JavaScript a lost connection answers inside the wizard (the page or dialog behind it stays).
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader()
  } catch (error) {
    if (error instanceof Response) throw error
    return wizardTroubles.load
  }
}

export async function clientAction({ serverAction, params }: Route.ClientActionArgs) {
  try {
    return await serverAction()
  } catch (error) {
    if (error instanceof Response) throw error
    return params.flow === 'chat' ? wizardTroubles.chat : wizardTroubles.quick
  }
}

export default function BookingWizardRoute({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData
  const navigation = useNavigation()
  const submit = useSubmit()
  if (view.kind !== 'step') {
    return (
      <Page width="narrow">
        <EmptyState heading="h1" title={view.title} description={view.description} action={<LinkButton to={href('/map')}>Browse sitters</LinkButton>} />
      </Page>
    )
  }
  return (
    <Page width="narrow">
      <div className="rounded-2xl bg-white p-5 shadow-sm">
        <WizardStepForm
          key={view.step}
          view={view}
          Form={Form}
          isPage
          busy={navigation.state !== 'idle' && navigation.location.pathname.startsWith(wizardStepPath(view.sitter.id, view.flow, 1).slice(0, -1))}
          onDateChosen={(form) => void submit(form, { method: 'get', action: wizardStepPath(view.sitter.id, view.flow, view.step), replace: true, preventScrollReset: true })}
        />
      </div>
    </Page>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.kind === 'step' ? `Book with ${loaderData.sitter.firstName} | Pawpal` : 'Book a sitter | Pawpal' },
]

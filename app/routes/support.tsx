import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, href, useNavigation } from 'react-router'
import type { Route } from './+types/support'
import { getOptionalUser } from '#app/features/accounts/user-context.ts'
import { clientIp } from '#app/features/accounts/accounts.server.ts'
import { SupportRequestSchema } from '#app/features/support/schema.ts'
import { createSupportRequest } from '#app/features/support/support.server.ts'
import { retryAfterFromAction, retryAfterHeaders } from '#app/lib/rate-limit.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { Button } from '#app/ui/button.tsx'
import { TextAreaField, TextField } from '#app/ui/field.tsx'
import { conformProblems, failedAnswer, type FieldLabels, FormErrorSummary, useErrorSummary } from '#app/ui/form-error-summary.tsx'
import { useLazyValidation, validatorLoader } from '#app/ui/lazy-validation.ts'
import { Page } from '#app/ui/page.tsx'

export const handle = { publicCache: true }

export function loader({ context }: Route.LoaderArgs) {
  return { email: getOptionalUser(context)?.email ?? '', constraint: getZodConstraint(SupportRequestSchema) }
}

const loadValidator = validatorLoader(() => import('#app/features/support/validators.ts').then((m) => m.validateSupportRequest))

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: SupportRequestSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const sent = await createSupportRequest(submission.value, getOptionalUser(context)?.id ?? null, clientIp(request))
  if (!sent.ok) {
    return data(
      { result: submission.reply({ formErrors: [sent.message] }) },
      { status: 429, headers: retryAfterHeaders(sent.retryAfterSeconds) },
    )
  }
  return redirectWithToast(href('/support'), {
    type: 'success',
    title: 'Message sent',
    description: "Thanks! We'll get back to you within one business day.",
  })
}

export const headers = retryAfterFromAction

const questions = [
  {
    question: 'How do I book a sitter?',
    answer:
      'Find a sitter on the map or in the list, open their profile and choose Book Now. Pick a date, a time and your dog, and send the request. The sitter accepts or declines it.',
  },
  {
    question: 'When is my booking confirmed?',
    answer:
      'A booking is pending until the sitter accepts it. Accepted bookings appear under Upcoming and can be added to your Google Calendar.',
  },
  {
    question: 'How do I cancel a booking?',
    answer: 'Open the booking and choose Cancel Booking. Pending and accepted bookings can be cancelled before they start.',
  },
  {
    question: 'Who can see my address?',
    answer:
      'Other users only see an approximate location (a point a few hundred metres from your address). Your exact address is shared only with the other party of an accepted booking.',
  },
]

const fieldLabels: FieldLabels = [
  ['email', 'Email'],
  ['subject', 'Subject'],
  ['message', 'Message'],
]

export default function SupportRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const onValidate = useLazyValidation<{ email: string; subject: string; message: string }>(loadValidator)
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: { email: loaderData.email },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate,
  })
  const problems = conformProblems(form, fieldLabels)
  const messages = form.errors ?? []
  const summary = useErrorSummary(failedAnswer(actionData?.result), form.onSubmit, problems.length + messages.length)
  const busy = navigation.state === 'submitting' && navigation.formAction === href('/support')
  return (
    <Page width="regular" className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold">Help &amp; Support</h1>
        <p className="text-stone-600">Answers to common questions, and a way to reach us.</p>
      </header>
      <section aria-labelledby="faq-heading" className="space-y-2">
        <h2 id="faq-heading" className="text-lg font-semibold">
          Frequently asked questions
        </h2>
        {questions.map(({ question, answer }) => (
          <details key={question} className="rounded-lg border border-stone-200 bg-white">
            <summary className="tap-target cursor-pointer px-3 py-2.5 font-medium">{question}</summary>
            <p className="px-3 pb-3 text-stone-700">{answer}</p>
          </details>
        ))}
      </section>
      <section aria-labelledby="contact-heading">
        <h2 id="contact-heading" className="mb-3 text-lg font-semibold">
          Contact Support
        </h2>
        <Form method="post" {...getFormProps(form)} onSubmit={summary.onSubmit} className="space-y-4">
          <FormErrorSummary id={form.errorId} problems={problems} messages={messages} focusKey={summary.focusKey} />
          <TextField label="Email" field={fields.email} type="email" inputProps={{ autoComplete: 'email' }} />
          <TextField label="Subject" field={fields.subject} />
          <TextAreaField label="Message" field={fields.message} />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'Sending...' : 'Send message'}
          </Button>
        </Form>
      </section>
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Help & Support | Pawpal' }]

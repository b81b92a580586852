import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, href, Link, useNavigation } from 'react-router'
import type { Route } from './+types/forgot-password'
import { clientIp } from '#app/features/accounts/accounts.server.ts'
import { requestPasswordReset } from '#app/features/accounts/password-reset.server.ts'
import { ForgotPasswordSchema } from '#app/features/accounts/schema.ts'
import { retryAfterFromAction, retryAfterHeaders } from '#app/lib/rate-limit.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { Button } from '#app/ui/button.tsx'
import { TextField } from '#app/ui/field.tsx'
import { conformProblems, failedAnswer, FormErrorSummary, useErrorSummary } from '#app/ui/form-error-summary.tsx'
import { useLazyValidation, validatorLoader } from '#app/ui/lazy-validation.ts'
import { Page } from '#app/ui/page.tsx'

export const handle = { bottomNav: false, publicCache: true }

export function loader() {
  return { constraint: getZodConstraint(ForgotPasswordSchema) }
}

const loadValidator = validatorLoader(() => import('#app/features/accounts/validators.ts').then((m) => m.validateForgotPassword))

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  const requested = await requestPasswordReset(submission.value.email, clientIp(request))
  if (!requested.ok) {
    return data(
      { result: submission.reply({ formErrors: [requested.message] }) },
      { status: 429, headers: retryAfterHeaders(requested.retryAfterSeconds) },
    )
  }
  return redirectWithToast(href('/login'), {
    type: 'success',
    title: 'Check your e-mail',
    description: 'If an account exists for that e-mail, we sent a link to reset your password.',
  })
}

export const headers = retryAfterFromAction

export default function ForgotPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  const onValidate = useLazyValidation<{ email: string }>(loadValidator)
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate,
  })
  const problems = conformProblems(form, [['email', 'Email']])
  const messages = form.errors ?? []
  const summary = useErrorSummary(failedAnswer(actionData?.result), form.onSubmit, problems.length + messages.length)
  return (
    <Page width="narrow" centered className="gap-6">
      <div>
        <h1 className="text-2xl font-bold">Forgot your password?</h1>
        <p className="text-stone-600">Enter your e-mail and we will send you a link to choose a new one.</p>
      </div>
      <Form method="post" {...getFormProps(form)} onSubmit={summary.onSubmit} className="space-y-4">
        <FormErrorSummary id={form.errorId} problems={problems} messages={messages} focusKey={summary.focusKey} />
        <TextField label="Email" field={fields.email} type="email" inputProps={{ autoComplete: 'email' }} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Processing...' : 'Send reset link'}
        </Button>
      </Form>
      <Link to={href('/login')} className="tap-target inline-flex items-center justify-center font-medium text-brand-700 underline underline-offset-4">
        Back to login
      </Link>
    </Page>
  )
}

export const meta = () => [{ title: 'Forgot password | Pawpal' }]

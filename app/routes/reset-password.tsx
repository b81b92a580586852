import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, href, Link, useNavigation } from 'react-router'
import type { Route } from './+types/reset-password'
import { commonPasswordMessage } from '#app/features/accounts/common-passwords.server.ts'
import { findResetTokenUser, resetPassword } from '#app/features/accounts/password-reset.server.ts'
import { ResetPasswordSchema } from '#app/features/accounts/schema.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { Button } from '#app/ui/button.tsx'
import { TextField } from '#app/ui/field.tsx'
import { conformProblems, failedAnswer, FormErrorSummary, useErrorSummary } from '#app/ui/form-error-summary.tsx'
import { useLazyValidation, validatorLoader } from '#app/ui/lazy-validation.ts'
import { Page } from '#app/ui/page.tsx'

export const handle = { bottomNav: false }

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get('token') ?? ''
  return {
    token,
    valid: Boolean(token && (await findResetTokenUser(token))),
    constraint: getZodConstraint(ResetPasswordSchema),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) }, 400)
  }
  const outcome = await resetPassword(submission.value.token, submission.value.password)
  const hideFields = ['password', 'confirmPassword']
  if (outcome === 'link-invalid') return data({ result: submission.reply({ formErrors: [invalidLinkText], hideFields }) }, 400)
  if (outcome === 'password-too-common') {
    return data({ result: submission.reply({ fieldErrors: { password: [commonPasswordMessage] }, hideFields }) }, 400)
  }
  return redirectWithToast(href('/login'), {
    type: 'success',
    title: 'Password updated',
    description: 'Please log in with your new password.',
  })
}

const invalidLinkText = 'This reset link is invalid or has expired.'

const loadValidator = validatorLoader(() => import('#app/features/accounts/validators.ts').then((m) => m.validateResetPassword))

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  const onValidate = useLazyValidation<{ token: string; password: string; confirmPassword: string }>(loadValidator)
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: { token: loaderData.token },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate,
  })
  const problems = conformProblems(form, [
    ['password', 'New password'],
    ['confirmPassword', 'Confirm password'],
  ])
  const messages = form.errors ?? []
  const summary = useErrorSummary(failedAnswer(actionData?.result), form.onSubmit, problems.length + messages.length)
  return (
    <Page width="narrow" centered className="gap-6">
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      {loaderData.valid ? (
        <Form method="post" {...getFormProps(form)} onSubmit={summary.onSubmit} className="space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <FormErrorSummary id={form.errorId} problems={problems} messages={messages} focusKey={summary.focusKey} />
          <TextField label="New password" field={fields.password} type="password" inputProps={{ autoComplete: 'new-password' }} />
          <TextField label="Confirm password" field={fields.confirmPassword} type="password" inputProps={{ autoComplete: 'new-password' }} />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'Processing...' : 'Set new password'}
          </Button>
        </Form>
      ) : (
        <div role="alert" className="space-y-3">
          <p className="text-stone-700">{invalidLinkText}</p>
          <Link to={href('/forgot-password')} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
            Send a new link
          </Link>
        </div>
      )}
    </Page>
  )
}

export const meta = () => [{ title: 'Reset password | Pawpal' }]

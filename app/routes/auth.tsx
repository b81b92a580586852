import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, href, Link, type ShouldRevalidateFunctionArgs, useLocation, useNavigation } from 'react-router'
import type { Route } from './+types/auth'
import { type AuthFailure, clientIp, registerUser } from '#app/features/accounts/accounts.server.ts'
import { requireSignedOut, safeRedirectPath } from '#app/features/accounts/guards.server.ts'
import { authFailedTitle, isOfflineResult, loginErrorText, offlineResult } from '#app/features/accounts/login-errors.ts'
import { LoginSchema, RegisterSchema } from '#app/features/accounts/schema.ts'
import { redirectSignedIn } from '#app/features/accounts/sign-in.server.ts'
import { SuspendedAccount } from '#app/features/moderation/components/suspended-account.tsx'
import { type SignInFailure, signInWithPassword } from '#app/features/moderation/suspended-sign-in.server.ts'
import { retryAfterFromAction, retryAfterHeaders } from '#app/lib/rate-limit.server.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { Button } from '#app/ui/button.tsx'
import { TextField } from '#app/ui/field.tsx'
import { conformProblems, failedAnswer, type FieldLabels, FormErrorSummary, useErrorSummary, useSettledAnswer } from '#app/ui/form-error-summary.tsx'
import { type FormValidator, useLazyValidation, validatorLoader } from '#app/ui/lazy-validation.ts'
import { GoogleIcon, PawIcon } from '#app/ui/icons.tsx'
import { Page } from '#app/ui/page.tsx'

// /login and /register: one screen, the mode follows the path (spec section 2, Auth screen).
export const handle = { bottomNav: false, publicCache: true }

const modeOf = (url: URL): 'login' | 'register' => (url.pathname.startsWith(href('/register')) ? 'register' : 'login')

export function loader({ context, url }: Route.LoaderArgs) {
  requireSignedOut({ context }, safeRedirectPath(url.searchParams.get('redirectTo')))
  const mode = modeOf(url)
  return { mode, constraint: getZodConstraint(mode === 'login' ? LoginSchema : RegisterSchema) }
}

const loadValidator: Record<'login' | 'register', () => Promise<FormValidator>> = {
  login: validatorLoader(() => import('#app/features/accounts/validators.ts').then((m) => m.validateLogin)),
  register: validatorLoader(() => import('#app/features/accounts/validators.ts').then((m) => m.validateRegister)),
}

export async function action({ request, url }: Route.ActionArgs) {
  const mode = modeOf(url)
  const formData = await request.formData()
  const redirectTo = safeRedirectPath(formData.get('redirectTo'), href(mode === 'register' ? '/onboarding' : '/map'))
  if (mode === 'login') {
    const submission = parseWithZod(formData, { schema: LoginSchema })
    if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) }, 400)
    const outcome = await signInWithPassword(submission.value, clientIp(request))
    // The right password of a suspended account: the reason and the end, instead of the form.
    if (!outcome.ok && outcome.status === 403 && outcome.suspension) return data({ result: undefined, suspension: outcome.suspension }, 403)
    if (!outcome.ok) return failure(submission.reply({ hideFields: ['password'] }), outcome)
    return redirectSignedIn(request, outcome.userId, redirectTo, {
      type: 'success',
      title: 'Login successful',
      description: 'Welcome back!',
    })
  }
  const submission = parseWithZod(formData, { schema: RegisterSchema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) }, 400)
  const outcome = await registerUser(submission.value, clientIp(request))
  if (!outcome.ok && outcome.status === 400) {
    return data({ result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields: ['password'] }) }, 400)
  }
  if (!outcome.ok) return failure(submission.reply({ hideFields: ['password'] }), outcome)
  return redirectSignedIn(request, outcome.userId, href('/onboarding'), {
    type: 'success',
    title: 'Registration successful',
    description: 'Please complete your profile.',
  })
}

function failure<Result>(result: Result, outcome: AuthFailure | SignInFailure) {
  const toast: ToastInput = { type: 'error', title: authFailedTitle, description: loginErrorText(outcome) }
  const headers = outcome.status === 429 ? retryAfterHeaders(outcome.retryAfterSeconds) : undefined
  return data({ result, toast }, { status: outcome.status, headers })
}

export const headers = retryAfterFromAction

// With JavaScript, a lost connection says so instead of failing the whole page.
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction()
  } catch (error) {
    if (error instanceof TypeError) return offlineResult
    throw error
  }
}

export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return !isOfflineResult(actionResult) && defaultShouldRevalidate
}

type AuthFormValue = { name?: string; email: string; password: string }

const fieldLabels: FieldLabels = [
  ['name', 'Full Name'],
  ['email', 'Email'],
  ['password', 'Password'],
]

export default function AuthRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { mode } = loaderData
  const location = useLocation()
  const navigation = useNavigation()
  const redirectTo = new URLSearchParams(location.search).get('redirectTo') ?? ''
  const answered = useSettledAnswer(actionData)
  const onValidate = useLazyValidation<AuthFormValue>(loadValidator[mode])
  // Both modes share one form shape; `name` is only rendered (and required) when registering.
  const [form, fields] = useForm<AuthFormValue>({
    id: `${mode}-form`,
    lastResult: answered?.result,
    constraint: loaderData.constraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate,
  })
  const problems = conformProblems(form, fieldLabels)
  const summary = useErrorSummary(failedAnswer(answered?.result), form.onSubmit, problems.length)
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const otherMode = href(mode === 'login' ? '/register' : '/login')
  const keepRedirect = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ''
  if (actionData && 'suspension' in actionData) {
    return (
      <Page width="narrow" centered>
        <SuspendedAccount suspension={actionData.suspension} />
      </Page>
    )
  }
  return (
    <Page width="narrow" centered className="gap-6" toast={actionData && 'toast' in actionData ? actionData.toast : undefined}>
      <div className="text-center">
        <PawIcon className="mx-auto size-10 text-brand-600" />
        <h1 className="mt-2 text-2xl font-bold">{mode === 'login' ? 'Welcome Back' : 'Join Our Community'}</h1>
        <p className="text-stone-600">Connect with dog lovers nearby</p>
      </div>
      <Form method="post" {...getFormProps(form)} onSubmit={summary.onSubmit} className="space-y-4" replace>
        <FormErrorSummary id={form.errorId} problems={problems} focusKey={summary.focusKey} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {mode === 'register' ? (
          <TextField label="Full Name" field={fields.name} inputProps={{ autoComplete: 'name' }} />
        ) : null}
        <TextField label="Email" field={fields.email} type="email" inputProps={{ autoComplete: 'email' }} />
        <TextField
          label="Password"
          field={fields.password}
          type="password"
          inputProps={{ autoComplete: mode === 'login' ? 'current-password' : 'new-password' }}
        />
        {mode === 'login' ? (
          <p className="-mt-2 text-right text-sm">
            <Link to={href('/forgot-password')} className="tap-target inline-flex items-center text-brand-700 underline underline-offset-4">
              Forgot password?
            </Link>
          </p>
        ) : null}
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Processing...' : mode === 'login' ? 'Login' : 'Create Account'}
        </Button>
      </Form>
      <div className="flex items-center gap-3 text-sm text-stone-500">
        <span className="h-px flex-1 bg-stone-200" /> or <span className="h-px flex-1 bg-stone-200" />
      </div>
      <a
        href={href('/api/auth/google')}
        aria-disabled={busy}
        className="flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-medium hover:bg-stone-100 aria-disabled:pointer-events-none aria-disabled:opacity-50"
      >
        <GoogleIcon /> Sign in with Google
      </a>
      <p className="text-center text-sm">
        {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
        <Link
          to={`${otherMode}${keepRedirect}`}
          className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4"
        >
          {mode === 'login' ? 'Sign up' : 'Login'}
        </Link>
      </p>
      <p className="text-center text-sm text-stone-500">
        By continuing you agree to our
        <br />
        <Link to={href('/terms')} className="tap-target inline-flex items-center underline underline-offset-2">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to={href('/privacy')} className="tap-target inline-flex items-center underline underline-offset-2">
          Privacy Policy
        </Link>
        .
      </p>
    </Page>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.mode === 'register' ? 'Create your account | Pawpal' : 'Log in | Pawpal' },
]

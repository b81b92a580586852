import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { Form, useNavigation } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { FieldErrors } from '#app/ui/field.tsx'
import { conformProblems, failedAnswer, FormErrorSummary, useErrorSummary, useSettledAnswer } from '#app/ui/form-error-summary.tsx'
import { useLazyValidation, validatorLoader } from '#app/ui/lazy-validation.ts'
import { channelLabels, kindLabels, notificationChannels, notificationKinds } from '../kinds.ts'
import type { NotificationSettingsFormOutput, NotificationSettingsFormValue } from '../schema.ts'
import { notificationSettingsId, notificationSettingsIntent } from '../settings-form.ts'

// The notification settings on /profile/edit: a table of what you hear about (rows) by push and by e-mail
// (columns), and quiet hours in your time zone. A form of its own: saving it saves nothing else.

const loadValidator = validatorLoader(() => import('../validators.ts').then((m) => m.validateNotificationSettings))

const fieldLabels = [
  ...notificationKinds.flatMap((kind) => notificationChannels.map((channel) => [`kinds.${kind}.${channel}`, `${kindLabels[kind].title}, ${channelLabels[channel]}`] as const)),
  ['quietHours.enabled', 'Quiet hours'],
  ['quietHours.start', 'Quiet hours start'],
  ['quietHours.end', 'Quiet hours end'],
] as const

/** Typed as text, so every browser shows 24-hour times (a time input follows the browser's locale: '10:00 PM'). */
const clockInputProps = { inputMode: 'numeric', pattern: '([01][0-9]|2[0-3]):[0-5][0-9]', placeholder: '22:00', autoComplete: 'off', maxLength: 5 } as const

const checkboxClass = 'size-5 rounded border-stone-300 accent-brand-700'
const timeClass =
  'tap-target w-28 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500'

export function NotificationSettingsForm({
  defaultValue,
  timeZone,
  lastResult,
}: {
  defaultValue: NotificationSettingsFormValue
  timeZone: string
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === notificationSettingsIntent
  const answered = useSettledAnswer(lastResult)
  const onValidate = useLazyValidation<NotificationSettingsFormValue, NotificationSettingsFormOutput>(loadValidator)
  const [form, fields] = useForm<NotificationSettingsFormValue, NotificationSettingsFormOutput, string[]>({
    id: 'notification-settings',
    lastResult: answered,
    defaultValue,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate,
  })
  const kinds = fields.kinds.getFieldset()
  const quiet = fields.quietHours.getFieldset()
  const problems = conformProblems(form, fieldLabels)
  const summary = useErrorSummary(failedAnswer(answered), form.onSubmit, problems.length)

  return (
    <section id={notificationSettingsId} aria-labelledby="notifications-heading" className="scroll-mt-4 space-y-4 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="notifications-heading" className="text-lg font-semibold">
        Notifications
      </h2>
      <p className="text-sm text-stone-600">
        Choose what reaches you outside Pawpal. You always see everything under Notifications on Pawpal. Saved on its own: save your other
        changes first.
      </p>
      <FormErrorSummary id={form.errorId} problems={problems} focusKey={summary.focusKey} />
      <Form method="post" {...getFormProps(form)} onSubmit={summary.onSubmit} preventScrollReset className="space-y-5">
        <input type="hidden" name="intent" value={notificationSettingsIntent} />
        <table className="w-full text-left text-sm">
          <caption className="sr-only">What you hear about, by push and by e-mail</caption>
          <thead>
            <tr className="border-b border-stone-200">
              <th scope="col" className="py-2 pr-2 font-medium text-stone-800">
                Tell me about
              </th>
              {notificationChannels.map((channel) => (
                <th key={channel} scope="col" className="w-20 px-1 py-2 text-center font-medium text-stone-800">
                  {channelLabels[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {notificationKinds.map((kind) => {
              const channels = kinds[kind].getFieldset()
              return (
                <tr key={kind} className="border-b border-stone-100 last:border-0">
                  <th scope="row" className="py-2 pr-2 font-normal">
                    <span className="block font-medium text-stone-900">{kindLabels[kind].title}</span>
                    <span className="block text-stone-600">{kindLabels[kind].detail}</span>
                  </th>
                  {notificationChannels.map((channel) => (
                    <td key={channel} className="px-1 text-center">
                      <label className="tap-target inline-flex items-center justify-center">
                        <input {...getInputProps(channels[channel], { type: 'checkbox' })} key={channels[channel].key} className={checkboxClass} />
                        <span className="sr-only">{`${kindLabels[kind].title} by ${channelLabels[channel].toLowerCase()}`}</span>
                      </label>
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>

        <fieldset className="space-y-3">
          <legend className="font-medium text-stone-900">Quiet hours</legend>
          <p className="text-sm text-stone-600">{`Pushes wait until the quiet hours end (an expiring request does not wait). Times are 24-hour, in your time zone (${timeZone}).`}</p>
          <label className="tap-target flex items-center gap-3">
            <input {...getInputProps(quiet.enabled, { type: 'checkbox' })} key={quiet.enabled.key} className={checkboxClass} />
            Pause pushes during quiet hours
          </label>
          <div className="flex flex-wrap items-start gap-4">
            <ClockField field={quiet.start} label="From" />
            <ClockField field={quiet.end} label="Until" />
          </div>
        </fieldset>
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          {saving ? 'Saving...' : 'Save notification settings'}
        </Button>
      </Form>
    </section>
  )
}

function ClockField({ field, label }: { field: FieldMetadata<string, NotificationSettingsFormValue, string[]>; label: string }) {
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input {...getInputProps(field, { type: 'text' })} key={field.key} {...clockInputProps} className={timeClass} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  )
}

import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { FieldErrors } from '#app/ui/field.tsx'
import { maxMessageLength } from '../schema.ts'

// The send form. Without JavaScript it posts to the page and the page redirects back to the thread; the
// client id it carries (made for each render) lets a form sent twice store one message.


export function Composer({ clientId, lastResult }: { clientId: string; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const [form, fields] = useForm<{ intent: string; clientId: string; content: string }>({ id: `send-${clientId}`, lastResult, shouldValidate: 'onSubmit' })
  return (
    <Form method="post" {...getFormProps(form)} className="border-t border-stone-200 bg-white p-2">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="clientId" value={clientId} />
      <div className="flex items-end gap-2">
        <label htmlFor={fields.content.id} className="sr-only">
          Message
        </label>
        <textarea
          {...getTextareaProps(fields.content)}
          required
          maxLength={maxMessageLength}
          rows={2}
          placeholder="Type a message..."
          className="tap-target max-h-40 min-w-0 flex-1 resize-none rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
        <Button type="submit" className="tap-target">
          Send
        </Button>
      </div>
      <FieldErrors id={fields.content.errorId} errors={fields.content.errors} />
      <FieldErrors id={form.errorId} errors={form.errors} />
    </Form>
  )
}

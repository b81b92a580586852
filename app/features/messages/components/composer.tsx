import { type FormEvent, type KeyboardEvent, useState } from 'react'
import { Form } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import type { ConversationFormReply } from '../conversation-page.server.ts'
import { maxMessageLength } from '../limits.ts'
import { FormErrors } from './form-errors.tsx'

// The send form. Without JavaScript it posts to the page and the page redirects back to the thread; the
// client id it carries (made for each render) lets a form sent twice store one message, and a refused
// message comes back in the box with the reason. With JavaScript `onSend` takes the text instead (the
// live socket): Send is disabled while the text is empty, Enter sends on devices with a keyboard, and a
// message that could not be sent comes back into the box.

export function Composer({ clientId, reply, onSend }: { clientId: string; reply: ConversationFormReply | undefined; onSend?: (content: string) => Promise<boolean> }) {
  const [text, setText] = useState(reply?.values.content ?? '')
  const errors = [...(reply?.fieldErrors.content ?? []), ...(reply?.formErrors ?? [])]

  async function sendLive(event: FormEvent<HTMLFormElement>) {
    if (!onSend) return
    event.preventDefault()
    const content = text.trim()
    if (!content) return
    setText('')
    if (!(await onSend(content))) setText((current) => current || content)
  }

  function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!onSend || event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    if (!window.matchMedia('(pointer: fine)').matches) return
    event.preventDefault()
    event.currentTarget.form?.requestSubmit()
  }

  return (
    <Form method="post" onSubmit={(event) => void sendLive(event)} className="border-t border-stone-200 bg-white p-2">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="clientId" value={clientId} />
      <div className="flex items-end gap-2">
        <label htmlFor="message-content" className="sr-only">
          Message
        </label>
        <textarea
          id="message-content"
          name="content"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={sendOnEnter}
          required
          maxLength={maxMessageLength}
          rows={2}
          placeholder="Type a message..."
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length > 0 ? 'message-errors' : undefined}
          className="tap-target max-h-40 min-w-0 flex-1 resize-none rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500"
        />
        <Button type="submit" disabled={Boolean(onSend) && !text.trim()} className="tap-target">
          Send
        </Button>
      </div>
      <FormErrors id="message-errors" errors={errors} />
    </Form>
  )
}

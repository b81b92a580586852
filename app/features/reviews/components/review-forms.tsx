import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { formatCount } from '#app/lib/number-format.ts'
import { answeredForm, AnswerSummary, type FormAnswer, FormErrors, useUnfixedAnswer } from '#app/ui/form-answer.tsx'
import { maxReviewLength } from '../review-limits.ts'
import { Star } from './star-rating.tsx'

// A party's review of the other after a completed booking (1-5 stars, a comment of up to 2,000 characters;
// once: the owner's of the sitter, the sitter's of the owner and the dog) and the sitter's one reply (DESIGN.md
// rulings 6 and 26). Plain form posts; the server validates with the API's schemas.

const textareaClass =
  'tap-target min-h-28 w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500'

function useSubmitting(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

/** `question` asks about the one reviewed ('How was it with Sam?'); `hint` says what the comment might cover. */
export function ReviewForm({ answer: refused, question, hint }: { answer?: FormAnswer | null; question: ReactNode; hint?: string }) {
  const answer = useUnfixedAnswer('review-form', refused)
  const form = answeredForm<'rating' | 'comment'>('review-form', answer)
  const rating = form.field('rating')
  const comment = form.field('comment')
  const busy = useSubmitting('review')
  return (
    <Form method="post" preventScrollReset id={form.id} className="space-y-4">
      <input type="hidden" name="intent" value="review" />
      <AnswerSummary formId={form.id} answer={answer} labels={[['rating', 'Rating'], ['comment', 'Comment']]} />
      <fieldset id={rating.id} aria-describedby={rating.errors ? rating.errorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-stone-800">{question}</legend>
        {/* Stars 5 to 1 in the markup, shown 1 to 5: a checked star lights itself and every star before it. */}
        <div className="flex flex-row-reverse justify-end">
          {[5, 4, 3, 2, 1].map((value) => (
            <label
              key={value}
              className="star tap-target relative flex cursor-pointer items-center justify-center rounded-lg text-stone-300 has-focus-visible:ring-2 has-focus-visible:ring-brand-600 has-checked:text-amber-500 [.star:has(:checked)~&]:text-amber-500"
            >
              <input
                type="radio"
                name={rating.name}
                value={value}
                defaultChecked={rating.initialValue === String(value)}
                aria-label={value === 1 ? '1 star' : `${value} stars`}
                aria-invalid={rating.errors ? true : undefined}
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
              />
              <Star />
            </label>
          ))}
        </div>
        <FormErrors id={rating.errorId} errors={rating.errors} />
      </fieldset>
      <div>
        <label htmlFor={comment.id} className="mb-1 block text-sm font-medium text-stone-800">
          Comment (optional)
        </label>
        <textarea id={comment.id} name={comment.name} defaultValue={comment.initialValue} {...comment.aria} maxLength={maxReviewLength} className={textareaClass} />
        <p className="text-sm text-stone-500">
          {hint ? `${hint} ` : ''}Up to {formatCount(maxReviewLength)} characters.
        </p>
        <FormErrors id={comment.errorId} errors={comment.errors} />
      </div>
      <Button type="submit" disabled={busy} className="tap-target w-full sm:w-auto">
        {busy ? 'Posting...' : 'Post Review'}
      </Button>
    </Form>
  )
}

export function ReplyForm({ answer: refused }: { answer?: FormAnswer | null }) {
  const answer = useUnfixedAnswer('reply-form', refused)
  const form = answeredForm<'reply'>('reply-form', answer)
  const reply = form.field('reply')
  const busy = useSubmitting('reply')
  return (
    <Form method="post" preventScrollReset id={form.id} className="space-y-3">
      <input type="hidden" name="intent" value="reply" />
      <AnswerSummary formId={form.id} answer={answer} labels={[['reply', 'Reply']]} />
      <div>
        <label htmlFor={reply.id} className="mb-1 block text-sm font-medium text-stone-800">
          Your reply
        </label>
        <textarea id={reply.id} name={reply.name} defaultValue={reply.initialValue} {...reply.aria} maxLength={maxReviewLength} className={textareaClass} />
        <FormErrors id={reply.errorId} errors={reply.errors} />
      </div>
      <Button type="submit" disabled={busy} className="tap-target">
        {busy ? 'Posting...' : 'Post Reply'}
      </Button>
    </Form>
  )
}

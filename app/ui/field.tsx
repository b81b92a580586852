import type { FieldMetadata } from '@conform-to/react'
import { getInputProps, getTextareaProps } from '@conform-to/react'
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react'

/** The look of a text input or textarea, for forms that do not go through conform's fields below. */
export const textControlClass =
  'tap-target w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500'

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <ul id={id} className="mt-1 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}

type InputType = 'text' | 'email' | 'password' | 'tel' | 'number' | 'search' | 'url' | 'date' | 'time'

export function TextField({
  label,
  field,
  type = 'text',
  inputProps,
}: {
  label: string
  field: FieldMetadata<string | number | undefined>
  type?: InputType
  inputProps?: InputHTMLAttributes<HTMLInputElement>
}) {
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input {...getInputProps(field, { type })} {...inputProps} key={field.key} className={textControlClass} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  )
}

export function TextAreaField({
  label,
  field,
  textareaProps,
}: {
  label: string
  field: FieldMetadata<string | undefined>
  textareaProps?: TextareaHTMLAttributes<HTMLTextAreaElement>
}) {
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <textarea {...getTextareaProps(field)} {...textareaProps} key={field.key} className={`${textControlClass} min-h-28`} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  )
}

import type { ReactNode } from 'react'
import { href, Link } from 'react-router'
import { weekdays } from '#app/features/availability/weekdays.ts'
import { formatUsd } from '#app/lib/money.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { type AnsweredField, FormErrors } from '#app/ui/form-answer.tsx'
import { PawIcon } from '#app/ui/icons.tsx'

// Pieces the request screens and the booking wizards share: a titled part of the form, the sitter's
// weekly hours, 'no dogs', the dog choice, a choice card (a time, a duration, a service).

export const textInputClass =
  'tap-target w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500'

const choiceClass =
  'tap-target flex cursor-pointer items-center gap-3 rounded-xl border border-stone-200 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600'

export function FormPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}

export function WeeklyHours({ name, weekly }: { name: string; weekly: readonly { weekday: number; startTime: string; endTime: string }[] }) {
  if (weekly.length === 0) return <p className="text-sm text-stone-600">{name} takes requests any day.</p>
  return (
    <div className="text-sm">
      <p className="font-medium text-stone-800">{name}’s weekly hours</p>
      <ul className="text-stone-700">
        {weekdays.map((day) => {
          const ranges = weekly.filter((range) => range.weekday === day.value)
          return (
            <li key={day.value} className="flex justify-between gap-3">
              <span>{day.short}</span>
              <span className={ranges.length ? '' : 'text-stone-500'}>{ranges.length ? ranges.map((r) => `${r.startTime} - ${r.endTime}`).join(', ') : 'Not working'}</span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

export function NoDogs() {
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center">
      <PawIcon className="size-10 text-stone-400" />
      <p className="font-medium">You don't have any dogs registered</p>
      <Link to={href('/dogs/new')} className="tap-target inline-flex items-center rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
        Add a Dog
      </Link>
    </div>
  )
}

export type DogOption = { id: string; name: string; breed: string; photo: string | null }

/**
 * One radio per dog of the owner, or 'You don't have any dogs registered' with Add a Dog. `several`: a sitter
 * who takes several dogs, so one checkbox per dog (named `several.name`), `several.chosen` ticked.
 */
export function DogChoices({ field, dogs, several }: { field: AnsweredField; dogs: readonly DogOption[]; several?: { name: string; chosen: readonly string[] } }) {
  if (dogs.length === 0) return <NoDogs />
  return (
    <fieldset id={field.id} aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="sr-only">{several ? 'Dogs' : 'Dog'}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {dogs.map((dog) => (
          <label key={dog.id} className={`${choiceClass} p-3`}>
            <input
              type={several ? 'checkbox' : 'radio'}
              name={several ? several.name : field.name}
              value={dog.id}
              defaultChecked={several ? several.chosen.includes(dog.id) : field.initialValue === dog.id}
              className="size-5 accent-brand-700"
            />
            <Avatar photo={dog.photo} kind="dog" size="sm" />
            <span>
              <bdi className="block font-medium">{dog.name}</bdi>
              <span className="block text-sm text-stone-600">{dog.breed}</span>
            </span>
          </label>
        ))}
      </div>
      <FormErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  )
}

/**
 * One choice of a request form as a card: a label, an optional line under it, something on the right (a
 * price, a rate); disabled, with the reason, when the sitter cannot take it on the chosen day.
 */
export function ChoiceCard({
  name,
  value,
  label,
  detail = null,
  aside = null,
  checked,
  refusal = null,
  multiple = false,
}: {
  name: string
  value: string
  label: string
  /** A line under the label ('08:00 - 12:00'). */
  detail?: string | null
  /** What the right of the card shows (a price, a rate). */
  aside?: ReactNode
  checked: boolean
  refusal?: string | null
  /** A checkbox among several that can be chosen together (the multi-period form). */
  multiple?: boolean
}) {
  return (
    <label className={`${choiceClass} justify-between px-3 py-2 ${refusal ? 'cursor-not-allowed opacity-60' : ''}`}>
      <span className="flex items-center gap-3">
        <input type={multiple ? 'checkbox' : 'radio'} name={name} value={value} defaultChecked={checked && !refusal} disabled={Boolean(refusal)} className="size-5 accent-brand-700" />
        <span>
          <span className="block font-medium">{label}</span>
          {detail ? <span className="block text-sm text-stone-600">{detail}</span> : null}
          {refusal ? <span className="block text-sm text-stone-700">{refusal}</span> : null}
        </span>
      </span>
      {aside === null ? null : <span className="text-right text-sm font-medium text-stone-700">{aside}</span>}
    </label>
  )
}

/** A price on a choice card, when the sitter has a rate for the service. */
export const priceAside = (priceCents: number | null) => (priceCents === null ? null : formatUsd(priceCents))

import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from './button.tsx'

// The filters of a list page's GET form (/sitters, /dogs/available): a 'Filters' disclosure that says how
// many are set and stays open while any is, plain checkboxes (each checked option a repeated parameter),
// and Apply beside a link back to no filters. Every filtered list stays a link and works without JS.

export function FilterSheet({ activeCount, className = '', children }: { activeCount: number; className?: string; children: ReactNode }) {
  return (
    <details className="rounded-xl border border-stone-200 bg-white" open={activeCount > 0}>
      <summary className="tap-target flex cursor-pointer items-center gap-2 px-4 font-medium">
        <span>Filters</span>
        {activeCount > 0 ? (
          <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">
            {activeCount}
            <span className="sr-only"> active</span>
          </span>
        ) : null}
      </summary>
      <div className={`gap-5 border-t border-stone-200 px-4 py-4 ${className}`}>{children}</div>
    </details>
  )
}

export function FilterCheckboxes<Option extends string>({
  legend,
  name,
  options,
  labelOf,
  checked,
}: {
  legend: string
  name: string
  options: readonly Option[]
  labelOf: (option: Option) => string
  checked: readonly string[]
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-stone-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-5">
        {options.map((option) => (
          <FilterCheckbox key={option} name={name} value={option} label={labelOf(option)} checked={checked.includes(option)} />
        ))}
      </div>
    </fieldset>
  )
}

export function FilterCheckbox({ name, value, label, checked }: { name: string; value: string; label: string; checked: boolean }) {
  return (
    <label className="tap-target flex items-center gap-2">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="size-4 rounded border-stone-300 accent-brand-700" />
      {label}
    </label>
  )
}

/** Apply, and `clear` (a link to the list without filters, the search kept) while any filter is set. */
export function FilterActions({ activeCount, clear, className = '' }: { activeCount: number; clear: { label: string; to: string }; className?: string }) {
  return (
    <div className={`flex gap-2 ${className}`}>
      <Button type="submit" className="flex-1 md:flex-none">
        Apply filters
      </Button>
      {activeCount > 0 ? (
        <Link
          to={clear.to}
          className="tap-target inline-flex flex-1 items-center justify-center rounded-lg border border-stone-300 bg-white px-4 font-medium text-stone-900 hover:bg-stone-100 md:flex-none"
        >
          {clear.label}
        </Link>
      ) : null}
    </div>
  )
}

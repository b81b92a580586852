import { useState } from 'react'
import { useHydrated } from './use-hydrated.ts'

/**
 * A number picked on a slider (dog weight, distance). The form's value is the number field, which
 * shows the chosen number and works without JavaScript; with JavaScript a slider joins it and the two
 * move together. A slider alone cannot show its value without a script (decision 014).
 */
export function SliderField({
  id,
  name,
  label,
  unit,
  min,
  max,
  step,
  defaultValue,
  errorId,
  invalid = false,
}: {
  id: string
  name: string
  label: string
  /** 'kg', 'miles': after the number, and in the slider's spoken value. */
  unit: string
  min: number
  max: number
  step: number
  defaultValue: number | string
  /** The id of the field's error message, when it has one. */
  errorId?: string
  invalid?: boolean
}) {
  const hydrated = useHydrated()
  const [value, setValue] = useState(String(defaultValue))
  const rangeId = `${id}-range`
  const hintId = `${id}-hint`
  const describedBy = [hintId, invalid ? errorId : undefined].filter(Boolean).join(' ')
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="flex items-center gap-3">
        {hydrated ? (
          <input
            id={rangeId}
            type="range"
            min={min}
            max={max}
            step={step}
            value={value === '' ? min : value}
            onChange={(event) => setValue(event.currentTarget.value)}
            aria-label={label}
            aria-valuetext={`${value} ${unit}`}
            className="tap-target min-w-0 flex-1 accent-brand-700"
          />
        ) : null}
        <span className="flex items-center gap-2">
          <input
            id={id}
            name={name}
            type="number"
            inputMode="decimal"
            min={min}
            max={max}
            step={step}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className="tap-target w-20 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base tabular-nums shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500"
          />
          <span className="text-stone-700">{unit}</span>
        </span>
      </div>
      <p id={hintId} className="mt-1 text-xs text-stone-500">
        From {min} to {max} {unit}
      </p>
    </div>
  )
}

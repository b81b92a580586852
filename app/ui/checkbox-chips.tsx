import { type FieldMetadata, getCollectionProps } from '@conform-to/react'
import { FieldErrors } from './field.tsx'

/** A conform list field as a wrap of checkbox chips (traits, activities, sizes, ages...). */
export function CheckboxChips<Option extends string>({
  legend,
  hideLegend = false,
  field,
  options,
  labelOf = (option) => option,
  emojiOf,
}: {
  legend: string
  /** When a section heading already says it: the legend stays for screen readers. */
  hideLegend?: boolean
  field: FieldMetadata<Option[] | string[] | undefined>
  options: readonly Option[]
  labelOf?: (option: Option) => string
  emojiOf?: (option: Option) => string
}) {
  return (
    <fieldset id={field.id} aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className={hideLegend ? 'sr-only' : 'mb-2 text-sm font-medium text-stone-800'}>{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {getCollectionProps(field, { type: 'checkbox', options: [...options] }).map(({ key, ...props }) => (
          <label
            key={key}
            className="tap-target flex cursor-pointer items-center gap-2 rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
          >
            <input {...props} id={optionId(props.id)} className="size-4 accent-brand-700" />
            {emojiOf ? <span aria-hidden>{emojiOf(props.value as Option)}</span> : null}
            {labelOf(props.value as Option)}
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  )
}

/** conform names an option's input `<field id>-<option>`; an id may not contain spaces ('Dog Park'). */
export const optionId = (conformId: string) => conformId.replaceAll(/\s+/g, '-')

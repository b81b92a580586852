import { Link } from 'react-router'

export type LinkTab<Value extends string> = { value: Value; label: string }

/**
 * Tabs that are plain links (usually `?tab=`), so they work without JavaScript; the current one is
 * marked `aria-current="page"`. `replace` keeps tab switches out of the history.
 */
export function LinkTabs<Value extends string>({
  label,
  tabs,
  current,
  hrefFor,
  replace,
}: {
  label: string
  tabs: readonly LinkTab<Value>[]
  current: Value
  hrefFor: (value: Value) => string
  replace?: boolean
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex gap-1 rounded-xl bg-stone-200/70 p-1">
        {tabs.map((tab) => (
          <li key={tab.value} className="flex-1">
            <Link
              to={hrefFor(tab.value)}
              replace={replace}
              preventScrollReset
              aria-current={tab.value === current ? 'page' : undefined}
              className={`tap-target flex items-center justify-center rounded-lg px-3 py-2 text-center text-sm font-medium ${
                tab.value === current ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-600 hover:text-stone-900'
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

import { Link } from 'react-router'

export type LinkTab<Value extends string> = { value: Value; label: string }

/**
 * Tabs that are plain links (usually `?tab=`), so they work without JavaScript; the current one is
 * marked `aria-current="page"`. `replace` keeps tab switches out of the history. They lead to the page
 * they are on (nothing for React Router to discover: `discover="none"`). Their look is the `link-tabs`
 * classes of app.css.
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
      <ul className="link-tabs">
        {tabs.map((tab) => (
          <li key={tab.value}>
            <Link to={hrefFor(tab.value)} replace={replace} preventScrollReset discover="none" aria-current={tab.value === current ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

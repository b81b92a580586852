import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Form, href, Link, useFetcher, useNavigate, useNavigation } from 'react-router'
import type { Route } from './+types/sitters'
import { getOptionalUser } from '#app/features/accounts/user-context.ts'
import { getExactPoint } from '#app/features/accounts/users.server.ts'
import { type DogSize, dogSizes } from '#app/features/dogs/options.ts'
import { type SitterSummary, SitterListItem, toSitterSummary } from '#app/features/sitters/components/sitter-list-item.tsx'
import { serviceLabels, type SitterService, sitterServices } from '#app/features/sitters/options.ts'
import {
  countActiveFilters,
  type SitterListFilters,
  sitterListSearch,
} from '#app/features/sitters/sitter-list-filters.ts'
import { readSitterListQuery } from '#app/features/sitters/sitter-list-query.ts'
import { listSittersForPage } from '#app/features/sitters/sitter-list.server.ts'
import { defaultTimeZone, localDateTime } from '#app/lib/zoned-time.ts'
import { formatCount } from '#app/lib/number-format.ts'
import { Button } from '#app/ui/button.tsx'
import { EmptyState, ErrorState } from '#app/ui/data-states.tsx'
import { AlertIcon } from '#app/ui/icons.tsx'
import { FilterActions, FilterCheckbox, FilterCheckboxes, FilterSheet } from '#app/ui/filter-sheet.tsx'
import { Page } from '#app/ui/page.tsx'

// /sitters (spec section 2, 'Sitters list'; issue 9): search and filters are one GET form, so every list
// is a link and works without JavaScript; with it, typing searches after 500 ms and a filter applies when
// it changes. 10 sitters a page: Load More appends the next page through a fetcher, or without
// JavaScript is a link to ?page=N, which shows pages 1 to N so nothing read scrolls away. Anonymous
// visitors share one render per URL (decision 018).

export const handle = { publicCache: true }

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = getOptionalUser(context)
  const { filters, pages, problems } = readSitterListQuery(url.searchParams)
  const origin = filters.near && user ? await getExactPoint(user.id) : null
  const { sitters, total } = await listSittersForPage(filters, pages, origin)
  return {
    filters,
    pages,
    problems,
    sitters: sitters.map(toSitterSummary),
    total,
    /** Why 'Nearest to me first' could not sort: nobody signed in, or no location on the account. */
    nearUnavailable: filters.near && !origin ? (user ? ('no-location' as const) : ('signed-out' as const)) : null,
    today: localDateTime(Date.now(), defaultTimeZone).date,
  }
}

type LoaderData = Route.ComponentProps['loaderData']

export default function SittersRoute({ loaderData }: Route.ComponentProps) {
  const { filters, problems, nearUnavailable } = loaderData
  return (
    <Page width="wide" className="space-y-5">
      <h1 className="text-2xl font-bold md:text-3xl">Dog sitters</h1>
      <SearchForm filters={filters} today={loaderData.today} />
      {problems.length > 0 ? (
        <div role="alert" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <AlertIcon className="size-5 shrink-0" />
          <div>
            <p className="font-medium">Some of the search could not be used and was left out:</p>
            <ul className="list-disc pl-5">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      {nearUnavailable ? <NearMeHint reason={nearUnavailable} filters={filters} /> : null}
      {/* A new search starts a new list: pages appended to the old one go with it. */}
      <SitterResults key={sitterListSearch(filters)} data={loaderData} />
    </Page>
  )
}

// ---- search and filters ----

const fieldClass =
  'tap-target w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100'

/** The filters a form holds right now (the same reading as the loader's, without validation). */
function filtersOfForm(form: HTMLFormElement): SitterListFilters {
  const data = new FormData(form)
  const text = (name: string) => {
    const value = data.get(name)
    return typeof value === 'string' ? value.trim() : ''
  }
  return {
    search: text('search'),
    service: (text('service') || null) as SitterService | null,
    sizes: data.getAll('size').map(String) as DogSize[],
    date: text('date') || null,
    near: data.get('near') === '1',
  }
}

function SearchForm({ filters, today }: { filters: SitterListFilters; today: string }) {
  const navigate = useNavigate()
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined)
  // The list this form asked for last. When the page shows another one (Back, a 'Clear' link) the form
  // is drawn again from it; when it shows this form's own search, it is left alone, so typing goes on.
  const [sent, setSent] = useState<string | null>(null)
  const shown = sitterListSearch(filters)
  const [drawn, setDrawn] = useState({ key: 0, search: shown })
  if (shown !== drawn.search) setDrawn({ key: shown === sent ? drawn.key : drawn.key + 1, search: shown })
  useEffect(() => () => clearTimeout(debounce.current), [])

  function search(form: HTMLFormElement, { replace }: { replace: boolean }) {
    clearTimeout(debounce.current)
    const query = sitterListSearch(filtersOfForm(form))
    setSent(query)
    void navigate(`${href('/sitters')}${query}`, { replace, preventScrollReset: true })
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    // Typed fields wait for a pause (a date is typed digit by digit); choices apply at once.
    if (['search', 'date'].includes((event.target as HTMLInputElement).type)) {
      clearTimeout(debounce.current)
      debounce.current = setTimeout(() => search(form, { replace: true }), 500)
    } else {
      search(form, { replace: false })
    }
  }

  const activeCount = countActiveFilters(filters)
  return (
    <Form
      key={drawn.key}
      method="get"
      action={href('/sitters')}
      className="space-y-3"
      onChange={onChange}
      onSubmit={(event) => {
        event.preventDefault()
        search(event.currentTarget, { replace: false })
      }}
    >
      <div role="search" className="flex gap-2">
        <label htmlFor="sitters-search" className="sr-only">
          Search sitters by name, area or service
        </label>
        <input
          id="sitters-search"
          type="search"
          name="search"
          defaultValue={filters.search}
          maxLength={100}
          placeholder="Search by name, area or service"
          autoComplete="off"
          enterKeyHint="search"
          className={`${fieldClass} min-w-0 flex-1`}
        />
        <Button type="submit">Search</Button>
      </div>
      <FilterSheet activeCount={activeCount} className="grid md:grid-cols-2">
        <div>
          <label htmlFor="sitters-service" className="mb-1 block text-sm font-medium text-stone-800">
            Service
          </label>
          <select id="sitters-service" name="service" defaultValue={filters.service ?? ''} className={fieldClass}>
            <option value="">Any service</option>
            {sitterServices.map((service) => (
              <option key={service} value={service}>
                {serviceLabels[service]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="sitters-date" className="mb-1 block text-sm font-medium text-stone-800">
            Free on
          </label>
          <input id="sitters-date" type="date" name="date" min={today} defaultValue={filters.date ?? ''} className={fieldClass} />
        </div>
        <FilterCheckboxes legend="Takes dogs that are" name="size" options={dogSizes} labelOf={(size) => sizeLabels[size]} checked={filters.sizes} />
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-stone-800">Order</legend>
          <FilterCheckbox name="near" value="1" label="Nearest to me first" checked={filters.near} />
        </fieldset>
        <FilterActions
          activeCount={activeCount}
          clear={{ label: 'Clear filters', to: `${href('/sitters')}${sitterListSearch({ ...noFilters, search: filters.search })}` }}
          className="md:col-span-2"
        />
      </FilterSheet>
    </Form>
  )
}

const sizeLabels: Record<DogSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' }

const noFilters: SitterListFilters = { search: '', service: null, sizes: [], date: null, near: false }

function NearMeHint({ reason, filters }: { reason: 'signed-out' | 'no-location'; filters: SitterListFilters }) {
  const back = `${href('/sitters')}${sitterListSearch(filters)}`
  return (
    <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      {reason === 'signed-out' ? (
        <>
          <Link to={`${href('/login')}?${new URLSearchParams({ redirectTo: back })}`} className="font-medium underline underline-offset-2">
            Sign in
          </Link>{' '}
          to see the sitters nearest to you first.
        </>
      ) : (
        <>
          <Link to={href('/profile/edit')} className="font-medium underline underline-offset-2">
            Add your location to your profile
          </Link>{' '}
          to see the sitters nearest to you first.
        </>
      )}
    </p>
  )
}

// ---- the list ----

function SitterResults({ data }: { data: LoaderData }) {
  const { filters, pages, total } = data
  const navigation = useNavigation()
  const fetcher = useFetcher<typeof loader>()
  const [appended, setAppended] = useState<{ sitters: SitterSummary[]; last: number; firstNew: number | null }>({
    sitters: [],
    last: pages.last,
    firstNew: null,
  })
  const list = useRef<HTMLOListElement>(null)

  // A page the fetcher brought joins the list.
  const page = fetcher.data
  if (fetcher.state === 'idle' && page && page.pages.first === appended.last + 1) {
    setAppended({
      sitters: [...appended.sitters, ...page.sitters],
      last: page.pages.last,
      firstNew: data.sitters.length + appended.sitters.length,
    })
  }
  // The address follows without a navigation (which would load every page again), so Back from a profile
  // and a reload show the same list; keyboard and screen reader users land on the first new sitter.
  const withPages = (last: number, first?: number) => `${href('/sitters')}${sitterListSearch(filters, { last, first })}`
  const addressOfList = withPages(appended.last)
  useEffect(() => {
    if (appended.firstNew === null) return
    window.history.replaceState(window.history.state, '', addressOfList)
    list.current?.querySelectorAll('a')[appended.firstNew]?.focus()
  }, [appended, addressOfList])

  const sitters = [...data.sitters, ...appended.sitters]
  const searching = navigation.state === 'loading' && navigation.location.pathname === href('/sitters')
  const hasFilters = filters.search !== '' || countActiveFilters(filters) > 0

  if (total > 0 && sitters.length === 0) {
    return (
      <EmptyState
        title="No more sitters"
        description={`All ${formatCount(total)} sitters come before this page.`}
        action={
          <Link to={withPages(1)} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
            Back to the first sitters
          </Link>
        }
      />
    )
  }
  if (total === 0) {
    return (
      <EmptyState
        title="No dog sitters found"
        description={hasFilters ? 'Try other words or fewer filters.' : 'No sitters have joined yet. Check back soon.'}
        action={
          hasFilters ? (
            <Link to={href('/sitters')} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
              Show all sitters
            </Link>
          ) : null
        }
      />
    )
  }

  const shownThrough = appended.last
  const next = shownThrough + 1
  const loadingMore = fetcher.state !== 'idle'
  return (
    <section aria-labelledby="sitters-count" aria-busy={searching || loadingMore} className={searching ? 'opacity-60 transition-opacity' : undefined}>
      <h2 id="sitters-count" className="mb-3 text-sm font-medium text-stone-600" aria-live="polite">
        {total === 1 ? '1 dog sitter' : `${formatCount(total)} dog sitters`}
        {filters.near && !data.nearUnavailable ? ', nearest first' : ''}
        {searching ? ' · Searching...' : ''}
      </h2>
      {pages.first > 1 ? (
        <p className="mb-3">
          <Link
            to={withPages(pages.first - 1)}
            className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4"
          >
            Show earlier sitters
          </Link>
        </p>
      ) : null}
      <ol ref={list} className="grid gap-3 md:grid-cols-2" start={(pages.first - 1) * 10 + 1}>
        {sitters.map((sitter, index) => (
          <li key={sitter.id} id={`sitter-${(pages.first - 1) * 10 + index + 1}`}>
            {/* The first three fill a phone's first screen: the first photo is its largest paint. */}
            <SitterListItem sitter={sitter} eager={index < 3} />
          </li>
        ))}
      </ol>
      {shownThrough * 10 < total ? (
        <div className="mt-5 flex flex-col items-center gap-2">
          <p className="text-sm text-stone-600">
            Showing {formatCount((pages.first - 1) * 10 + sitters.length)} of {formatCount(total)}
          </p>
          {/* Without JavaScript a link to the list with one page more, scrolled to its first new sitter. */}
          <Link
            to={`${withPages(next)}#sitter-${shownThrough * 10 + 1}`}
            preventScrollReset
            aria-disabled={loadingMore || undefined}
            onClick={(event) => {
              event.preventDefault()
              if (!loadingMore) void fetcher.load(withPages(next, next))
            }}
            className="tap-target inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-6 font-medium text-stone-900 hover:bg-stone-100"
          >
            {loadingMore ? (
              <>
                <span className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-brand-600" aria-hidden />
                Loading...
              </>
            ) : (
              'Load More'
            )}
          </Link>
        </div>
      ) : null}
    </section>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.filters.search ? `Dog sitters: ${loaderData.filters.search} | Pawpal` : 'Dog sitters | Pawpal' },
  { name: 'description', content: 'Find a dog sitter or walker near you: real rates, real reviews.' },
]

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : null
  return (
    <Page width="wide">
      <h1 className="text-2xl font-bold md:text-3xl">Dog sitters</h1>
      <ErrorState title="Could not load sitters" status={status} message={status ? null : 'The sitters could not be loaded. Please try again.'} />
    </Page>
  )
}

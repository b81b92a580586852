import { type ComponentType, lazy, memo, Suspense, useEffect, useId, useSyncExternalStore } from 'react'

/**
 * A part of a page that only some of its states show (a booking's visit log, its reviews...), or that can
 * wait for the rest of the page (a photo picker), whose script the browser loads only when the page shows it
 * (DESIGN.md section 8's JavaScript budget).
 *
 * The server renders it at once, so the HTML is whole with or without JavaScript (entry.server waits for
 * `serverPartsLoaded` before its first render). In the browser the part keeps the server's HTML until its
 * script has come and then hydrates on its own, inside its Suspense boundary. The wrapper is memoised: a
 * boundary updated before its script has come is rendered again on the client, dropping its HTML and
 * whatever was chosen in it, so the page re-rendering around it (a form validating as you type) must not
 * reach it while its props stay the same.
 */
export function shownLater<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  {
    everyVisit = false,
  }: {
    /**
     * The page shows it on every visit (a form's photo section): after a client-side navigation its script
     * loads beside the page's data, when the page's module runs, rather than after the page has rendered
     * without it, so it does not appear a round trip later and push what is below it down.
     */
    everyVisit?: boolean
  } = {},
) {
  if (import.meta.env.SSR) return withSuspense(loadedOnServer(load))
  let loading: Promise<ComponentType<Props>> | undefined
  const start = () => (loading ??= load())
  // On the first page of a visit the module runs before the page's first render, which starts the script soon
  // enough; by a client-side navigation (the document loaded) the module runs before the page's data has come.
  if (everyVisit && document.readyState === 'complete') start().catch(() => undefined)
  return withSuspense(lazy<ComponentType<Props>>(() => start().then(asModule, () => asModule(PartNotLoaded))))
}

function withSuspense<Props extends object>(Part: ComponentType<Props>) {
  return memo(function ShownLater(props: Props) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    )
  })
}

const loadingOnServer: Promise<unknown>[] = []

/** Resolves once every part the server may render has loaded (at once after the first time). */
export const serverPartsLoaded = () => Promise.all(loadingOnServer)

function loadedOnServer<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let Part: ComponentType<Props> | null = null
  loadingOnServer.push(load().then((component) => (Part = component)))
  return function LoadedOnServer(props: Props) {
    if (!Part) throw new Error('A part was rendered before serverPartsLoaded() resolved')
    return <Part {...props} />
  }
}

const asModule = <Component,>(component: Component) => ({ default: component })

/** The parts on screen whose script failed, first mounted first: only the first says so, as one reload mends them all. */
let failedParts: readonly string[] = []
const failureListeners = new Set<() => void>()
const setFailedParts = (parts: readonly string[]) => {
  failedParts = parts
  for (const listener of failureListeners) listener()
}
const subscribeToFailures = (listener: () => void) => (failureListeners.add(listener), () => failureListeners.delete(listener))

function PartNotLoaded() {
  const id = useId()
  const saysSo = useSyncExternalStore(subscribeToFailures, () => failedParts[0] === id, () => false)
  useEffect(() => {
    setFailedParts([...failedParts, id])
    return () => setFailedParts(failedParts.filter((part) => part !== id))
  }, [id])
  if (!saysSo) return null
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
      A part of this page could not be loaded. Please reload the page.
    </p>
  )
}

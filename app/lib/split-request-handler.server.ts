import { createRequestHandler, type ServerBuild } from 'react-router'
import { isApiPath } from './refused-request.server.ts'

type Build = ServerBuild | (() => Promise<ServerBuild>)
type Route = { id: string; parentId?: string; path?: string }

/**
 * React Router's request handler for the app as several handlers of one build: one knows the API's routes
 * (/api/...), one all the pages' (it answers the manifest requests of lazy route discovery, and any path no section
 * claims), and one per section of the pages, the routes that share a first path segment (`/bookings`,
 * `/bookings/:id`, ...) with the home page and the not-found page. React Router rebuilds its route objects on
 * every render and matches a path against its whole route table several times a request (the request, the render,
 * each parent path of the partial manifest), so a request pays for the routes of its section only (issue 34,
 * decisions 093 and 097).
 */
export function createSplitRequestHandler(build: Build, mode: 'development' | 'production') {
  if (typeof build === 'function') {
    // The dev server's build changes under it: split again on each request (API and pages only), as React Router
    // reads it again.
    const handler = (part: 'api' | 'pages') => createRequestHandler(async () => splitServerBuild(await build())[part], mode)
    const [api, pages] = [handler('api'), handler('pages')]
    return (request: Request) => (isApiPath(new URL(request.url).pathname) ? api : pages)(request)
  }
  const split = splitServerBuild(build)
  const api = createRequestHandler(split.api, mode)
  const pages = createRequestHandler(split.pages, mode)
  const sections = new Map([...split.sections].map(([name, part]) => [name, createRequestHandler(part, mode)]))
  return (request: Request) => {
    const { pathname } = new URL(request.url)
    if (isApiPath(pathname)) return api(request)
    const section = sectionOf(pathname)
    return ((section !== undefined && sections.get(section)) || pages)(request)
  }
}

/**
 * The build as each handler sees it: the API's routes, all the pages', and the pages' by section (the first
 * segment of their path, lower case; '' is the home page's), each with the routes every page request may need:
 * the root layout, the home page (the partial manifest names what matches each parent path, `/` among them) and
 * the not-found page, which answers what no route of the section matches.
 */
export function splitServerBuild(build: ServerBuild) {
  const routes = Object.values(build.routes).filter((route) => route !== undefined)
  const pageRoutes = routes.filter((route) => !isApiPath(fullPath(build.routes, route)))
  const everywhere = pageRoutes.filter((route) => route.index || staticFirstSegment(fullPath(build.routes, route)) === undefined)
  const sections = new Map<string, Set<string>>()
  for (const route of pageRoutes) {
    if (route.id === 'root') continue
    const section = route.index ? '' : staticFirstSegment(fullPath(build.routes, route))
    if (section === undefined) continue
    const ids = sections.get(section) ?? new Set(everywhere.map(({ id }) => id))
    sections.set(section, ids.add(route.id))
  }
  return {
    api: withRoutes(build, (route) => isApiPath(fullPath(build.routes, route))),
    pages: withRoutes(build, (route) => !isApiPath(fullPath(build.routes, route))),
    sections: new Map([...sections].map(([section, ids]) => [section, withRoutes(build, (route) => ids.has(route.id))])),
  }
}

/**
 * The section a page's path belongs to, as React Router matches it: without the `.data` of a data request,
 * percent-decoded, without regard to case; '' for the home page. Undefined where no section can be sure to hold
 * the route React Router would match (a segment it cannot decode, an empty first segment); the handler of all the
 * pages answers those.
 */
export function sectionOf(pathname: string): string | undefined {
  const path = pathname.endsWith('/_.data') ? pathname.slice(0, -'_.data'.length) : pathname.replace(/\.data$/, '')
  if (path === '/') return ''
  const first = path.split('/')[1]
  if (!first) return undefined
  try {
    return decodeURIComponent(first).toLowerCase()
  } catch {
    return undefined
  }
}

/** The first segment of a route's path when it is written as it is (no `:param`, `?` or `*`), lower case. */
function staticFirstSegment(path: string) {
  const first = path.split('/')[1]
  return first && /^[\w.~-]+$/.test(first) ? first.toLowerCase() : undefined
}

/** The build with the routes that `belong`, and their parents (the root layout, its middleware). */
function withRoutes(build: ServerBuild, belongs: (route: Route) => boolean): ServerBuild {
  const kept = new Set<string>()
  for (const route of Object.values(build.routes)) {
    if (!route || !belongs(route)) continue
    for (let at: Route | undefined = route; at; at = at.parentId ? build.routes[at.parentId] : undefined) kept.add(at.id)
  }
  const only = <T,>(routes: Record<string, T>) => Object.fromEntries(Object.entries(routes).filter(([id]) => kept.has(id)))
  return { ...build, routes: only(build.routes), assets: { ...build.assets, routes: only(build.assets.routes) } }
}

function fullPath(routes: ServerBuild['routes'], route: Route): string {
  const parent = route.parentId ? routes[route.parentId] : undefined
  const own = (route.path ?? '').replace(/^\//, '')
  if (!parent) return `/${own}`.replace(/\/+$/, '') || '/'
  const above = fullPath(routes, parent)
  return own ? `${above === '/' ? '' : above}/${own}` : above
}

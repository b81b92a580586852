import { createRequestHandler, type ServerBuild } from 'react-router'
import { isApiPath } from './refused-request.server.ts'

type Build = ServerBuild | (() => Promise<ServerBuild>)
type Route = { id: string; parentId?: string; path?: string }

/**
 * React Router's request handler for the app as two handlers: one knows the API's routes (/api/...), the other
 * the pages'; each request goes to the one its path belongs to (`isApiPath`, the rule the app's guards use).
 * React Router rebuilds its route objects on every render and matches a path against its whole route table
 * several times a request (the request, the render, each parent path of the partial manifest), so a page no
 * longer pays for the 72 API routes, nor an API call for the pages (issue 34, decision 093).
 */
export function createSplitRequestHandler(build: Build, mode: 'development' | 'production') {
  const handler = (part: 'api' | 'pages') =>
    typeof build === 'function'
      ? // The dev server's build changes under it: split again on each request, as React Router reads it again.
        createRequestHandler(async () => splitServerBuild(await build())[part], mode)
      : createRequestHandler(splitServerBuild(build)[part], mode)
  const api = handler('api')
  const pages = handler('pages')
  return (request: Request) => (isApiPath(new URL(request.url).pathname) ? api : pages)(request)
}

/** The build as the API's handler sees it (routes under /api) and as the pages' sees it (the others). */
export function splitServerBuild(build: ServerBuild) {
  return { api: withRoutes(build, isApiPath), pages: withRoutes(build, (path) => !isApiPath(path)) }
}

/** The build with the routes whose full path `belongs`, and their parents (the root layout, its middleware). */
function withRoutes(build: ServerBuild, belongs: (path: string) => boolean): ServerBuild {
  const kept = new Set<string>()
  for (const route of Object.values(build.routes)) {
    if (!route || !belongs(fullPath(build.routes, route))) continue
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

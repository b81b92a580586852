import { href } from 'react-router'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { GeoPoint } from '#app/features/geo/distance.ts'
import { fromSitterListItemJson, type MapSitter, type SitterListItemJson } from '../map-sitter.ts'
import { bboxParameter, type ViewBounds } from './map-view-box.ts'

// The sitters of the area the map shows, loaded from GET /api/users/sitters?bbox=... as the map moves:
// debounced, at most 100, and only the answer for the newest area counts (older ones are aborted).

/** How long the map must rest before its area is loaded: a pan and a zoom in a row cost one request. */
const areaDebounceMs = 300
/** Spec section 9: the map's list holds up to 100 sitters. */
const mapListLimit = 100

export type SittersInView = {
  /**
   * `server`: the list the page came with (the server's nearest sitters), shown until the map's first
   * area has loaded; `loading`: a new area is on its way; `ready`: the sitters of the area shown;
   * `failed`: the area could not be loaded.
   */
  status: 'server' | 'loading' | 'ready' | 'failed'
  sitters: MapSitter[]
  /** How many sitters the area (or, for `server`, the whole list) holds; `sitters` has at most 100 of them. */
  total: number
}

type SittersAnswer = { data: SitterListItemJson[]; meta: { total: number } }

const isSittersAnswer = (body: unknown): body is SittersAnswer =>
  typeof body === 'object' && body !== null && Array.isArray((body as SittersAnswer).data) && typeof (body as SittersAnswer).meta?.total === 'number'

/** Three decimals (about 100 m): enough for distances shown to a tenth of a mile, less of the user in our logs. */
const roughly = (value: number) => Math.round(value * 1e3) / 1e3

/** The query of an area; with the user's position, nearest to them first and with distances. */
export function areaQuery(bounds: ViewBounds, near: GeoPoint | null) {
  const query = new URLSearchParams({ bbox: bboxParameter(bounds), limit: String(mapListLimit) })
  if (near) {
    query.set('lat', String(roughly(near.latitude)))
    query.set('lng', String(roughly(near.longitude)))
  }
  return query.toString()
}

export function useSittersInView(initial: { sitters: MapSitter[]; total: number }) {
  const [state, setState] = useState<SittersInView>(() => ({ status: 'server', sitters: initial.sitters, total: initial.total }))
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const inFlight = useRef<AbortController | null>(null)
  const lastQuery = useRef<string | null>(null)

  const load = useCallback(async (query: string) => {
    inFlight.current?.abort()
    const request = new AbortController()
    inFlight.current = request
    try {
      const response = await fetch(`${href('/api/users/sitters')}?${query}`, { signal: request.signal, headers: { accept: 'application/json' } })
      const body: unknown = response.ok ? await response.json() : null
      if (request.signal.aborted) return
      setState((current) => (isSittersAnswer(body) ? { status: 'ready', sitters: body.data.map(fromSitterListItemJson), total: body.meta.total } : { ...current, status: 'failed' }))
    } catch {
      if (!request.signal.aborted) setState((current) => ({ ...current, status: 'failed' }))
    }
  }, [])

  /** The map shows a new area: the list is out of date at once, and loads when the map has rested. */
  const showArea = useCallback(
    (bounds: ViewBounds, near: GeoPoint | null) => {
      const query = areaQuery(bounds, near)
      lastQuery.current = query
      clearTimeout(timer.current)
      inFlight.current?.abort()
      setState((current) => (current.status === 'server' ? current : { ...current, status: 'loading' }))
      timer.current = setTimeout(() => void load(query), areaDebounceMs)
    },
    [load],
  )

  const retry = useCallback(() => {
    if (!lastQuery.current) return
    setState((current) => ({ ...current, status: 'loading' }))
    void load(lastQuery.current)
  }, [load])

  useEffect(
    () => () => {
      clearTimeout(timer.current)
      inFlight.current?.abort()
    },
    [],
  )

  // One object while nothing changed: the list pane renders again only when the list did.
  return useMemo(() => ({ ...state, showArea, retry }), [state, showArea, retry])
}

// React Router decodes each segment of a path to match its routes; a segment that does not decode (`%E0%A4%A`,
// `%zz`) makes it log a warning, twice (it matches twice), and match the path as written. Any client could fill
// the log with them. server.ts writes such a segment's `%` as `%25` first, so that it decodes to what was written
// and matches as before, without a warning; a path that decodes is left as it is.

/** A request target (path and query) with the `%` of every path segment that does not decode written `%25`. */
export function withDecodablePath(target: string) {
  const queryStart = target.indexOf('?')
  const path = queryStart === -1 ? target : target.slice(0, queryStart)
  if (!path.includes('%')) return target
  let changed = false
  const segments = path.split('/').map((segment) => {
    if (decodes(segment)) return segment
    changed = true
    return segment.replaceAll('%', '%25')
  })
  return changed ? `${segments.join('/')}${queryStart === -1 ? '' : target.slice(queryStart)}` : target
}

function decodes(segment: string) {
  try {
    decodeURIComponent(segment)
    return true
  } catch {
    return false
  }
}

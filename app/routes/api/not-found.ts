import { jsonError } from '#app/lib/api.server.ts'

// Unknown API paths answer JSON, not the 404 page.
export const loader = () => jsonError(404, 'Not found')
export const action = () => jsonError(404, 'Not found')

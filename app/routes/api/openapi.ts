import { getOpenApiDocument } from '#app/api-docs/openapi.server.ts'
import { methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/openapi.json: this API as an OpenAPI 3.1 document (DESIGN.md section 4), public and cacheable.
export function loader() {
  return Response.json(getOpenApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } })
}

export const action = () => methodNotAllowed(['GET'])

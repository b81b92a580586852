import { createServer } from 'node:http'
import sharp from 'sharp'
import { listenOnLoopback, serveWhenRunDirectly } from './loopback-server.ts'

// A local stand-in for the map tile server (MAP_TILE_URL) on loopback: every /{z}/{x}/{y}.png is the
// same plain 256 px tile (paper with a faint grid), so maps render whole, offline, without a network
// error. Anything else is a 404. Run directly (`node tests/fakes/map-tiles.ts [--port N]`) it prints its
// URL template and keeps serving.

export type FakeMapTiles = {
  url: string
  /** The MAP_TILE_URL that points at this fake. */
  template: string
  close(): Promise<void>
}

const tileSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <rect width="256" height="256" fill="#f2efe9"/>
  <path d="M0 0.5H256M0.5 0V256M0 128.5H256M128.5 0V256" stroke="#e4ded3" stroke-width="1"/>
</svg>`

export async function startFakeMapTiles({ port = 0 }: { port?: number } = {}): Promise<FakeMapTiles> {
  const tile = await sharp(Buffer.from(tileSvg)).png().toBuffer()
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost')
    if (request.method === 'GET' && /^\/\d+\/\d+\/\d+\.png$/.test(pathname)) {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': tile.length, 'cache-control': 'public, max-age=3600' })
      response.end(tile)
      return
    }
    response.writeHead(404, { 'content-type': 'text/plain' })
    response.end('Not a tile')
  })
  const { origin, close } = await listenOnLoopback(server, port)
  return { url: origin, template: `${origin}/{z}/{x}/{y}.png`, close }
}

await serveWhenRunDirectly(import.meta.url, (port) => startFakeMapTiles({ port }), (fake) => fake.template)

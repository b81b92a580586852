// `node scripts/make-icons.ts`: the app icons of the web app manifest and iOS, drawn with sharp from the one
// source, public/favicon.svg, and committed (decision 052: they change when the logo does, not on every build).
// - icon-192.png, icon-512.png: the logo as it is (rounded corners), for install prompts and the app list.
// - icon-maskable-512.png: the paw inside the centre circle a launcher may crop to (80%), on a full square.
// - apple-touch-icon.png (180): a full square too; iOS rounds the corners itself and shows transparency black.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public')
const logo = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8')
const background = /<rect[^>]*fill="([^"]+)"/.exec(logo)?.[1]
const paw = /<g[\s\S]*<\/g>/.exec(logo)?.[0]
if (!background || !paw) throw new Error('favicon.svg should hold a background <rect> and the paw in one <g>')

/** The paw shrunk around the centre by `scale` on a square without rounded corners. */
const fullSquare = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${paw}</g></svg>`

const icons: [file: string, size: number, svg: string][] = [
  ['icon-192.png', 192, logo],
  ['icon-512.png', 512, logo],
  ['icon-maskable-512.png', 512, fullSquare(0.75)],
  ['apple-touch-icon.png', 180, fullSquare(0.9)],
]

for (const [file, size, svg] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, file))
  console.info(`public/${file} (${size}x${size})`)
}

import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

/**
 * One chunk for the code every page runs: the client entry, the root route and all they import statically
 * (React, React Router, the header, the toasts). Left to itself the bundler cuts it into a dozen chunks by
 * which routes share each module, and every page then pays each one's gzip overhead and import lines: about
 * 4.5 KB of every page's first load (DESIGN.md section 8, decision 081).
 */
function shellChunk(): Plugin {
  const shellEntry = /[\\/](entry\.client\.[jt]sx?|root\.tsx\?__react-router-build-client-route)$/
  const entries = new Set<string>()
  return {
    name: 'pawpal-shell-chunk',
    moduleParsed(module) {
      if (module.isEntry && shellEntry.test(module.id)) entries.add(module.id)
    },
    outputOptions(options) {
      let shell: Set<string> | undefined
      return {
        ...options,
        codeSplitting: {
          groups: [
            {
              name: (id, chunking) => {
                shell ??= staticImportsOf(entries, (moduleId) => chunking.getModuleInfo(moduleId)?.importedIds ?? [])
                return shell.has(id) ? 'shell' : null
              },
            },
          ],
        },
      }
    },
  }
}

/** `entries` and every module they reach through static imports. */
function staticImportsOf(entries: Iterable<string>, importsOf: (id: string) => readonly string[]) {
  const reached = new Set<string>()
  const visit = (id: string) => {
    if (reached.has(id)) return
    reached.add(id)
    for (const imported of importsOf(id)) visit(imported)
  }
  for (const entry of entries) visit(entry)
  return reached
}

/**
 * Every script and stylesheet of the client build also as `.br` (brotli at its best) and `.gz` (gzip -9) beside
 * it, which the server sends as they are (server.ts): smaller than what compressing each answer on the fly makes,
 * and without its CPU (decision 088).
 */
function precompressedAssets(): Plugin {
  const brotli = promisify(brotliCompress)
  const gzipped = promisify(gzip)
  return {
    name: 'pawpal-precompressed-assets',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle({ dir }, bundle) {
      if (!dir) return
      const files = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name))
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name)
          const source = await readFile(file)
          const best = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length }
          await writeFile(`${file}.br`, await brotli(source, { params: best }))
          await writeFile(`${file}.gz`, await gzipped(source, { level: 9 }))
        }),
      )
    },
  }
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), shellChunk(), precompressedAssets()],
  build: {
    assetsInlineLimit: 0,
    // A part shown later (app/ui/shown-later.tsx) may be a module other routes import statically: it is a chunk
    // of its own either way, loaded only where the part is shown, which this warning does not know.
    rolldownOptions: {
      checks: { ineffectiveDynamicImport: false },
      // Leaflet's modules that only add to its classes (popups, vector layers ...) are dropped when nothing uses them.
      treeshake: { moduleSideEffects: [{ test: /[\\/]leaflet[\\/]src[\\/](layer[\\/](vector[\\/]|GeoJSON|ImageOverlay|VideoOverlay|SVGOverlay|Popup|Tooltip|DivOverlay))/, sideEffects: false }] },
    },
  },
  resolve: { alias: [{ find: /^leaflet$/, replacement: path.resolve('app/lib/leaflet.client.ts') }] },
  server: { hmr: { port: 24678 } },
})

// Preloaded (`node --import`) into the server that tests/live-server/local-run.test.ts starts: as the process
// exits, it writes the React files it loaded to the file REACT_BUILDS_REPORT names. React's packages load their
// production or their development build (react/cjs/react.production.js or ...development.js) from NODE_ENV.
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { isMainThread } from 'node:worker_threads'

const reportFile = process.env.REACT_BUILDS_REPORT
if (isMainThread && reportFile) {
  const { cache } = createRequire(import.meta.url)
  process.on('exit', () => {
    // Node's ESM loader enters the files a CommonJS module may re-export in the cache unrun, to learn their names:
    // React's index.js names both builds. Only the one it ran is loaded.
    const ran = Object.entries(cache).flatMap(([file, module]) => (module?.loaded ? [file] : []))
    const reactFiles = ran.filter((file) => /[\\/]node_modules[\\/](react|react-dom)[\\/]cjs[\\/]/.test(file))
    writeFileSync(reportFile, JSON.stringify(reactFiles.map((file) => file.slice(file.lastIndexOf('node_modules')))))
  })
}

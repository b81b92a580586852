// `npm start` (after scripts/build-quietly.ts): serves build/ as a local run, in this process. The settings go
// into the environment before server.ts, and React with it, is loaded: React picks its build from NODE_ENV then.
import { localRunSettings } from './local-run.ts'

Object.assign(process.env, localRunSettings(process.env))
await import('../server.ts')

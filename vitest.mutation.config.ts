import base from './vitest.config.ts'

// The configuration StrykerJS runs (stryker.config.mjs): the app's tests on both engines, without the
// live-server project, whose server runs the last build rather than the mutated source.
const projects = base.test?.projects?.filter((project) => typeof project !== 'object' || !('test' in project) || project.test?.name !== 'live-server')

export default { ...base, test: { ...base.test, projects } }

import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const layers = {
  lib: restricted(['#app/features/*', '#app/routes/*', '#app/ui/*'], 'lib/ is cross-cutting: it never imports a feature, a route or the UI'),
  ui: restricted(['#app/features/*', '#app/routes/*'], 'ui/ holds shared primitives: pass feature data in as props'),
  features: restricted(['#app/routes/*'], 'a feature never imports a route'),
  routes: restricted(['#app/lib/db.server.ts'], 'routes reach the database only through a feature'),
}
const apiDocs = restricted(['#app/api-docs/*'], 'the OpenAPI document reads the features, never the other way: only routes/api/openapi.ts serves it')
const migrationMessage = 'app code never imports a migration: a migration stays as it ran, so the app owns its constants (decision 039)'
const migrations = restricted(['#db/migrations/*'], migrationMessage)
/** The migrator (lib/db.server.ts) runs the list of migrations, and only the list. */
const migrationsButTheList = restricted(['#db/migrations/*', '!#db/migrations/index.ts'], migrationMessage)

export default tseslint.config(
  { ignores: ['build/**', '.react-router/**', 'node_modules/**', 'data/**', 'tests/.tmp/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
    },
  },
  // DESIGN.md section 2: layers point one way, routes -> features -> lib; the feature ladder itself (no two
  // feature folders depending on each other) is dependency-cruiser's rule in .dependency-cruiser.cjs.
  ...boundaries('app/lib/**', [layers.lib, apiDocs, migrations], { except: { 'app/lib/db.server.ts': [layers.lib, apiDocs, migrationsButTheList] } }),
  ...boundaries('app/ui/**', [layers.ui, apiDocs, migrations]),
  ...boundaries('app/features/**', [layers.features, apiDocs, migrations]),
  ...boundaries('app/routes/**', [layers.routes, apiDocs, migrations], { except: { 'app/routes/api/openapi.ts': [layers.routes, migrations] } }),
  ...boundaries('app/*', [apiDocs, migrations]),
)

/**
 * A no-restricted-imports pattern for an alias and for the same path written relatively. The patterns are
 * gitignore lines, where a leading # starts a comment: the alias's # is escaped.
 */
function restricted(patterns, message) {
  const alias = (pattern) => pattern.replace(/^(!?)#/, '$1\\#')
  const relative = (pattern) => pattern.replace(/^(!?)#app\//, '$1**/').replace(/^(!?)#db\//, '$1**/db/')
  return { group: patterns.flatMap((pattern) => [alias(pattern), relative(pattern)]), message }
}

/** The imports the files under `files` may not make (test files excepted); `except` gives single files their own list. */
function boundaries(files, patterns, { except = {} } = {}) {
  const rule = (list) => ({ 'no-restricted-imports': ['error', { patterns: list }] })
  return [
    { files: [files], ignores: ['**/*.test.ts', ...Object.keys(except)], rules: rule(patterns) },
    ...Object.entries(except).map(([file, list]) => ({ files: [file], rules: rule(list) })),
  ]
}

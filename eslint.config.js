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

/**
 * Links and redirects name their route through React Router's typed `href('/sitters/:id', { id })`, so a link to
 * a route that does not exist fails the type check. Refused: a path written as a string ('/...' or `/...`) as a
 * JSX attribute (but src), a `to:` property, a default parameter, or the argument of redirect*, replace,
 * navigate or fetch. `${href('/messages')}?${new URLSearchParams(...)}` adds a query.
 */
const pathString = ':matches(Literal[value=/^\\x2F/], TemplateLiteral[quasis.0.value.raw=/^\\x2F/])'
const linkSpots = [
  'JSXAttribute[name.name!=/^src/]',
  'JSXAttribute[name.name!=/^src/] > JSXExpressionContainer',
  "Property[key.name='to']",
  'CallExpression[callee.name=/^(redirect\\w*|replace|navigate|fetch)$/]',
  'AssignmentPattern',
]
/** A path string in one of the spots, alone or as a branch of `a ? '/x' : '/y'` or `a || '/x'`. */
const pathStrings = linkSpots.flatMap((spot) => [`${spot} > ${pathString}`, `${spot} > :matches(ConditionalExpression, LogicalExpression) > ${pathString}`])
const typedLinks = {
  'no-restricted-syntax': ['error', { selector: pathStrings.join(', '), message: "A link or redirect names its route with href() from 'react-router' (typed: a missing route fails the type check)" }],
}

export default tseslint.config(
  { ignores: ['build/**', '.react-router/**', 'node_modules/**', 'data/**', 'tests/.tmp/**', 'test-results/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  // Type-checked (decision 043): the recommended set, which finds bugs (floating promises, unsafe any, thrown
  // non-errors, needless assertions); strictTypeChecked's extra 770 findings here were mostly style (numbers in
  // template strings, `!` after a checked index under noUncheckedIndexedAccess, void-returning arrow bodies).
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      // One TypeScript program from tsconfig.json for every file, as `tsc` builds it.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // React Router's loaders and actions throw their answers: `throw redirect()` and `throw new Response()`
      // (a Response) and `throw data()` (its DataWithResponseInit). Nothing else but an Error.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
      'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
    },
  },
  // The config files are plain JavaScript outside tsconfig.json.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  // The service worker is served as it is written (decision 052).
  { files: ['public/sw.js'], languageOptions: { globals: globals.serviceworker } },
  // React lives in app/ only: the hooks rules (the React Compiler's, the slowest of all) skip tests, db and scripts.
  { files: ['app/**/*.{ts,tsx}'], plugins: { 'react-hooks': reactHooks }, rules: reactHooks.configs.recommended.rules },
  // vitest's asymmetric matchers (expect.any, expect.stringMatching...) are typed `any` by design.
  { files: ['**/*.test.ts', 'tests/**'], rules: { '@typescript-eslint/no-unsafe-assignment': 'off' } },
  // DESIGN.md section 2: layers point one way, routes -> features -> lib; the feature ladder itself (no two
  // feature folders depending on each other) is dependency-cruiser's rule in .dependency-cruiser.mjs.
  ...boundaries('app/lib/**', [layers.lib, apiDocs, migrations], { except: { 'app/lib/db.server.ts': [layers.lib, apiDocs, migrationsButTheList] } }),
  ...boundaries('app/ui/**', [layers.ui, apiDocs, migrations]),
  ...boundaries('app/features/**', [layers.features, apiDocs, migrations]),
  ...boundaries('app/routes/**', [layers.routes, apiDocs, migrations], { except: { 'app/routes/api/openapi.ts': [layers.routes, migrations] } }),
  ...boundaries('app/*', [apiDocs, migrations]),
  { files: ['app/**/*.{ts,tsx}'], ignores: ['**/*.test.ts'], rules: typedLinks },
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

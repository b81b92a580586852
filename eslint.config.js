import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
  // DESIGN.md section 2: layers point one way, routes -> features -> lib.
  layer('app/lib/**', ['#app/features/*', '#app/routes/*', '#app/ui/*'], 'lib/ is cross-cutting: it never imports a feature, a route or the UI'),
  layer('app/ui/**', ['#app/features/*', '#app/routes/*'], 'ui/ holds shared primitives: pass feature data in as props'),
  layer('app/features/**', ['#app/routes/*'], 'a feature never imports a route'),
  layer('app/routes/**', ['#app/lib/db.server.ts'], 'routes reach the database only through a feature'),
)

function layer(files, patterns, message) {
  return {
    files: [files],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: patterns.flatMap((p) => [p, p.replace('#app/', '**/')]), message }] }],
    },
  }
}

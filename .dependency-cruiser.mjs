// Features form a ladder, not a web (DESIGN.md section 2, STYLE.md): no feature folder may depend on another
// that depends back on it, directly or through others. ESLint checks imports one file at a time, so this
// whole-graph rule runs here, from `npm run lint` (decision 039).
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-feature-cycles',
      severity: 'error',
      comment:
        'Two feature folders depend on each other. Move the shared piece down to the lower feature (or a feature of its own), ' +
        'or let the higher feature or the route compose what the lower one needs (a prop, a slot, an argument).',
      scope: 'folder',
      from: { path: '^app/features/([^/]+)' },
      to: { path: '^app/features/', pathNot: '^app/features/$1(/|$)', circular: true },
    },
  ],
  options: {
    includeOnly: '^app/',
    exclude: { path: '\\.test\\.tsx?$' },
    // Type-only imports count: a type is a dependency too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
}

/**
 * The import rules `npm run check` enforces (dependency-cruiser): no cycles anywhere, and every
 * import points down the layers ARCHITECTURE.md draws. Type-only imports count too.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two modules are one concern split in two, or a word belongs lower down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'vocabulary-imports-nothing',
      severity: 'error',
      comment: 'core/vocabulary.ts is the bottom of core: every list derives from it, it from nothing.',
      from: { path: '^src/core/vocabulary\\.ts$' },
      to: {},
    },
    {
      name: 'core-is-pure',
      severity: 'error',
      comment: 'src/core imports only core and pure libraries: no adapter, no I/O (tests may read fixtures).',
      from: { path: '^src/core/', pathNot: '\\.test\\.ts$' },
      to: {
        pathNot: '^src/core/',
        dependencyTypesNot: ['npm', 'npm-dev', 'core'],
        path: '.',
      },
    },
    {
      name: 'core-does-no-io',
      severity: 'error',
      from: { path: '^src/core/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'], pathNot: '^(node:)?crypto$' },
    },
    {
      name: 'modules-below-the-host',
      severity: 'error',
      comment:
        'Server modules (MCP, /v1, badges, documents, …) are mounted by the host (front-server, modules, main) and never reach up into it.',
      from: { path: '^src/server/', pathNot: '^src/server/(front-server|modules|main)\\.ts$' },
      to: { path: '^src/server/(front-server|modules|main)\\.ts$' },
    },
    {
      name: 'site-below-server',
      severity: 'error',
      comment:
        'Pages and their views get data as Astro locals; the server hands it to them, never the reverse.',
      from: { path: '^src/(site|components|layouts|pages)/|^src/middleware\\.ts$' },
      to: { path: '^src/server/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|generated|\\.astro)/' },
  },
};

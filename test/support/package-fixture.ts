import type { PackageFile } from '../../src/core/types.ts';

/** The package most unit tests score and review: an MCP server with one maintainer. */
export const PG_QUERY: PackageFile = {
  id: 'pg-query',
  name: 'PG Query',
  kind: 'mcp-server',
  category: 'databases',
  description: 'Runs read-only SQL against PostgreSQL.',
  repository: 'https://github.com/example/pg-query',
  distribution: { npm: '@example/pg-query' },
  version: '2.1.0',
  license: 'MIT',
  maintainers: ['pg-maint'],
  added: '2026-01-15',
  body: '',
};

/**
 * Chooses the most-downloaded npm MCP servers the catalogue lacks, from a tab-separated package
 * list (name, version, monthly downloads, summary), by the rule in
 * src/core/registry/select-mcp-servers.ts; no registry is asked. Prints one name a line, with its
 * monthly downloads and why it was taken as a comment, ready for `afscore import npm`.
 *
 *   node scripts/select-mcp-servers.ts --list npm.tsv [--top 200] [--root .] > names.txt
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { judgeListing, selectMcpServers } from '../src/core/registry/select-mcp-servers.ts';
import { validateCategories, validatePackages } from '../src/core/validation/validate-repository.ts';
import { listRepository, readRawFiles } from '../src/data/repository-files.ts';

const { values } = parseArgs({
  options: {
    list: { type: 'string' },
    top: { type: 'string', default: '200' },
    root: { type: 'string', default: '.' },
  },
});
if (!values.list || !/^\d+$/.test(values.top)) {
  process.stderr.write('Usage: node scripts/select-mcp-servers.ts --list npm.tsv [--top 200] [--root DIR]\n');
  process.exit(2);
}
const root = resolve(values.root);
const listing = listRepository(root);
const categories = new Set(
  validateCategories([...readRawFiles(root, listing.categories)]).values.map((c) => c.slug),
);
const catalogued = new Set(
  validatePackages([...readRawFiles(root, listing.packages)], categories).values.flatMap((pkg) =>
    pkg.distribution.npm ? [pkg.distribution.npm] : [],
  ),
);
const chosen = selectMcpServers(readFileSync(values.list, 'utf8'), {
  top: Number(values.top),
  exclude: catalogued,
});
process.stdout.write(
  `# The ${chosen.length} most-downloaded npm MCP servers not yet catalogued, chosen by name and summary\n# (src/core/registry/select-mcp-servers.ts) from ${values.list}\n`,
);
for (const item of chosen)
  process.stdout.write(`${item.name}  # ${item.monthlyDownloads}/month; ${judgeListing(item).because}\n`);

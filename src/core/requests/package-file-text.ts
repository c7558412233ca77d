/**
 * Writes `data/packages/<id>.md` from a package. Every string in the frontmatter is a JSON string,
 * which YAML reads as a double-quoted scalar: a value can hold quotes, colons, `#`, `---` or `key:`
 * and stay one value. Keys are fixed here and never come from the request, and the body follows
 * the closing fence, where the frontmatter parser no longer looks.
 */
import type { PackageFile } from '../types.ts';

const quote = (value: string) => JSON.stringify(value);

function frontmatterLines(pkg: PackageFile): string[] {
  const distribution = Object.entries(pkg.distribution)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([key, value]) => `  ${key}: ${quote(value)}`);
  return [
    `id: ${quote(pkg.id)}`,
    `name: ${quote(pkg.name)}`,
    `kind: ${quote(pkg.kind)}`,
    `category: ${quote(pkg.category)}`,
    `description: ${quote(pkg.description)}`,
    `repository: ${quote(pkg.repository)}`,
    ...(pkg.homepage === undefined ? [] : [`homepage: ${quote(pkg.homepage)}`]),
    'distribution:',
    ...distribution,
    ...(pkg.version === undefined ? [] : [`version: ${quote(pkg.version)}`]),
    `license: ${pkg.license === null || pkg.license === undefined ? 'null' : quote(pkg.license)}`,
    `maintainers: [${pkg.maintainers.map(quote).join(', ')}]`,
    `added: ${quote(pkg.added)}`,
    ...(pkg.requests === undefined ? [] : [`requests: ${pkg.requests}`]),
    ...(pkg.needs_review === undefined ? [] : [`needs_review: [${pkg.needs_review.map(quote).join(', ')}]`]),
  ];
}

export function packageFileText(pkg: PackageFile): string {
  return ['---', ...frontmatterLines(pkg), '---', '', pkg.body.trim(), ''].join('\n');
}

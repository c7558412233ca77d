/**
 * Pages are doorways (ARCHITECTURE.md): they take their data from `Astro.locals`, call view
 * functions and render. dependency-cruiser does not read `.astro` files, so this keeps the rule for
 * them: no page, component or layout imports the server, and every page's frontmatter fits on a screen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const MAX_FRONTMATTER_LINES = 40;

function astroFiles(folder: string): string[] {
  return readdirSync(join(SRC, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.astro'))
    .map((name) => join(SRC, folder, name));
}

function frontmatter(file: string): string {
  const match = /^---\n([\s\S]*?)\n---/.exec(readFileSync(file, 'utf8'));
  return match?.[1] ?? '';
}

function importsOf(file: string): string[] {
  return [...frontmatter(file).matchAll(/\bfrom\s+'(\.[^']+)'/g)].map((match) =>
    relative(SRC, resolve(dirname(file), match[1]!)),
  );
}

describe('pages are doorways', () => {
  const files = ['pages', 'components', 'layouts'].flatMap(astroFiles);

  it('finds the pages', () => {
    expect(files.some((file) => file.endsWith(join('pages', 'packages', '[id].astro')))).toBe(true);
  });

  it('no page, component or layout imports the server', () => {
    const upward = files.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(`server/`))
        .map((target) => `${relative(SRC, file)} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it(`every page's frontmatter fits on a screen (${MAX_FRONTMATTER_LINES} lines)`, () => {
    const long = astroFiles('pages')
      .map((file) => ({ page: relative(SRC, file), lines: frontmatter(file).split('\n').length }))
      .filter((page) => page.lines > MAX_FRONTMATTER_LINES);
    expect(long).toEqual([]);
  });
});

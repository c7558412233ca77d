/** `sitemap.xml` (sitemaps.org): every page worth finding, with when its content last changed. */
import type { PackageIndex } from '../../core/query/package-index.ts';
import { escapeHtml } from '../../core/text/html-escape.ts';

interface Entry {
  path: string;
  lastmod?: string;
}

/** The site's pages: the fixed ones, then every category, package and contributor. */
export function sitemapEntries(index: PackageIndex, asOf: string): Entry[] {
  const day = (iso: string) => iso.slice(0, 10);
  const fixed = [
    '/',
    '/packages',
    '/categories',
    '/compare',
    '/queue',
    '/stats',
    '/contributors',
    '/contribute',
  ];
  return [
    ...fixed.map((path) => ({ path, lastmod: day(asOf) })),
    ...index.catalogue.categories.map((category) => ({
      path: `/categories/${category.slug}`,
      lastmod: day(asOf),
    })),
    ...index.catalogue.packages.map((record) => ({
      path: `/packages/${record.id}`,
      lastmod: day(record.updated_at),
    })),
    ...index.catalogue.contributors.map((contributor) => ({
      path: `/contributors/${encodeURIComponent(contributor.login)}`,
      lastmod: day(contributor.last_evaluation_at),
    })),
  ];
}

export function sitemapXml(baseUrl: string, entries: readonly Entry[]): string {
  const urls = entries.map(
    (entry) =>
      `  <url><loc>${escapeHtml(`${baseUrl}${entry.path}`)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

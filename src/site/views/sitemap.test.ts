import { expect, it } from 'vitest';
import { sitemapXml } from './sitemap.ts';

it('writes absolute, escaped locations with their last change', () => {
  const xml = sitemapXml('https://scores.example', [
    { path: '/', lastmod: '2026-11-25' },
    { path: '/contributors/a&b' },
  ]);
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(xml).toContain('<url><loc>https://scores.example/</loc><lastmod>2026-11-25</lastmod></url>');
  expect(xml).toContain('<loc>https://scores.example/contributors/a&amp;b</loc>');
});

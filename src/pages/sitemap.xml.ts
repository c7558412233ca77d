/** `/sitemap.xml`: every page, from the data being served (site/views/sitemap.ts). */
import type { APIRoute } from 'astro';
import { baseUrlOf, pageContext } from '../site/page-context.ts';
import { sitemapEntries, sitemapXml } from '../site/views/sitemap.ts';

export const prerender = false;

export const GET: APIRoute = ({ locals, url }) => {
  const site = pageContext(locals);
  const body = sitemapXml(baseUrlOf(site, url), sitemapEntries(site.data.index, site.data.manifest.as_of));
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};

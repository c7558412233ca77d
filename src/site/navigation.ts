/**
 * The site's main navigation and footer links, shared by the Astro layout and the sign-in pages
 * the Node server renders itself, so both show the same site.
 */
import { issueFormUrl, packageRequestUrl } from './site-links.ts';

export interface NavLink {
  href: string;
  label: string;
}

export const MAIN_NAV: readonly NavLink[] = [
  { href: '/packages', label: 'Packages' },
  { href: '/categories', label: 'Categories' },
  { href: '/compare', label: 'Compare' },
  { href: '/queue', label: 'Queue' },
  { href: '/stats', label: 'Stats' },
  { href: '/contributors', label: 'Contributors' },
  { href: '/contribute', label: 'Contribute' },
];

export const FOOTER_LINKS: readonly NavLink[] = [
  { href: '/openapi.json', label: 'API (OpenAPI)' },
  { href: '/llms.txt', label: 'llms.txt' },
  { href: '/evaluation-guide.md', label: 'Evaluation guide (Markdown)' },
  { href: '/contribute#connect-an-agent', label: 'MCP endpoint' },
];

/** The ways off the site: the source, and the issue forms for a package request or a wrong score. */
export function offSiteLinks(repositoryUrl: string): NavLink[] {
  return [
    { href: repositoryUrl, label: 'Source code' },
    { href: packageRequestUrl(repositoryUrl), label: 'Request a package' },
    { href: issueFormUrl(repositoryUrl, 'wrong-score'), label: 'Report a wrong score' },
    { href: '/sign-in', label: 'Sign in' },
  ];
}

/** Whether `href` is the section the reader is in (`/packages` for `/packages/pg-query`). */
export function isCurrentSection(path: string, href: string): boolean {
  return path === href || path.startsWith(`${href}/`);
}

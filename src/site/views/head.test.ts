import { expect, it } from 'vitest';
import { canonicalPath, documentTitle } from './head.ts';

it('titles a page after its own title, and the home page after the site', () => {
  expect(documentTitle('DBHub: af score 97.5 (A)')).toBe('DBHub: af score 97.5 (A) · afscore');
  expect(documentTitle('afscore')).toBe('afscore: quality scores for MCP servers and agent skills');
});

it('folds searches, sorting and paging into the page they view', () => {
  const at = (path: string) => canonicalPath(new URL(path, 'http://x.test'));
  expect(at('/packages/dbhub')).toBe('/packages/dbhub');
  expect(at('/packages?q=postgres&page=2&sort=name')).toBe('/packages');
  expect(at('/packages?category=databases&page=3')).toBe('/packages?category=databases');
  expect(at('/compare?ids=a,b&q=pg')).toBe('/compare?ids=a%2Cb');
  expect(at('/categories/databases?dimension=security_score')).toBe('/categories/databases');
});

/**
 * Pages past the end of a list. The core answers them with an empty page (the API's clients page
 * until `items` is empty); on the site such an address is a dead link, so it gets a 404 that says
 * how many pages there are.
 */

/** True when `page` lies beyond the last page; an empty list still has page 1. */
export function isPastTheEnd(page: number, totalPages: number): boolean {
  return page > Math.max(1, totalPages);
}

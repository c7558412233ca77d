/**
 * The status of a page's response. Astro keeps the reason phrase at "OK" whatever the code, so the
 * status line would read "404 OK": each page sets both through here.
 */
import { STATUS_CODES } from 'node:http';

export type PageStatus = 400 | 404 | 410;

export function setStatus(response: { status?: number; statusText?: string }, status: PageStatus): void {
  response.status = status;
  response.statusText = STATUS_CODES[status] ?? '';
}

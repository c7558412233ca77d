/**
 * A contributor's avatar drawn locally from the login (initials on a colour of its own), so pages
 * never load a third-party image. The store keeps only username and avatar; when an avatar URL is
 * stored the pages can show it instead.
 */
import { createHash } from 'node:crypto';

export interface Avatar {
  initials: string;
  /** A dark background, so white initials stay readable. */
  background: string;
}

export function avatarFor(login: string): Avatar {
  const parts = login.split(/[-_.]+/).filter(Boolean);
  const initials = (parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : login.slice(0, 2)).toUpperCase();
  const hue = createHash('sha256').update(login.toLowerCase()).digest().readUInt16BE(0) % 360;
  return { initials, background: `hsl(${hue} 45% 32%)` };
}

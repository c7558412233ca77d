/**
 * The badge responses of one data version: the SVG and the Shields endpoint JSON of each package,
 * rendered on first request and kept until the data version changes. Unknown ids share one "not
 * found" pair, so requests for made-up ids cannot grow the cache.
 */
import { createHash } from 'node:crypto';
import { type BadgeModel, badgeFor, shieldsEndpoint } from '../../core/badge/badge.ts';
import { BADGE_MAX_AGE_SECONDS } from '../../core/badge/badge-policy.ts';
import { lookupPackage } from '../../core/query/find-package.ts';
import { bodyReply, JSON_TYPE, type Reply } from '../http/reply.ts';
import type { DataVersion } from '../live/live-data.ts';
import { renderBadgeSvg } from './badge-svg.ts';

export const SVG_TYPE = 'image/svg+xml; charset=utf-8';

export interface BadgeReplies {
  svg: Reply;
  json: Reply;
  /** The package id, or one key that every unknown id shares. */
  key: string;
}

/**
 * Unknown ids answer 404 and removed packages 410, as /v1 does; the body is still a badge, which
 * browsers and GitHub's image proxy display, so a README shows why rather than a broken image.
 */
const STATUS: Readonly<Record<BadgeModel['state'], number>> = {
  scored: 200,
  unrunnable: 200,
  'not-evaluated': 200,
  removed: 410,
  'not-found': 404,
};

function badgeReply(body: string, contentType: string, status: number): Reply {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const reply = bodyReply(body, contentType, etag, status);
  Object.assign(reply.headers, {
    'Cache-Control': `public, max-age=${BADGE_MAX_AGE_SECONDS}`,
    'Access-Control-Allow-Origin': '*',
  });
  return reply;
}

async function render(badge: BadgeModel, key: string): Promise<BadgeReplies> {
  const status = STATUS[badge.state];
  return {
    svg: badgeReply(await renderBadgeSvg(badge), SVG_TYPE, status),
    json: badgeReply(JSON.stringify(shieldsEndpoint(badge)), JSON_TYPE, status),
    key,
  };
}

const NOT_FOUND = '\u0000not-found';
const cache = new WeakMap<DataVersion, Map<string, Promise<BadgeReplies>>>();

/** The model of the badge for `id` in this data version. */
export function badgeModelFor(version: DataVersion, id: string): BadgeModel {
  const lookup = lookupPackage(version.index, id);
  return badgeFor(lookup.found ? lookup.record : (lookup.removed ?? undefined));
}

export function badgeReplies(version: DataVersion, id: string): Promise<BadgeReplies> {
  let replies = cache.get(version);
  if (!replies) {
    replies = new Map();
    cache.set(version, replies);
  }
  const badge = badgeModelFor(version, id);
  const key = badge.state === 'not-found' ? NOT_FOUND : id;
  let pending = replies.get(key);
  if (!pending) {
    pending = render(badge, key);
    replies.set(key, pending);
    pending.catch(() => replies.delete(key));
  }
  return pending;
}

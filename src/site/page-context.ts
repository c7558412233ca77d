/**
 * What every page gets from the server, as `Astro.locals.afscore`: the data version being served,
 * the live checkout claims, who is signed in, and the addresses that lead off the site. The front
 * server passes it to the Astro handler with each request; without a front server (`astro dev`)
 * the middleware builds it from the generated folder. Pages read this and never import the server.
 */
import type { PackageIndex } from '../core/query/package-index.ts';

export interface SiteData {
  manifest: { data_version: string; as_of: string; rubric_version: string };
  index: PackageIndex;
  /** Published documents by name (`evaluation-guide.md`, `schemas/…`). */
  documents: ReadonlyMap<string, Uint8Array>;
}

/** A contributor signed in on this browser (sign-in/session.ts). */
export interface Viewer {
  login: string;
}

export interface PageContext {
  data: SiteData;
  /** Current checkout claims: package id → claimed until. */
  claims(nowMs: number): Promise<ReadonlyMap<string, string>>;
  /** Who holds each current claim: package id → login. */
  holders(nowMs: number): Promise<ReadonlyMap<string, string>>;
  viewer: Viewer | null;
  /** Where the service is reached from outside, without a trailing slash; null to use the request's origin. */
  publicUrl: string | null;
  /** The project's source repository (https://github.com/owner/name), for issues and the source. */
  repositoryUrl: string;
  /** Whether GitHub sign-in is configured here (otherwise keys come from the operator). */
  signInWithGitHub: boolean;
  /** The request time, epoch milliseconds. */
  now: number;
}

const KEY = 'afscore';

/** The page context of a request; the middleware guarantees one. */
export function pageContext(locals: object): PageContext {
  const context = (locals as Record<string, PageContext | undefined>)[KEY];
  if (!context) throw new Error('no afscore page context in Astro.locals: is src/middleware.ts in place?');
  return context;
}

export function hasPageContext(locals: object): boolean {
  return KEY in locals;
}

export function setPageContext(locals: object, context: PageContext): void {
  (locals as Record<string, PageContext>)[KEY] = context;
}

/** Where the service is reached from outside, for snippets people copy into READMEs and clients. */
export function baseUrlOf(context: Pick<PageContext, 'publicUrl'>, url: URL): string {
  return (context.publicUrl ?? url.origin).replace(/\/$/, '');
}

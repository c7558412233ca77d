/**
 * Choosing MCP servers from a list of npm packages (name, version, monthly downloads, summary), by
 * name and summary alone, so that a catalogue can be seeded from a published package list without
 * asking the registry about thousands of names. The rule is deliberately plain, so anyone can say
 * why a package is in or out:
 *
 * A package is taken when it is not excluded and
 *  - its name says server: `@modelcontextprotocol/server-*`, or a name part `mcp-server`,
 *    `server-…-mcp`, `mcp-server-*`, `*-mcp-server`, `*-mcp`, `mcp-*`, or a scope's `/mcp`; or
 *  - its summary says it is one: "MCP server", "Model Context Protocol (MCP) server", "server for
 *    the Model Context Protocol", "… MCP" naming what it serves.
 * It is excluded when its name or summary says it is something else that mentions MCP: an SDK, a
 * client, an inspector, a framework, an adapter, a transport, a proxy or gateway, middleware, a
 * plugin or provider for another tool, types or utilities, instrumentation, a code generator or
 * scaffolder, a platform-specific binary, or "for internal use only"; or when its summary names
 * no MCP at all (a name that merely contains "mcp"). The registry's own check on import (MCP SDK
 * dependency, mcpName, or a command with MCP keywords) is the second filter. Pure.
 */

export interface NpmListing {
  name: string;
  version: string;
  monthlyDownloads: number;
  summary: string;
}

export type ListingVerdict = { take: true; because: string } | { take: false; because: string };

/** Name shapes that mean "this is a server". Matched against the name without its scope too. */
const SERVER_NAME_PATTERNS: readonly { pattern: RegExp; because: string }[] = [
  { pattern: /^@modelcontextprotocol\/server-/, because: 'name is @modelcontextprotocol/server-*' },
  { pattern: /(^|[/-])mcp-server($|-)/, because: 'name says mcp-server' },
  { pattern: /(^|[/-])server-[a-z0-9-]*-?mcp$/, because: 'name says server-…-mcp' },
  { pattern: /-mcp$/, because: 'name ends in -mcp' },
  { pattern: /(^|\/)mcp-[a-z0-9]/, because: 'name starts with mcp-' },
  { pattern: /^@[^/]+\/mcp$/, because: 'name is a scope’s /mcp' },
  { pattern: /^(@[^/]+\/)?[a-z0-9-]*mcp$/, because: 'name ends in mcp' },
];

const STRONG_SERVER_NAME = /^@modelcontextprotocol\/server-|(^|[/-])mcp-server($|-)/;

const SERVER_SUMMARY =
  /\bmcp[- ]server\b|\bmodel ?context ?protocol (\(mcp\) )?server\b|\bserver (for|implementing) (the )?(model context protocol|mcp)\b|\bmcp (integration|tools?) for\b/i;

/** Words in the name that mean "a library or tool around MCP, not a server". */
const NOT_SERVER_NAME =
  /(^|[/@-])(sdk|client|clients|inspector|framework|adapter|adapters|transport|transports|proxy|gateway|middleware|types|utils|util|tools-core|instrumentation|provider|plugin|create|cli-core|tunnel|remote|bridge|handler|lite|eval|evals|test-client|auth|session|apps?-middleware|config-schema|shared|common|core|nodes|nest|toolkit|webmcp|hooks)($|[/-])|-(linux|darwin|win32|windows)-(x64|arm64|amd64|ia32|arm)$|^@codingame\/monaco-vscode-|^@tmcp\//;

/** Phrases in the summary that mean the same. */
const NOT_SERVER_SUMMARY =
  /\b(sdk|client library|client implementation|framework for building|framework|inspector|adapter|adapters|transport|middleware|proxy|gateway|plugin for|type definitions|typescript types|utilities|utility library|instrumentation|platform-specific binary|for internal use only|for interal use only|polyfill|generates mcp server code|code generator|scaffold|boilerplate|template|starter|create new mcp servers|testing utility|unit testing|deprecated|module for creating|create mcp servers|for writing mcp|hooks for|package manager|add mcp servers|generate cli commands|server for mcp|mcp cli tool|a [a-z]+ plugin|mcp integration$)\b/i;

const MENTIONS_MCP = /\bmcp\b|model ?context ?protocol|modelcontext/i;

export function judgeListing(listing: NpmListing): ListingVerdict {
  const name = listing.name.toLowerCase();
  const summary = listing.summary;
  const nameMatch = SERVER_NAME_PATTERNS.find(({ pattern }) => pattern.test(name));
  const summaryMatch = SERVER_SUMMARY.test(summary);
  if (!nameMatch && !summaryMatch)
    return { take: false, because: 'neither name nor summary says MCP server' };
  // A name that says mcp-server outright stands on its own (many have no summary); a weaker name
  // shape ("-mcp", "mcp-…", "@scope/mcp") also needs a summary that speaks of MCP.
  if (!MENTIONS_MCP.test(summary) && !STRONG_SERVER_NAME.test(name))
    return { take: false, because: 'summary does not mention MCP' };
  const nameSaysOther = NOT_SERVER_NAME.exec(name);
  if (nameSaysOther)
    return { take: false, because: `name says ${nameSaysOther[0].replace(/^[/@-]|[/-]$/g, '')}` };
  const summarySaysOther = NOT_SERVER_SUMMARY.exec(summary);
  if (summarySaysOther) return { take: false, because: `summary says ${summarySaysOther[0].toLowerCase()}` };
  return { take: true, because: summaryMatch ? 'summary says MCP server' : nameMatch!.because };
}

/** One tab-separated line (name, version, monthly downloads, summary), or null for a header or junk. */
export function parseListingLine(line: string): NpmListing | null {
  const [name = '', version = '', downloads = '', ...rest] = line.split('\t');
  const monthlyDownloads = Number(downloads);
  if (
    name.trim() === '' ||
    !/^\d+$/.test(downloads.trim()) ||
    !Number.isSafeInteger(monthlyDownloads) ||
    monthlyDownloads < 0
  )
    return null;
  return { name: name.trim(), version: version.trim(), monthlyDownloads, summary: rest.join('\t').trim() };
}

/**
 * The `top` most-downloaded listings the rule takes, leaving out names already catalogued; ties
 * in downloads fall back to name order so the choice is stable.
 */
export function selectMcpServers(
  text: string,
  options: { top: number; exclude: ReadonlySet<string> },
): NpmListing[] {
  const taken: NpmListing[] = [];
  for (const line of text.split(/\r?\n/)) {
    const listing = parseListingLine(line);
    if (!listing || options.exclude.has(listing.name)) continue;
    if (judgeListing(listing).take) taken.push(listing);
  }
  taken.sort(
    (a, b) => b.monthlyDownloads - a.monthlyDownloads || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  return taken.slice(0, options.top);
}

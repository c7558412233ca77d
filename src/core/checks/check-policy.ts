/**
 * Thresholds of the deterministic checks (rubric 2.0). The check definitions (`<subject>/<name>.def.ts`) state
 * these numbers; a change here is a rubric change.
 */

// Runtime probing (MCP servers)
export const STARTUP_TIMEOUT_MS = 10_000;
/** A start that timed out is tried once more with this limit before it counts as a failure (REL-01). */
export const STARTUP_RETRY_TIMEOUT_MS = 30_000;
/** Later connections wait this many times the first start (at least STARTUP_TIMEOUT_MS). */
export const RECONNECT_STARTUP_FACTOR = 3;
export const STDIN_EXIT_TIMEOUT_MS = 5_000;
export const LIST_LATENCY_SAMPLES = 5;
export const LIST_LATENCY_PASS_MS = 1_000;
export const LIST_LATENCY_PARTIAL_MS = 3_000;
export const SMOKE_CALL_TIMEOUT_MS = 30_000;
export const MAX_SMOKE_CALLS = 5;
export const MAX_LIST_PAGES = 50;

export interface ClientIdentity {
  name: string;
  version: string;
}

/**
 * The client identities of the connections compared for SEC-06, in order: the names Claude Code,
 * Cursor and Claude Desktop send, and a scanner-like one. The first does the whole session as an
 * ordinary client, so a server that saves its honest face for scanners shows the other one; the
 * scanner-like name, then the first name again, tell a face shown by identity from one that
 * changed over time (mcp-shield's --identify-as).
 */
export const FACE_IDENTITIES: readonly ClientIdentity[] = [
  { name: 'claude-code', version: '2.0.31' },
  { name: 'afscore-evaluator', version: '1.0.0' },
  { name: 'claude-code', version: '2.0.31' },
  { name: 'cursor-vscode', version: '1.0.0' },
  { name: 'claude-ai', version: '0.1.0' },
  { name: 'Visual Studio Code', version: '1.105.1' },
  { name: 'gemini-cli-mcp-client', version: '0.9.0' },
  { name: 'codex-mcp-client', version: '0.46.0' },
];

// What the evaluator reads beyond the listings (SEC-01 to SEC-04 scan it all)
export const MAX_PROMPT_GETS = 10;
export const MAX_RESOURCE_READS = 10;
/** Longest text kept from one prompt, resource, tool result or error. */
export const CONTENT_TEXT_CHARS = 4_000;
/**
 * Most characters the detection rules read from one server (every text on every face, decoded
 * texts included). The rules cost about 45 µs a character on a loaded evaluation machine, so this
 * bounds them near three minutes, where a listing may otherwise be 16 MB a face. The largest real
 * surfaces in the catalogue (SmartBear's 865,000 characters, Microsoft 365's 662,000) stay well
 * below it; a server above it gets no af score rather than a score from a partial reading.
 */
export const MAX_SCANNED_CHARS = 4_000_000;
/** Calls made only to read what tools return (beyond the REL-07 smoke calls). */
export const MAX_EXPLORATION_CALLS = 10;
/** Tools that write, send or run, called once each on the last connection (sandbox without network only). */
export const MAX_ACTING_CALLS = 5;
export const EXPLORATION_CALL_TIMEOUT_MS = 10_000;
/** Calls of the first connection made again on each later one, under another client identity. */
export const MAX_RECALLS_PER_CONNECTION = 3;
/**
 * SEC-06: how much more a tool must tell one client name than another, for the same call, to be a
 * result shown only to some clients. Shorter additions are greetings, names or counters.
 */
export const RESULT_FACE_MIN_ADDED_CHARS = 40;
/** How long to wait for list_changed notifications after a call before listing again. */
export const NOTIFICATION_GRACE_MS = 300;

// Tool definitions
export const MIN_DESCRIPTION_CHARS = 20;
export const MAX_SCHEMA_DEPTH = 5;
export const MAX_TOOL_NAME_CHARS = 64;
export const CHARS_PER_TOKEN = 4;
export const TOOLS_TOKENS_PASS = 4_000;
export const TOOLS_TOKENS_PARTIAL = 12_000;
export const TOOL_COUNT_PASS = 15;
export const TOOL_COUNT_PARTIAL = 50;
export const MAX_DESCRIPTION_CHARS = 2_000;
/** A sentence at least this long found in two tools' descriptions counts as a repeated passage. */
export const REPEATED_PASSAGE_CHARS = 120;

// Package files
export const README_MIN_CHARS = 400;
export const RELEASE_FRESH_DAYS = 180;
export const RELEASE_STALE_DAYS = 365;

// Skills
export const SKILL_NAME_MAX_CHARS = 64;
export const SKILL_DESCRIPTION_MAX_CHARS = 1_024;
export const SKILL_COMPATIBILITY_MAX_CHARS = 500;
export const SKILL_BODY_LINES_PASS = 500;
export const SKILL_BODY_LINES_PARTIAL = 800;
export const SKILL_BODY_TOKENS = 5_000;
export const REFERENCE_TOC_AFTER_LINES = 100;
/** How far into a long reference file its table of contents may start. */
export const TOC_SEARCH_LINES = 40;

/** MCP specification revisions a server may negotiate (REL-02). */
export const PUBLISHED_PROTOCOL_VERSIONS: readonly string[] = [
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
  '2026-07-28',
];

/** Limits and defaults of the read API and the MCP tools (DESIGN §3). */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 1_000_000;
export const MAX_QUERY_LENGTH = 100;
export const MAX_COMPARE = 5;
export const DEFAULT_LEADERBOARD_LIMIT = 10;
export const MAX_LEADERBOARD_LIMIT = 100;

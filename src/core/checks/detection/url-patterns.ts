/**
 * The address patterns the rules read, each scanned by runs (`run-scan.ts`) so that addresses joined
 * with no separator cost linear time. Beside each, why a later start in a run can only match if an
 * earlier viable start does: the earlier one's character class takes everything the later one uses.
 */
import { runScanned } from './run-scan.ts';

/** Where a web address begins: the opening of every pattern here. */
export const URL_START = /\bhttps?:\/\//;

/** A web address whose query is left open for the data (`?body=`, `?list=`): where data can be sent. */
// A start past `https://host/` takes every path character up to a later start's `?` or `&`.
export const OPEN_QUERY_LINK = runScanned(
  /\bhttps?:\/\/[\w.-]+\.[a-z]{2,}\/[^\s"'`<>)]*[?&][\w-]+=(?=$|[\s"'`<>)])/,
  {
    start: URL_START,
    viable: /\bhttps?:\/\/[\w.-]+\.[a-z]{2,}\//,
    breaks: /[\s"'`<>)]/,
  },
);

/** A query left open for the data, as the attacker wrote it: `?d=RESULTS`, `?creds=<values>`, `?q={data}`. */
// A start with one address character after `//` takes every character up to a later start's `?` or `&`.
export const OPEN_SLOT_URL = runScanned(
  /\bhttps?:\/\/[^\s"'`<>)]+[?&][\w-]+=(?:[A-Z][A-Z_]{3,}\b|<[^>\s]{1,30}>|\{[^}\s]{1,30}\}|\.{3}|(?=[\s.)"'`]|$))/,
  { start: URL_START, viable: /\bhttps?:\/\/[^\s"'`<>)]/, breaks: /[\s"'`<>)]/ },
);

/** A URL whose query carries a value the model is told to replace: EchoLeak's and ForcedLeak's image links. */
// A start with one address character after `//` reaches, lazily, every `?` or `&` a later start uses.
export const QUERY_VALUE = runScanned(/\bhttps?:\/\/[^\s"'`<>)\]]+?[?&]([\w-]+)=([^&\s"'`<>)\]]+)/, {
  start: URL_START,
  viable: /\bhttps?:\/\/[^\s"'`<>)\]]/,
  breaks: /[\s"'`<>)\]]/,
});

/** A link whose query carries the environment or credentials in a slot: `?creds={base64_env}`. */
// A start with a host character after `//` takes, as path, every character up to a later start's
// `?` (or the first `?` before it, and the query from there): every character a later start uses.
export const SECRET_QUERY_SLOT = runScanned(
  /\bhttps?:\/\/[^\s"'<>/?]+[^\s"'<>?]*\?[^\s"'<>]*?\b(?:creds?|credentials|secrets?|env|environ|config|keys?|tokens?|dump)=(?:\{[^}\s]{0,40}?(?:env|environ|dotenv|secrets|credentials|creds|ssh|aws|base64)[^}\s]{0,40}\}|\$\{?[\w(]*?(?:env|secrets|creds|base64))/,
  { start: URL_START, viable: /\bhttps?:\/\/[^\s"'<>/?]/, breaks: /[\s"'<>]/ },
);

/**
 * An address that carries an OAuth authorization code or token in its query or fragment, as a
 * sign-in redirect does (`http://localhost:8400/?code=…`): the sign-in itself, whoever pastes it.
 */
// Any start takes every character up to a later start's `?code=`: its address part may be empty.
export const OAUTH_REDIRECT = runScanned(
  /\bhttps?:\/\/[^\s"'`<>)]*(?:[?&#]|\.\.\.|…)(?:code|access_token|id_token|refresh_token|oauth_token)=/,
  { start: URL_START, viable: URL_START, breaks: /[\s"'`<>)]/ },
);

/**
 * An address, with or without its scheme, whose query is left for the user's details
 * (`weather_info.com?city=<city_name>&user=<user_name>`): data in instruction markup that has the
 * assistant fetch it sends who the user is to the attacker (MCPSecBench's weather server).
 */
// A start whose host is followed by `/` or `?` takes, as path, every character up to a later start's
// `?` (or the first `?` after its host, and the query from there): every character a later start uses.
export const USER_SLOT_URL = runScanned(
  /\b(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}(?:\/[^\s?"'`<>]*)?\?[^\s"'`]*?=\s*(?:<[^>\n]{0,20}(?:user|name|email|phone|token|key|password|session|history|address|account)[^>\n]{0,20}>|\{[^}\n]{0,20}(?:user|name|email|phone|token|key|password|session|history|address|account)[^}\n]{0,20}\})/,
  {
    start: /\b(?:https?:\/\/)?[\w-]/,
    viable: /\b(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}(?=[/?])/,
    breaks: /[\s"'`<>]/,
  },
);

/**
 * The rubric 2 check catalogue, for every published version. Ids are stable: a check keeps its id
 * while its subject stays the same, and a check that changes subject gets a new id. What a version
 * changed is written beside the check (`since`, `before`) and summed up in `changelog.ts`.
 * Documents carry the id and the outcome; dimension, severity and method come from here, for the
 * rubric version the document names, so a document cannot re-weight its own checks.
 */
import type { CheckMethod, PackageKind, Severity } from '../types.ts';
import { PACKAGE_KINDS } from '../vocabulary.ts';
import type { Dimension } from './dimensions.ts';
import { isBefore, RUBRIC_VERSION, RUBRIC_VERSIONS, type RubricVersion } from './versions.ts';

export interface CheckDefinition {
  id: string;
  kind: PackageKind;
  dimension: Dimension;
  severity: Severity;
  method: CheckMethod;
  title: string;
  /** What a pass means; partial and fail are the degrees short of it. */
  passes: string;
  /** An `error` outcome counts as a fail instead of being left out (the check guards everything else). */
  failClosed?: boolean;
  /** The outcome can be recomputed from the tool/skill snapshot embedded in the document. */
  fromSnapshot?: boolean;
  remediation: string;
}

/** What a check was in the versions before `until`. */
interface EarlierForm {
  until: RubricVersion;
  was: Partial<Pick<CheckDefinition, 'severity' | 'title' | 'passes' | 'fromSnapshot' | 'failClosed'>>;
}

type Entry = Omit<CheckDefinition, 'kind'> & {
  /** The first version with this check (2.0 when absent). */
  since?: RubricVersion;
  /** Its earlier forms, newest change last. */
  before?: readonly EarlierForm[];
};

const mcpServerChecks: Entry[] = [
  // Security. Every security check of the server reads everything a model reads, on every face the
  // evaluator saw: names, titles, descriptions, every string of input and output schemas, the
  // server's instructions, prompt messages, resource contents, and the text of tool results and
  // errors, for each client identity and each listing (see the evaluation guide).
  {
    id: 'SEC-01',
    dimension: 'security',
    severity: 'critical',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'No hidden or deceptive characters',
    passes:
      'No characters that hide or reorder text anywhere a model reads: Unicode tag characters, bidi overrides, embeddings or isolates outside right-to-left text or left unclosed, runs of zero-width or variation-selector characters that can spell a message, ANSI sequences that conceal, move or erase text. Partial: isolated invisible or control characters. The marks right-to-left scripts use (LRM, RLM, ALM, balanced isolates), joiners inside Arabic-script and Indic words, and emoji sequences pass.',
    remediation:
      'Remove invisible and control characters from everything the server sends; they can hide instructions from the user.',
    before: [
      {
        until: '2.1',
        was: {
          title: 'No hidden or deceptive Unicode',
          fromSnapshot: true,
          passes:
            'No tag characters (U+E0000–E007F), bidi controls, zero-width characters, other invisible format characters, ANSI escapes or C0 controls in any name, title, description or schema string. Fail: tag or bidi characters. Partial: other invisible characters only.',
        },
      },
    ],
  },
  {
    id: 'SEC-02',
    dimension: 'security',
    severity: 'critical',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'No hidden instructions to the model',
    passes:
      'Nothing a model reads addresses it over the user’s head. Fail: secrecy toward the user ("do not mention this to the user"), override phrases ("ignore previous instructions", fake system or role markers), instructions to run commands that change the machine, or instructions hidden in markup, comments or encodings. Partial: instruction markup (`<IMPORTANT>`, `<system>`) or model-addressed pressure without such an aim. Usage guidance for the server’s own tools ("paths must be absolute", "call X before Y") passes.',
    remediation:
      'Describe what the tool does and how to call it; never address the model with instructions aimed past the user.',
    before: [
      {
        until: '2.1',
        was: {
          severity: 'high',
          title: 'No injection markup in descriptions',
          passes:
            'Descriptions hold no instruction markup (`<IMPORTANT>`, `<system>`, `<instructions>`, `<secret>`) and no override phrases ("ignore previous instructions", "do not tell the user", "before using this tool, read …").',
        },
      },
    ],
  },
  {
    id: 'SEC-03',
    dimension: 'security',
    severity: 'critical',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'No shadowing of other tools',
    passes:
      'Nothing tells the model how to use tools this server does not expose. Fail: directing another server’s tools ("when send_email is called, …", "use this instead of …", prefixing every shell command), redirecting recipients or data (change the recipient, copy or forward every message to an address), or calling other tools broken or deprecated to steer the model away. Partial: naming tools of other servers without directing them.',
    remediation:
      'Keep each description about the server’s own tools; cross-server directions enable tool shadowing.',
    before: [
      {
        until: '2.1',
        was: {
          severity: 'high',
          title: 'No references to other servers’ tools',
          passes:
            'No description names a tool this server does not expose, or changes how other tools behave ("when the X tool is available …", "modify the behaviour of …").',
        },
      },
    ],
  },
  {
    id: 'SEC-04',
    dimension: 'security',
    severity: 'critical',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'No requests for secrets or the conversation',
    passes:
      'Nothing asks the model to read, include or send credentials, keys, secrets files (`~/.ssh`, `~/.aws`, `.env`), client configurations (`mcp.json`), browser or wallet stores, the conversation, its system prompt or the user’s other files, whether in text or through a parameter whose name or description asks for them. Tools that exist to manage such a thing may name it, and defensive mentions ("paths under ~/.ssh are rejected") pass. Partial: a parameter that asks for a credential value.',
    remediation:
      'Do not point the model at secrets or the conversation; if a tool must handle them, say so in its purpose and take them only from the user.',
    before: [
      {
        until: '2.1',
        was: {
          severity: 'high',
          title: 'No references to sensitive paths',
          passes:
            'Descriptions do not mention credential stores or secrets files (`~/.ssh`, `id_rsa`, `.env`, `~/.aws`, `mcp.json`, keychains) unless the tool exists to manage them.',
        },
      },
    ],
  },
  {
    id: 'SEC-05',
    dimension: 'security',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'No exfiltration-shaped parameters',
    passes:
      'No optional free-text parameters named like side channels (notes, feedback, debug, extra, context, sidenote, metadata) and no open pass-through objects on tools whose purpose does not need them. Partial: one such parameter.',
    remediation: 'Remove catch-all parameters or give them a narrow, documented purpose.',
  },
  {
    id: 'SEC-06',
    dimension: 'security',
    severity: 'critical',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Same definitions for every client, all session long',
    passes:
      'Tools, prompts, resources and server instructions are identical on five fresh connections (the client names of Claude Code, Cursor and Claude Desktop, and a scanner-like one), after tool calls, and after any list_changed notification; values that vary by nature (dates, counters, ids) are ignored. Fail: any other difference, which is deception (bait-and-switch) or a rug pull; the evidence holds the difference.',
    remediation: 'Serve the same definitions to every client; never change tools after they were approved.',
    before: [
      {
        until: '2.1',
        was: {
          severity: 'high',
          fromSnapshot: false,
          title: 'Stable tool definitions (no rug-pull)',
          passes:
            'The canonical tools/list hash (tools sorted by name) is identical across three fresh connections and two client identities, and no list_changed notification arrives after the tools were first listed.',
        },
      },
    ],
  },
  {
    id: 'SEC-07',
    dimension: 'security',
    severity: 'high',
    method: 'deterministic',
    title: 'No hard-coded secrets',
    passes: 'No API keys, tokens or private keys are found in the published package files.',
    remediation: 'Revoke any leaked credential and read secrets from the environment instead.',
  },
  {
    id: 'SEC-08',
    dimension: 'security',
    severity: 'high',
    method: 'deterministic',
    title: 'No known vulnerable dependencies',
    passes: 'No resolved dependency has a known advisory (OSV). Partial: only low or moderate advisories.',
    remediation: 'Upgrade the affected dependencies and publish a new version.',
  },
  {
    id: 'SEC-09',
    dimension: 'security',
    severity: 'medium',
    method: 'deterministic',
    title: 'No install-time code execution',
    passes: 'The package runs no preinstall, install or postinstall scripts (or setup.py custom commands).',
    remediation: 'Drop install scripts; do setup work on first run where the user can see it.',
  },
  {
    id: 'SEC-10',
    dimension: 'security',
    severity: 'high',
    method: 'deterministic',
    title: 'Remote endpoint uses TLS and authentication',
    passes:
      'A remote server is reachable only over HTTPS, and tools that act on private data require authentication. Not applicable to stdio servers.',
    remediation: 'Serve over HTTPS and authenticate clients before exposing private tools.',
  },
  {
    id: 'SEC-11',
    dimension: 'security',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Risky capabilities are declared',
    passes:
      'Tools whose names say they delete, write, send, execute or fetch carry destructive/open-world annotations. Partial: some do.',
    remediation:
      'Annotate risky tools (destructiveHint, openWorldHint) so clients can ask before calling them.',
  },
  {
    id: 'SEC-12',
    dimension: 'security',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Annotations do not contradict names',
    passes: 'No tool named like a write (delete_*, write_*, send_*, create_*) claims readOnlyHint: true.',
    remediation: 'Make annotations tell the truth; clients skip confirmation for read-only tools.',
  },
  {
    id: 'SEC-13',
    dimension: 'security',
    severity: 'medium',
    method: 'deterministic',
    title: 'Reaches the network only when asked',
    passes:
      'While it starts and is listed, before any tool is called, the server tries to reach no host its configuration does not name (TCP, UDP or DNS, seen by the evaluator’s sandbox). Partial: only its install scripts tried hosts outside the install allowlist. Attempts during tool calls and resource reads are recorded, not judged. Not applicable to remote servers; not run without the sandbox.',
    remediation:
      'Connect only when a tool that needs the network is called, or to hosts the user configured; no telemetry or update checks at start-up without the user’s consent.',
    since: '2.1',
  },
  {
    id: 'SEC-14',
    dimension: 'security',
    severity: 'critical',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'No look-alike names',
    passes:
      'Tool, prompt and resource names hold no letters from another script that look like Latin ones (Cyrillic а for a), no invisible characters, and no two names differ only by such look-alikes; names that imitate another server’s tool this way are deception.',
    remediation: 'Name tools in plain ASCII (SEP-986: letters, digits, _ - . /).',
    since: '2.1',
  },
  {
    id: 'SEC-L1',
    dimension: 'security',
    severity: 'high',
    method: 'llm',
    title: 'No tool poisoning (judged)',
    passes:
      'A pinned judge finds no hidden instructions, shadowing, sensitive access, exfiltration channel or behaviour override in any tool. It may raise but never clear a deterministic finding.',
    remediation: 'Rewrite the flagged descriptions so they only describe the tool.',
  },
  // Reliability
  {
    id: 'REL-01',
    dimension: 'reliability',
    severity: 'critical',
    method: 'deterministic',
    failClosed: true,
    title: 'Starts and initializes',
    passes:
      'The server starts and completes initialize within 10 seconds. A start that times out is retried once with a longer limit before it counts as a failure, so a busy machine does not fail a server. Partial: it only starts on the retry, after more than 10 seconds.',
    remediation: 'Fix start-up errors; a server that does not start cannot be used at all.',
    before: [
      { until: '2.1', was: { passes: 'The server starts and completes initialize within 10 seconds.' } },
    ],
  },
  {
    id: 'REL-02',
    dimension: 'reliability',
    severity: 'medium',
    method: 'deterministic',
    title: 'Protocol version and server info',
    passes: 'initialize returns a published protocol version and serverInfo with a name and a version.',
    remediation: 'Use a current SDK and set serverInfo.name and serverInfo.version.',
  },
  {
    id: 'REL-03',
    dimension: 'reliability',
    severity: 'medium',
    method: 'deterministic',
    title: 'Capabilities are honest',
    passes:
      'Every advertised capability’s list method works; methods of capabilities not advertised return method-not-found.',
    remediation: 'Advertise exactly the capabilities you implement.',
  },
  {
    id: 'REL-04',
    dimension: 'reliability',
    severity: 'high',
    method: 'deterministic',
    title: 'Clean stdio',
    passes:
      'Nothing but JSON-RPC is written to stdout, and the process exits within 5 seconds of stdin closing. Not applicable to remote servers.',
    remediation: 'Log to stderr, never stdout, and exit when stdin closes.',
  },
  {
    id: 'REL-05',
    dimension: 'reliability',
    severity: 'low',
    method: 'deterministic',
    title: 'Listing latency',
    passes: 'tools/list p95 over five calls is under 1 s. Partial: under 3 s.',
    remediation: 'Build tool definitions once at start-up rather than on every list call.',
  },
  {
    id: 'REL-06',
    dimension: 'reliability',
    severity: 'high',
    method: 'deterministic',
    title: 'Handles invalid calls',
    passes:
      'An unknown tool gets a JSON-RPC error or an isError result; schema-invalid arguments get -32602 or an isError result; the server keeps answering afterwards.',
    remediation: 'Validate arguments and return errors instead of crashing.',
  },
  {
    id: 'REL-07',
    dimension: 'reliability',
    severity: 'medium',
    method: 'deterministic',
    title: 'Safe smoke calls succeed',
    passes:
      'Read-only tools the harness can call without side effects (not open-world, required arguments supplied by the schema itself) return within 30 s, and structured output matches the declared outputSchema. A clean isError result earns half. Not applicable when no tool qualifies.',
    remediation: 'Make read-only tools return valid results for their documented inputs.',
  },
  {
    id: 'REL-08',
    dimension: 'reliability',
    severity: 'low',
    method: 'deterministic',
    title: 'Ping and pagination',
    passes:
      'ping is answered, and list cursors (when returned) lead to further pages without repeats. A list method that fails outright is REL-03’s finding and is not counted here again.',
    remediation: 'Answer ping and return stable cursors.',
    before: [
      {
        until: '2.1',
        was: {
          passes: 'ping is answered, and list cursors (when returned) lead to further pages without repeats.',
        },
      },
    ],
  },
  {
    id: 'REL-10',
    dimension: 'reliability',
    severity: 'high',
    method: 'deterministic',
    title: 'Stays within resource limits',
    passes:
      'Installed and run in the evaluator’s sandbox, the server stays within its limits on memory, processes, CPU time, wall time, file size and open files (see the evaluation guide, "The sandbox"). Partial: only installing the package ran into one. Not applicable to remote servers; not run without the sandbox.',
    remediation:
      'Bound what the server allocates, spawns and computes; do not leave processes behind or spin the CPU while idle.',
    since: '2.1',
  },
  // Interface
  {
    id: 'INT-01',
    dimension: 'interface',
    severity: 'high',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Valid input schemas',
    passes: 'Every inputSchema is a valid JSON Schema whose root has type "object".',
    remediation: 'Give every tool an object inputSchema that validates against the JSON Schema metaschema.',
  },
  {
    id: 'INT-02',
    dimension: 'interface',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Schema hygiene',
    passes:
      'Required parameters exist in properties, every property has a type, no enum is empty and nesting is at most 5 levels. Partial: graded by the share of tools without problems.',
    remediation: 'Fix the listed schema problems.',
  },
  {
    id: 'INT-03',
    dimension: 'interface',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Tool names follow the rules',
    passes:
      'Names are 1–64 characters of [A-Za-z0-9_-] and unique. Partial: names use "." or "/", which some clients reject.',
    remediation: 'Rename tools to letters, digits, underscores and hyphens.',
  },
  {
    id: 'INT-04',
    dimension: 'interface',
    severity: 'high',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Every tool is described',
    passes:
      'Every tool has a description of at least 20 characters that does not merely repeat its name. Partial: graded by the share of tools that do.',
    remediation: 'Say what each tool does, when to use it and what it returns.',
  },
  {
    id: 'INT-05',
    dimension: 'interface',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Parameters are described',
    passes:
      'Every parameter has a description. A tool that takes one object parameter wrapping its arguments (`params`) is judged on the properties inside it. Partial: graded by the share that do.',
    remediation: 'Describe each parameter’s meaning, format and default.',
    before: [
      {
        until: '2.1',
        was: { passes: 'Every parameter has a description. Partial: graded by the share that do.' },
      },
    ],
  },
  {
    id: 'INT-06',
    dimension: 'interface',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Annotations declared',
    passes:
      'Every tool declares readOnlyHint, and non-read-only tools declare destructiveHint. Partial: graded by the share of tools that do.',
    remediation: 'Add MCP tool annotations so clients know which calls are safe.',
  },
  {
    id: 'INT-07',
    dimension: 'interface',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Output schemas declared',
    passes: 'Tools declare an outputSchema. Partial: graded by the share of tools that do.',
    remediation: 'Declare outputSchema and return structuredContent.',
  },
  {
    id: 'INT-08',
    dimension: 'interface',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Resources and prompts described',
    passes:
      'Resources have a valid URI and a MIME type; prompt arguments are described. Not applicable when the server offers neither.',
    remediation: 'Add MIME types to resources and descriptions to prompt arguments.',
  },
  {
    id: 'INT-L1',
    dimension: 'interface',
    severity: 'medium',
    method: 'llm',
    title: 'Tool definition quality (judged)',
    passes:
      'A pinned judge rates purpose, usage guidance, behavioural transparency, parameter semantics, conciseness and completeness per tool (1–5); the server value is 0.6·mean + 0.4·min.',
    remediation: 'Improve the descriptions the judge quoted as weakest.',
  },
  {
    id: 'INT-L2',
    dimension: 'interface',
    severity: 'low',
    method: 'llm',
    title: 'Tool set coherence (judged)',
    passes:
      'A pinned judge rates disambiguation, naming consistency, tool-count fit and completeness of the tool set (1–5).',
    remediation: 'Merge overlapping tools and name them consistently.',
  },
  // Documentation
  {
    id: 'DOC-01',
    dimension: 'documentation',
    severity: 'medium',
    method: 'deterministic',
    title: 'README with install and configuration',
    passes:
      'A README of at least 400 characters with an install or run command and a client configuration example. Partial: a README missing one of these.',
    remediation: 'Add install steps and a copy-ready client configuration block to the README.',
  },
  {
    id: 'DOC-02',
    dimension: 'documentation',
    severity: 'low',
    method: 'deterministic',
    title: 'Environment variables documented',
    passes:
      'Every environment variable the server reads or declares is mentioned in the README. Not applicable when it reads none.',
    remediation: 'List each environment variable with what it is for.',
  },
  {
    id: 'DOC-03',
    dimension: 'documentation',
    severity: 'low',
    method: 'deterministic',
    title: 'Changelog or release notes',
    passes: 'A CHANGELOG file or release notes exist.',
    remediation: 'Keep a changelog so users can see what changed between versions.',
  },
  {
    id: 'DOC-L1',
    dimension: 'documentation',
    severity: 'medium',
    method: 'llm',
    title: 'README accuracy (judged)',
    passes:
      'A pinned judge finds that the README describes the tools that exist and gives complete setup steps (1–5).',
    remediation: 'Bring the README in line with the tools the server actually exposes.',
  },
  // Efficiency
  {
    id: 'EFF-01',
    dimension: 'efficiency',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Tool list fits in context',
    passes: 'The canonical tools/list costs at most 4,000 tokens (characters ÷ 4). Partial: at most 12,000.',
    remediation: 'Trim descriptions and schemas; every client pays this cost on every turn.',
  },
  {
    id: 'EFF-02',
    dimension: 'efficiency',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Reasonable tool count',
    passes: '1–15 tools. Partial: 16–50. Fail: none, or more than 50.',
    remediation: 'Split very large servers or group related operations into fewer tools.',
  },
  {
    id: 'EFF-03',
    dimension: 'efficiency',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'No description bloat',
    passes: 'No description exceeds 2,000 characters and no long passage is repeated across tools.',
    remediation: 'Move long guidance into a resource or the README.',
  },
  // Maintenance
  {
    id: 'MNT-01',
    dimension: 'maintenance',
    severity: 'high',
    method: 'deterministic',
    title: 'Not deprecated or archived',
    passes: 'The package is not deprecated, yanked or archived.',
    remediation: 'Point users to the maintained successor, or lift the deprecation.',
  },
  {
    id: 'MNT-02',
    dimension: 'maintenance',
    severity: 'low',
    method: 'deterministic',
    title: 'Recent release',
    passes: 'The latest release is at most 180 days old. Partial: at most 365 days.',
    remediation: 'Release fixes regularly, or say the package is feature-complete.',
  },
  {
    id: 'MNT-03',
    dimension: 'maintenance',
    severity: 'medium',
    method: 'deterministic',
    title: 'Bounded dependency ranges',
    passes: 'No dependency uses an unbounded range such as "*", "latest" or ">=".',
    remediation: 'Pin or bound every dependency range.',
  },
  {
    id: 'MNT-04',
    dimension: 'maintenance',
    severity: 'medium',
    method: 'deterministic',
    title: 'Tests and CI',
    passes: 'The source repository has tests and a CI workflow that runs them.',
    remediation: 'Add tests and run them on every change.',
  },
  {
    id: 'MNT-05',
    dimension: 'maintenance',
    severity: 'medium',
    method: 'deterministic',
    title: 'Security policy',
    passes: 'A SECURITY.md (or equivalent) gives a private contact for vulnerability reports.',
    remediation: 'Add SECURITY.md with a reporting address.',
  },
  {
    id: 'MNT-06',
    dimension: 'maintenance',
    severity: 'medium',
    method: 'deterministic',
    title: 'Release provenance',
    passes:
      'The published artifact carries provenance (npm provenance, PyPI attestations or signed releases).',
    remediation: 'Publish from CI with provenance enabled.',
  },
  // Licensing
  {
    id: 'LIC-01',
    dimension: 'licensing',
    severity: 'high',
    method: 'deterministic',
    title: 'Open licence',
    passes:
      'A licence file in the package identifies an OSI- or FSF-approved SPDX licence. Partial: the manifest declares such a licence but no licence file ships, or the file is not recognised. Fail: no licence anywhere, or one that is not open.',
    remediation:
      'Ship a LICENSE file with the package (add it to `files` in package.json); many directories will not install unlicensed servers.',
    before: [
      {
        until: '2.1',
        was: { passes: 'A licence file is present and identifies an OSI- or FSF-approved SPDX licence.' },
      },
    ],
  },
  {
    id: 'LIC-02',
    dimension: 'licensing',
    severity: 'low',
    method: 'deterministic',
    title: 'Manifest licence matches',
    passes: 'The package manifest declares the same licence as the licence file.',
    remediation: 'Make package.json / pyproject.toml agree with LICENSE.',
  },
  {
    id: 'LIC-03',
    dimension: 'licensing',
    severity: 'low',
    method: 'deterministic',
    title: 'Registry metadata (server.json)',
    passes:
      'A server.json valid against the MCP registry schema, whose name matches the package’s mcpName and whose version is semver.',
    remediation: 'Publish a server.json to the MCP registry.',
  },
  {
    id: 'LIC-04',
    dimension: 'licensing',
    severity: 'low',
    method: 'deterministic',
    title: 'Package metadata complete',
    passes: 'The manifest has a description, a repository and a homepage. Partial: some of them.',
    remediation: 'Fill in description, repository and homepage in the manifest.',
  },
];

const skillChecks: Entry[] = [
  // Security
  {
    id: 'SKL-S01',
    dimension: 'security',
    severity: 'critical',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'No hidden content',
    passes:
      'No invisible Unicode (tag, bidi, zero-width) anywhere in the skill, and no HTML comments that hold instructions. Fail: tag or bidi characters or hidden instructions. Partial: other invisible characters.',
    remediation:
      'Remove hidden characters and comments; the user must be able to read everything the model reads.',
  },
  {
    id: 'SKL-S02',
    dimension: 'security',
    severity: 'high',
    method: 'deterministic',
    title: 'No hard-coded secrets',
    passes: 'No API keys, tokens or private keys in any file of the skill.',
    remediation: 'Revoke the credential and read it from the environment instead.',
  },
  {
    id: 'SKL-S03',
    dimension: 'security',
    severity: 'high',
    method: 'deterministic',
    title: 'No pipe-to-shell or decode-and-run',
    passes:
      'No `curl … | sh`, no base64/hex decoding piped into an interpreter, no eval/exec of fetched data, no download-and-run URLs.',
    remediation: 'Ship the code in the skill folder, where it can be reviewed.',
  },
  {
    id: 'SKL-S04',
    dimension: 'security',
    severity: 'high',
    method: 'deterministic',
    title: 'No instructions or code fetched at run time',
    passes:
      'The skill does not fetch instructions or code from mutable URLs (raw GitHub branches, gists, pastebins) at run time.',
    remediation: 'Vendor what you need into the skill, pinned and reviewable.',
  },
  {
    id: 'SKL-S05',
    dimension: 'security',
    severity: 'medium',
    method: 'deterministic',
    title: 'Narrow allowed-tools',
    passes:
      'allowed-tools, when present, grants no unrestricted shell or write access (such as Bash(*)). Not applicable when absent.',
    remediation: 'List only the commands the skill needs, e.g. Bash(git status:*).',
  },
  {
    id: 'SKL-SL1',
    dimension: 'security',
    severity: 'medium',
    method: 'llm',
    title: 'No threats in instructions (judged)',
    passes:
      'A pinned judge finds no jailbreak or override, machine-state compromise, untrusted third-party exposure, financial execution or insecure credential handling.',
    remediation: 'Remove or fence the flagged instructions.',
  },
  // Reliability
  {
    id: 'SKL-R01',
    dimension: 'reliability',
    severity: 'critical',
    method: 'deterministic',
    failClosed: true,
    fromSnapshot: true,
    title: 'SKILL.md loads',
    passes: 'SKILL.md exists and its YAML frontmatter parses to a mapping.',
    remediation: 'Add SKILL.md with a `---` fenced YAML frontmatter block at the top.',
  },
  {
    id: 'SKL-R02',
    dimension: 'reliability',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'References resolve',
    passes:
      'Every file the skill references exists, paths use forward slashes, and no file is left unreferenced. Partial: unreferenced files only.',
    remediation: 'Fix broken links and remove or reference stray files.',
  },
  {
    id: 'SKL-R03',
    dimension: 'reliability',
    severity: 'medium',
    method: 'deterministic',
    title: 'Scripts parse',
    passes:
      'Every script has a shebang or a known interpreter and parses (bash -n, node --check, python -m py_compile). Not applicable without scripts.',
    remediation: 'Fix the syntax errors reported for each script.',
  },
  // Interface
  {
    id: 'SKL-I01',
    dimension: 'interface',
    severity: 'high',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Valid name',
    passes:
      'name is 1–64 characters of [a-z0-9-], has no leading, trailing or doubled hyphen, equals the folder name and contains neither "anthropic" nor "claude".',
    remediation: 'Rename the skill (and its folder) to a short lowercase hyphenated name.',
  },
  {
    id: 'SKL-I02',
    dimension: 'interface',
    severity: 'high',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Usable description',
    passes:
      'description is 1–1024 characters, has no `<` or `>`, is not written in first or second person, and says when to use the skill. Partial: no "when" clause.',
    remediation: 'Write "Does X. Use when Y." in the third person.',
  },
  {
    id: 'SKL-I03',
    dimension: 'interface',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Only allowed frontmatter keys',
    passes:
      'Frontmatter keys are among name, description, license, allowed-tools, metadata, compatibility; compatibility is at most 500 characters; allowed-tools is a string or a list of strings.',
    remediation: 'Move other keys under metadata.',
  },
  {
    id: 'SKL-IL1',
    dimension: 'interface',
    severity: 'low',
    method: 'llm',
    title: 'Trigger quality (judged)',
    passes:
      'A pinned judge rates how specific the what is, how explicit the when is, trigger keywords, voice and distinguishability (1–5).',
    remediation: 'Name concrete triggers (file types, tasks, words users say).',
  },
  // Documentation
  {
    id: 'SKL-D01',
    dimension: 'documentation',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Structured instructions',
    passes: 'The SKILL.md body is not empty and is organised under headings. Partial: an unstructured body.',
    remediation: 'Organise the body into headed steps and examples.',
  },
  {
    id: 'SKL-DL1',
    dimension: 'documentation',
    severity: 'medium',
    method: 'llm',
    title: 'Instruction quality (judged)',
    passes:
      'A pinned judge rates conciseness, fit of the degree of freedom, feedback loops, concrete examples, consistent terms and absence of time-sensitive content (1–5).',
    remediation: 'Cut what the model already knows; add examples and checks.',
  },
  {
    id: 'SKL-DL2',
    dimension: 'documentation',
    severity: 'medium',
    method: 'llm',
    title: 'Body keeps the description’s promise (judged)',
    passes: 'A pinned judge finds that the body does what the description promises (1–5).',
    remediation: 'Align the description with what the instructions actually do.',
  },
  // Efficiency
  {
    id: 'SKL-E01',
    dimension: 'efficiency',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Compact body',
    passes: 'The body is at most 500 lines and 5,000 tokens. Partial: at most 800 lines.',
    remediation: 'Move detail into reference files loaded on demand.',
  },
  {
    id: 'SKL-E02',
    dimension: 'efficiency',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Progressive disclosure',
    passes:
      'References are one level deep from SKILL.md, and reference files over 100 lines start with a table of contents.',
    remediation: 'Link every reference from SKILL.md and add contents to long files.',
  },
  // Maintenance
  {
    id: 'SKL-M01',
    dimension: 'maintenance',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Evaluations shipped',
    passes: 'evals/evals.json (or an equivalent test set) is present and valid JSON.',
    remediation: 'Ship a few example tasks with expected outcomes.',
  },
  {
    id: 'SKL-M02',
    dimension: 'maintenance',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Versioned',
    passes: 'The skill states a version (metadata.version) or ships a changelog.',
    remediation: 'Add metadata.version and bump it on every change.',
  },
  // Licensing
  {
    id: 'SKL-L01',
    dimension: 'licensing',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Licence stated',
    passes: 'license is set in the frontmatter, or a LICENSE file ships with the skill.',
    remediation: 'State the licence so others know whether they may use the skill.',
  },
];

/** The check as it stood in `version`, or null when it did not exist yet. */
function asOf(kind: PackageKind, entry: Entry, version: RubricVersion): CheckDefinition | null {
  if (entry.since !== undefined && isBefore(version, entry.since)) return null;
  const { since: _since, before, ...definition } = entry;
  const earlier = (before ?? []).filter((form) => isBefore(version, form.until));
  // The earliest matching form wins: walk from the newest change back to the oldest.
  return Object.assign({ ...definition, kind }, ...earlier.reverse().map((form) => form.was));
}

function catalogue(version: RubricVersion): readonly CheckDefinition[] {
  return [
    ...mcpServerChecks.map((entry) => asOf('mcp-server', entry, version)),
    ...skillChecks.map((entry) => asOf('skill', entry, version)),
  ].filter((check): check is CheckDefinition => check !== null);
}

interface VersionIndex {
  all: readonly CheckDefinition[];
  byKind: ReadonlyMap<PackageKind, readonly CheckDefinition[]>;
  byKindAndId: ReadonlyMap<PackageKind, ReadonlyMap<string, CheckDefinition>>;
}

function index(version: RubricVersion): VersionIndex {
  const all = catalogue(version);
  const byKind = new Map(PACKAGE_KINDS.map((kind) => [kind, all.filter((check) => check.kind === kind)]));
  const byKindAndId = new Map(
    PACKAGE_KINDS.map((kind) => [kind, new Map(byKind.get(kind)!.map((check) => [check.id, check]))]),
  );
  return { all, byKind, byKindAndId };
}

const VERSIONS = new Map<RubricVersion, VersionIndex>(
  RUBRIC_VERSIONS.map((version) => [version, index(version)]),
);

/** The current catalogue. */
export const CHECKS: readonly CheckDefinition[] = VERSIONS.get(RUBRIC_VERSION)!.all;

export function checksFor(
  kind: PackageKind,
  version: RubricVersion = RUBRIC_VERSION,
): readonly CheckDefinition[] {
  return VERSIONS.get(version)!.byKind.get(kind) ?? [];
}

export function findCheck(
  kind: PackageKind,
  id: string,
  version: RubricVersion = RUBRIC_VERSION,
): CheckDefinition | undefined {
  return VERSIONS.get(version)!.byKindAndId.get(kind)?.get(id);
}

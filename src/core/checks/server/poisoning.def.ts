/**
 * The rubric's definitions of the MCP server checks in `poisoning.ts` (SEC-01, SEC-02, SEC-03, SEC-04, SEC-14): what poisons a model: hidden characters, hidden instructions, shadowing, requests for secrets, look-alike names.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const POISONING_CHECKS: readonly CheckEntry[] = [
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
      'Nothing a model reads addresses it over the user’s head. Fail: secrecy toward the user ("do not mention this to the user"), override phrases ("ignore previous instructions", fake system or role markers), instructions to run commands that change the machine, or instructions hidden in markup, comments or encodings; and data the server returns (tool results, errors, resources, sampling prompts) that is labelled for the assistant, speaks for the user, or, written in another language than the server’s own, names one of its acting tools. Partial: instruction markup (`<IMPORTANT>`, `<system>`) or model-addressed pressure without such an aim. Usage guidance for the server’s own tools ("paths must be absolute", "call X before Y") passes.',
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
      {
        until: '2.2',
        was: {
          passes:
            'Nothing a model reads addresses it over the user’s head. Fail: secrecy toward the user ("do not mention this to the user"), override phrases ("ignore previous instructions", fake system or role markers), instructions to run commands that change the machine, or instructions hidden in markup, comments or encodings. Partial: instruction markup (`<IMPORTANT>`, `<system>`) or model-addressed pressure without such an aim. Usage guidance for the server’s own tools ("paths must be absolute", "call X before Y") passes.',
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
];

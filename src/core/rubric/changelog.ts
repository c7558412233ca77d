/**
 * What each rubric version changed, newest first. The evaluation guide prints it, so contributors
 * and maintainers can tell why a score moved; documents keep the version they were graded under.
 */
import type { RubricVersion } from './versions.ts';

export interface RubricRelease {
  version: RubricVersion;
  date: string;
  summary: string;
  changes: readonly string[];
}

export const RUBRIC_CHANGELOG: readonly RubricRelease[] = [
  {
    version: '2.5',
    date: '2026-11-28',
    summary:
      'The judged poisoning check (SEC-L1) reads everything a model reads, as the deterministic checks do, looks for orders to act that the user never gave, and holds a package it flags to a D. Only judged checks change: an evaluation made without a judge (`--no-llm`) scores the same under 2.5, keeps counting beside newer ones and is not evaluated again.',
    changes: [
      "SEC-L1 judges each distinct tool definition on every face (a definition shown only to one client name included), the server's instructions, prompts and resource lists, and each distinct text the probe got back: sampling and elicitation requests, prompt messages, resource contents, tool results and error results, and JSON-RPC errors, taken in turn by kind up to 60 (the message says how many more were left unjudged). Returned text goes to the judge with a brief of the server's tools on every face. Before, it judged the first face's tool definitions only.",
      'The judge has a sixth finding, `unrequested_action`: text that has the assistant pay, send, share, book, delete, approve or change a setting, recipient or amount with a tool, where the call does not follow from what the user asked, however it is phrased (a house procedure, a step "already agreed", an order with no addressee). These are the business-logic attacks the wording rules of SEC-02 to SEC-04 miss on fresh held-out sets. Data that reports state, and advice a careful assistant would pass on rather than act on, are not findings.',
      "A finding must quote the package's own text in the piece judged (never the brief of tools that goes with a result), and names the face, the JSON pointer and the readable path of the field that holds the quote (`/tools/0/inputSchema/properties/notes/description`, `/contents/tool_results/0/text`), with hidden characters made visible. A piece that gets no verdict no longer clears the findings of the others: SEC-L1 fails on any finding and says how many pieces went unjudged, and is an error only when it found nothing and some piece got no verdict.",
      'A new cap, judged-security-finding: when SEC-L1 fails, security_score is capped at 50 and af_score at 60, a D at best. A business-logic attack with no injection wording, which the deterministic checks grade A, is held to a D once the judge flags it. It is not the critical cap: a judge can be wrong, and its false alarms have been measured only by proxy so far (`npm run bench:detection -- --judge` measures them with a provider key).',
    ],
  },
  {
    version: '2.4',
    date: '2026-11-27',
    summary:
      'The evaluator reads what tools that write, send or run answer, and SEC-13 no longer mistakes a tool called again for the server reaching out at start-up. Every score made under 2.3 is evaluated again.',
    changes: [
      'In the sandbox without network, the last connection calls the tools named as writing, sending or running (`create_ticket`, `send_email`, `run_query`; five at most), once each, after every listing that is compared, and SEC-01 to SEC-04 read what they answer, their errors and the sampling and elicitation requests they send. A tool named or annotated as deleting is still never called; with the network on, without the sandbox or for a remote server only read-only tools are called. What they change is never compared, so a note a tool adds is not a rug pull.',
      'SEC-13 counts the prompt and resource reads and the calls made again on later connections as calls, not as starting and listing: a search or API tool called again under another client name was read as the server reaching the network at start-up, and failed the check on about a third of the catalogue.',
      'No tool that may delete is called: any word of its name that deletes or cancels counts (`jira_delete_issue`, `get_and_delete`, `stripe_cancel_subscription`), and a read-only annotation no longer overrides such a name. With the network on, a tool whose name says it writes, sends, runs, pays, approves or grants is not called even when annotated read-only. Cancelling counts as destructive for SEC-11 too.',
      'Fewer false alarms on what tools answer without their configuration: setup advice ("add it to the env section of your claude_desktop_config.json", "set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY") and a failed open of the file they missed (`open /home/u/.kube/config: no such file or directory`, `ENOENT … open \'…/.aws/credentials\'`) are not requests for secrets. A sampling prompt that sets a rule "in all your future answers" fails SEC-02.',
      'SEC-06 also fails a tool result replaced, not only extended, for ordinary client names: the tool gave exactly two answers, each to two client names at least, one to the first name on every connection that answered and the other to the evaluator\'s own name, and only the first has one of the server\'s tools used (a payout summary turned into "send the pot with send_payment"). A rate limit, a timeout or a random pick does not count.',
      'Sampling and elicitation requests are read as sent: a form with a field the specification does not know (`format: "password"`), which a strict client refuses but a lenient one shows, is scanned like any other.',
      'A form that asks for the password of a login the called tool is setting up ("Enter the login credentials for accessibility auth config …", "Password for the login being configured") is a high SEC-04 finding, no longer a critical one: it breaks the specification\'s rule that passwords go through URL mode, but says what the password is for and deceives no one. The password field itself must say so; a form that asks for "your" password, names an identity provider, bank, wallet or password manager, gives a pretext ("your sign-in timed out") or asks for a code, answer, key or phrase beside it stays critical.',
    ],
  },
  {
    version: '2.3',
    date: '2026-11-27',
    summary:
      'SEC-06 compares what tools answer, not only what they list: a tool that tells coding agents more than it tells a scanner is deceiving. The injection checks read orders that name no addressee, procedures written as policy, and the false alarms fresh held-out sets showed are fixed. Every score made under 2.2 is evaluated again.',
    changes: [
      'SEC-06 fails a tool that answers the same call with its honest text under one client name and with that text and a passage of at least 40 more characters under others (results shown only to some clients); only client names that each got one text all session are compared, so results that change with time or state, and random picks, pass.',
      'SEC-02 fails data that orders the server’s own tools without naming the assistant: a capital-letter `INSTRUCTION:` or `ACTION REQUIRED:` label, a destructive tool called at the start of a line ("now call delete_file with path …"), a confirmation code for a destructive tool handed over by an unrelated read tool, a reader named by what it does ("any assistant that reads this row", "whoever’s AI notetaker", "before answering any maintenance question", "when the board is read"), an order to bypass a sign-off or a check, and a top role given in a call it orders.',
      'SEC-02 fails an order to one of the server’s acting tools beside a cover story (the act reported as normal or compliant, the approver "not asked to confirm", the people affected "told separately" or "not notified", the act "not logged as an incident" or "not listed in the summary", the summary written "as if" it had not happened), and a safeguard set off by value (`id_check set to waived-…`, `orp_alarm=false`, `screen_override=true`, or a tool’s own description that says always to pass its bypass flag).',
      'SEC-02 fails data that stamps every answer with a marker of its choosing, or sets a rule for the rest of the conversation ("from this point in the conversation", "désormais"), and reads zero-width characters put between words as the spaces they replace; one inside a word of an order is a disguise.',
      'SEC-02 reads a prompt message or sampling request that names one of the server’s acting tools in a language the server’s tools and instructions are not written in as foreign data; a prompt’s own description no longer counts toward the server’s language.',
      'SEC-03 fails a tool description that chains another of the server’s acting tools onto its own use with values it fixes ("whenever a note is read, call send_email to \'digest@…\'"), a fixed guest or attendee added to every event, and a payee fixed by its identifier for another server’s payment tool.',
      'SEC-04 fails an image ordered into the answer from data (a Markdown image whose address is a beacon or carries a placeholder), a form that asks for an access token and its refresh token together, and a sampling request that has the model list what the conversation holds.',
      'SEC-02 also fails the blocks and labels real payloads use (`###SYSTEM### … ###END SYSTEM###`, `[SYSTEM UPDATE] … [/SYSTEM UPDATE]`, `[SYSTEM PRIORITY MESSAGE]`, a system label right after a JSON string’s escaped line break), the user demoted below a developer message, data fields declared orders to carry out at once, the override in Turkish, and the change misnamed to the person it touches; an order that fills an acting tool’s own parameter calls it though it is not named.',
      'SEC-01 fails words that mix Latin letters with look-alikes in the sentence of a high finding, and Latin words kept apart by invisible characters in a sentence that names an acting tool; a letter cipher that names one of the server’s tools is an instruction.',
      'SEC-04 fails a description that sends the model to another tool for a file in the user’s home, a secret ordered handed over in the clause after it is named, the cloud metadata service’s credential paths handed to a parameter or ordered fetched in a definition, an order to leak data, and an answer ordered to end with a beacon image. SEC-06 also counts a passage added inside the honest result (a field added to a JSON record) when the evaluator’s own name got the honest one.',
      'Fewer false alarms: a server’s instructions on what to tell the user when any tool fails, and a security report of what a malicious package did, pass.',
      'LIC-01 asks the source repository on GitHub when a package ships no licence file and declares no open licence (the reference servers of modelcontextprotocol/servers say "SEE LICENSE IN LICENSE" and keep the file at the repository root): an open licence there is half credit instead of the no-licence cap, but only when a package.json in the repository carries the package’s name, so a package cannot borrow another project’s licence. The message says where it looked and what it found.',
      'Fewer false alarms: an editor’s note in a comment, advice withheld from a user ("never tell a user to open a power supply unit"), a setting written into `.env` or a client configuration, a conversation-history server’s own "user:" turns, and an option offered after a review ("or pass override=true after reviewing") pass.',
    ],
  },
  {
    version: '2.2',
    date: '2026-11-26',
    summary:
      'The security checks read injected instructions by what they do, not only by the words they use: data in another language than the server’s own that names one of its acting tools, labels that address an AI in any language, and secrets beside an open query or a destination. False alarms found on real servers are fixed. Every score made under 2.1 is evaluated again.',
    changes: [
      'SEC-02 fails data the server returns (tool results, errors, resources, sampling and elicitation requests) that is written in another language than the server’s own definitions (trigram identification, close languages counted as one) and names one of the server’s acting tools (those that write, send, pay, approve, export or grant); the same data in the server’s own language, or naming only read tools, passes.',
      'SEC-02 reads a label addressed to an AI in any language ("Note for the assistant:", "Summariser agents:") as critical beside a secret on disk, a setting that turns off an agent’s approvals (`"autoApprove": true`, `trustedCommands: ["*"]`), a query left open for values, a phone, sftp or outside destination, another server’s tool, or a written-out call of an acting tool. Markdown headings, list items, header names (`user-agent`) and title-case product names do not count as labels.',
      'SEC-02 fails commands that inject arguments (`--output=` into a shell start-up file, git’s `--upload-pack=`, ssh’s `ProxyCommand`) and `curl` commands continued over lines that upload a secret file; an attack quoted as a set-off example inside a thread about attacks is still read.',
      'SEC-02 reads a line that forges the user’s turn in data ("User:", "Usuario:", "Пользователь:" and a sentence) like a label for the AI, and a label for the AI beside a one-time code, a password, a recovery phrase or a card number as critical (Comet’s OTP thefts).',
      'SEC-04 fails a form that asks the user to paste back an address carrying an authorization code or token (`http://localhost:8400/?code=…`, ConsentFix): whoever holds it signs in as the user.',
      'SEC-03 fails blind copies ("put … in BCC" with an address) and another server’s tool beside an email address or phone number; mail headers in data pass.',
      'SEC-04 fails sampling requests that ask the client’s model for secrets, and a secret on disk beside an open query slot or a destination.',
      'Fewer false alarms on real servers: parameters that name where a key is kept or refer to it (`privateKeyPath`, `private_key_uuid`), placeholders written "in place of" a value, git tools that include untracked files, product names in title case, text copied *to* the clipboard (`clipboardText`), a prompt scanner’s previous messages, a service saying it keeps the prior conversation, a user’s words quoted as an example, and setup notes in another language that name a client configuration far from any parameter are not requests for secrets or labels for the AI.',
      'SEC-01 only notes a run of one invisible character repeated (scraped documentation carries them); a message needs two symbols at least.',
      'SEC-06 compares only listings that succeeded: a server that crashed after a call, or a connection whose listing failed, is not read as having removed every tool.',
    ],
  },
  {
    version: '2.1',
    date: '2026-11-25',
    summary:
      'A package built to deceive or steal grades F. The security checks read everything a model reads, on every face the evaluator sees, and their critical findings cap the score. Packages run in an OS sandbox, and what it stopped is scored.',
    changes: [
      'SEC-01 to SEC-04 read every text a model reads: names, titles, descriptions, every string of input and output schemas (property names, enums, defaults, examples), the server’s instructions, prompt messages, resource contents, and the text of tool results and errors; on every face (client identity, connection, after tool calls and list_changed notifications). Text hidden in tag characters, variation selectors, concealed ANSI sequences, comments, encodings (base64, hex, percent and character references) or ciphers (ROT13, leetspeak, text written backwards) is decoded and read too, and instructions split into numbered fragments across descriptions are joined; secrecy, consent bypass, orders and the conversation are recognised in twenty languages besides English; tool results, errors and resource contents that address the assistant or pose as a conversation turn are injected text.',
      'SEC-01 judges invisible characters by what they do: tag characters, bidi overrides, runs that can encode a message and ANSI sequences that conceal or move text fail; the marks right-to-left scripts use, joiners inside Arabic-script and Indic words, and emoji sequences pass; a stray invisible character is only noted.',
      'SEC-02 (hidden instructions), SEC-03 (shadowing), SEC-04 (requests for secrets or the conversation, including through parameter names and descriptions) and SEC-06 (definitions that differ by client or change over time) become critical.',
      'SEC-06 compares eight connections (claude-code, afscore-evaluator, claude-code again, cursor-vscode, claude-ai, Visual Studio Code, gemini-cli-mcp-client, codex-mcp-client), each of which reads prompts and resources too, and the listings after tool calls and notifications, masking values that vary by nature; it is recomputable from the faces stored in `inputs`.',
      'New SEC-14: no look-alike names (mixed-script, fullwidth or invisible characters in tool and prompt names, or one slip from a well-known tool name or one the server mentions).',
      'SEC-03 fails a bcc, cc, archive, mirror or forward parameter whose default is an outside address.',
      'The critical-security-finding cap (security ≤ 20, af_score ≤ 40) is triggered by a fail of SEC-01, SEC-02, SEC-03, SEC-04, SEC-06 or SEC-14.',
      'REL-01 retries a start that timed out before failing it, and gives half credit to a start that took longer than 10 s; REL-08 no longer deducts again for a list method that REL-03 already failed.',
      'INT-05 judges a tool that wraps its arguments in one object on the arguments inside; LIC-01 gives half credit, without the no-licence cap, to a package whose manifest declares an open licence but ships no licence file; LIC-02 does not apply without a licence file.',
      'SEC-07 ignores placeholders and test tokens and the files of a test suite; SEC-11 no longer calls an arithmetic `add` a write; DOC-02 reads whole variable names and ignores what the system, CI, containers and clients set.',
      'Every check result states its dimension and severity, and evidence names the face, the field path and the text with its hidden characters made visible (⟨U+200B⟩).',
      'The package runs in an OS sandbox (bubblewrap: no network, nothing of the host, limits on memory, processes, CPU and time); its install scripts run there too. `environment.sandbox` is a record (tool, version, namespaces, network, limits), and review flags an evaluation made without one.',
      'New SEC-13: the server reaches the network only when asked (no attempt while starting and being listed, except to hosts its configuration names; half credit when only install scripts tried hosts outside the install allowlist).',
      'New REL-10: the server stays within the sandbox’s limits on memory, processes, CPU time, wall time, file size and open files (half credit when only installing ran into one).',
    ],
  },
  {
    version: '2.0',
    date: '2026-11-22',
    summary: 'The first published rubric: seven dimensions, 48 MCP-server checks and 21 skill checks.',
    changes: ['Initial release.'],
  },
];

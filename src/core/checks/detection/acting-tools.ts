/**
 * The tools whose use changes something or sends something out: what an injection wants the
 * assistant to call. A record has no reason to ask for them, so data that names one is steering
 * the assistant; data naming a read tool ("call list_sheets for the ids") is ordinary help.
 */
import { READ_VERBS, RISK_WORDS, riskKinds } from '../risky-capabilities.ts';
import { nameWords } from '../schema-utils.ts';

/**
 * Verbs of acts with consequences that SEC-11's annotation table leaves out, because no
 * annotation hint is tied to them: money, approvals, exports, grants and access.
 */
const CONSEQUENTIAL_VERBS = new Set([
  'transfer',
  'pay',
  'refund',
  'charge',
  'withdraw',
  'purchase',
  'checkout',
  'buy',
  'order',
  'approve',
  'authorize',
  'authorise',
  'confirm',
  'accept',
  'submit',
  'export',
  'forward',
  'grant',
  'assign',
  'promote',
  'unlock',
  'lock',
  'disable',
  'enable',
  'sign',
  'book',
  'schedule',
  // Closing and suspending accounts, cancelling orders, releasing holds: acts a record has no reason to order.
  'close',
  'cancel',
  'suspend',
  'deactivate',
  'ban',
  'release',
  'disburse',
  'settle',
  // A payout, a reissued certificate or a redrawn result stands for someone until someone else undoes it.
  'payout',
  'reissue',
  // Reactivating a membership or enrolling someone in a plan restarts a charge.
  'reactivate',
  'enrol',
  'enroll',
  // Voiding an invoice, revoking a key, terminating a contract: undone only by someone else's work.
  'void',
  'revoke',
  'terminate',
  // Crediting or debiting an account moves money as a transfer does (`issue_wallet_credit`).
  'credit',
  'debit',
  // Awarding a contract or a grant decides for every bidder; knocking a lot down sells it.
  'award',
  'hammer',
  'sell',
  // Declaring a runner, a dividend or a return commits to it publicly.
  'declare',
  // Merging puts code where every user runs it, past the review it may have skipped.
  'merge',
  // Recording a grade, a recommendation or a payment decides something for someone.
  'record',
  // Hiring decisions: a résumé that gets itself shortlisted.
  'shortlist',
  'hire',
  'reject',
  // Waiving a charge, adjusting a rating or a balance, overriding a safety zone, marking a route
  // done or a spot aired, reconciling a ledger: each changes what someone owes or is owed.
  'waive',
  'adjust',
  'override',
  'reconcile',
  'mark',
  'upgrade',
  'downgrade',
  'redeem',
  'renew',
  'reassign',
  // Amending a contract's price, regrading a lot: what someone is paid or charged moves.
  'amend',
  'regrade',
  'reprice',
  // Silencing what would warn someone: muting a detection rule, shelving an alarm, disarming a system.
  'suppress',
  'mute',
  'silence',
  'shelve',
  'dismiss',
  'arm',
  'disarm',
  // Moving goods or doses out of someone's keeping: a shipment, a dispatch, a dispensed drug, an
  // allocated slot, an item sent to disposal.
  'ship',
  'dispatch',
  'dispense',
  'allocate',
  'dispose',
  // Sending, deleting and paying in the languages servers name their tools in (`kunde_benachrichtigen`, `apagar_quadro`).
  'senden',
  'schicken',
  'buchen',
  'stornieren',
  'freigeben',
  'genehmigen',
  'bezahlen',
  'benachrichtigen',
  'loeschen',
  'zahlen',
  'ueberweisen',
  'envoyer',
  'supprimer',
  'payer',
  'enviar',
  'borrar',
  'eliminar',
  'apagar',
  'pagar',
  'inviare',
  'eliminare',
  'cancellare',
  'pagare',
]);

/**
 * Verbs that act when they open a tool's description ("Issue a lift pass", "Place an order",
 * "Complete a route") but name things as often as acts in a tool's name (`issue_read`,
 * `place_details`, `complete_text`).
 */
const DESCRIBED_ONLY_VERBS = new Set([
  'issue',
  'place',
  'complete',
  'comp',
  'lift',
  'raise',
  'e-sign',
  'esign',
  // Filing a return or a claim submits it.
  'file',
]);

/** What a description says before its verb: "Tool to …", "This tool will …", "Use this to …". */
const DESCRIPTION_LEAD =
  /^\s*(?:(?:a |this )?tool (?:to|that|which|for)\s+|this tool (?:will\s+)?|use (?:this|it) to\s+|(?:allows|lets) (?:you|the (?:user|assistant|agent|model)) (?:to\s+)?|used to\s+|helps? (?:you )?(?:to\s+)?)/i;

/**
 * A word after a description's first word that makes that word a noun: a preposition ("Issues for
 * a repository"), or a head noun of a noun phrase ("Upgrade guide", "Place details", "File system").
 */
const NOT_AN_OBJECT =
  /^(?:for|of|in|on|at|by|from|about|per|is|are|was|were|list|lists|guide|guides|details|detail|settings|setting|template|templates|coefficient|lookup|date|dates|information|info|system|systems|history|status|report|reports|summary|overview|documentation|docs|reference|references|id|ids|type|types|name|names|count|counts|version|versions|log|logs|notes|metadata|nothing|data|path|paths|tree|size|sizes|number|numbers|mode|modes|options|policy|policies|rules|schema|schemas)$/;

/**
 * Verbs that act only on some objects: taking or collecting money (`take_deposit`, "Takes a room
 * deposit payment from the saved card"), drawing a winner. "Take" and "draw" alone are reads or
 * sketches as often as not (`take_screenshot`, `draw_chart`), so they act only with such an object.
 */
const ACTS_ON: ReadonlyArray<[RegExp, RegExp]> = [
  [
    /^(?:take|takes|collect|collects)$/,
    /^(?:payments?|deposits?|fees?|money|rent|balance|instal(?:l)?ments?|premiums?|fares?|tolls?|fines?|dues|cash)$/,
  ],
  [/^(?:draw|draws)$/, /^(?:winners?|lots|prizes?|raffles?|lottery)$/],
  // Changing a plan, a tier or a price moves what someone pays; changing a directory or a theme does not.
  [
    /^(?:change|changes|alter|alters|switch|switches)$/,
    /^(?:plans?|tiers?|prices?|pricing|subscriptions?|contracts?|payees?|owners?|ownership|terms|rates?|fees?|beneficiar(?:y|ies)|memberships?)$/,
  ],
];

/** Words after the money that make it a report about money: `collect_fee_stats`, "Collects fee statistics". */
const ABOUT_IT =
  /^(?:stats|statistics|reports?|history|data|summary|summaries|details|info|information|lists?|records?|totals?|schedules?|rates?|breakdowns?|analytics)$/;

function actsOnItsObject(words: readonly string[]): boolean {
  const [verb = '', ...rest] = words;
  // "Takes a room deposit payment", "draw the winner": the object within the next four words, and
  // not the subject of a report ("collects fee statistics").
  return ACTS_ON.some(([verbs, objects]) => {
    if (!verbs.test(verb)) return false;
    const at = rest.slice(0, 4).findIndex((word) => objects.test(word));
    return at >= 0 && !ABOUT_IT.test(rest[at + 1] ?? '');
  });
}

/** Arithmetic, not a write: "Add two numbers". */
const ARITHMETIC_OBJECT = /^\s*(?:two|2|a (?:list of )?numbers?|numbers?|integers?|values?)\b/i;

/**
 * Whether a tool's own description opens with a verb of acting: "Set or release a foreclosure
 * hold", "Waives accrued fees", "E-sign a vendor contract". A name may say nothing (`store_ledger`,
 * `complete_route`), but the description says what calling the tool does.
 */
export function actsByDescription(description: string): boolean {
  // A tool that says it is read-only is taken at its word here; its name still counts.
  if (/\bread[- ]only\b/i.test(description)) return false;
  const rest = description.replace(DESCRIPTION_LEAD, '');
  if (actsOnItsObject(rest.toLowerCase().match(/[a-z]+/g) ?? [])) return true;
  const words = /^\s*([A-Za-z][A-Za-z-]*)[\s,]+([A-Za-z]+)?/.exec(rest);
  const first = words?.[1]?.toLowerCase();
  if (!first) return false;
  const next = words?.[2]?.toLowerCase() ?? '';
  // "Issues for a repository", "Complete list of languages", "Upgrade guide": the word names a thing.
  if (NOT_AN_OBJECT.test(next)) return false;
  const after = rest.slice(rest.toLowerCase().indexOf(first) + first.length);
  // "Issues free-game vouchers", "Places an order": the third person as well as the imperative.
  const stems = [first, first.replace(/es$/, ''), first.replace(/s$/, '')];
  if (stems.some((stem) => DESCRIBED_ONLY_VERBS.has(stem))) return true;
  return stems.some((stem) => {
    if (stem === 'add' && ARITHMETIC_OBJECT.test(after)) return false;
    if (RISK_WORDS.fetch.includes(stem)) return false;
    return actingVerb(stem);
  });
}

/** Whether a word is a verb of acting (`add`, `purge`, `approve`), as a tool name's first word. */
export function actingVerb(word: string): boolean {
  return CONSEQUENTIAL_VERBS.has(word) || Object.values(RISK_WORDS).some((words) => words.includes(word));
}

/** Whether a tool's name says it deletes or does something no one can take back: pays, grants, transfers. */
export function actsGravelyByName(name: string): boolean {
  const words = nameWords(name);
  if (riskKinds(name).includes('destructive') || actsOnItsObject(words)) return true;
  return words.some((word) => CONSEQUENTIAL_VERBS.has(word));
}

/** Whether a tool's name says it acts: writes, deletes, sends, runs, fetches, pays, approves, grants. */
/** Acts that two words name: standing a crew down, calling a search off. */
const ACTING_PHRASE = /(?:^|[_-])(?:stand[_-]?down|call[_-]?off|stood[_-]?down)(?:[_-]|$)/i;

export function actsByName(name: string): boolean {
  if (riskKinds(name).length > 0 || ACTING_PHRASE.test(name)) return true;
  const words = nameWords(name);
  if (actsOnItsObject(words)) return true;
  const [first = '', ...rest] = words;
  if (CONSEQUENTIAL_VERBS.has(first)) return true;
  // Noun-first names (`crm_export`), but not reads of a thing (`get_order`).
  return rest.length > 0 && !READ_VERBS.has(first) && CONSEQUENTIAL_VERBS.has(rest.at(-1)!);
}

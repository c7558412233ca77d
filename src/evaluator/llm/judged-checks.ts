/**
 * Runs the judged checks of a package: which units of text each prompt sees, and how verdicts
 * become check outcomes (through `core/checks/judge/judged-checks.ts`, where the arithmetic lives).
 */
import { canonicalSha256 } from '../../core/checks/canonical-json.ts';
import { excerpt } from '../../core/checks/escape-text.ts';
import {
  flaggedResult,
  type JudgeRecord,
  mean,
  scaledResult,
  serverRollup,
  type ToolDefinitionRatings,
  toolDefinitionScore,
} from '../../core/checks/judge/judged-checks.ts';
import {
  fieldHolding,
  MAX_RETURNED_UNITS,
  type PoisoningUnit,
  poisoningUnits,
} from '../../core/checks/judge/poisoning-units.ts';
import { toolView } from '../../core/checks/judge/tool-view.ts';
import { errored, notApplicable, notRun } from '../../core/checks/results.ts';
import { propertiesOf, requiredOf } from '../../core/checks/schema-utils.ts';
import { readSkillManifest, textFiles } from '../../core/checks/skill/files.ts';
import type { McpSnapshot, SkillSnapshot } from '../../core/checks/snapshot.ts';
import type { CheckResult, Evidence } from '../../core/types.ts';
import { pointerJoin } from '../../core/validation/issue.ts';
import { type JudgeContext, judgeUnit, type Verdict } from './judge.ts';
import { type JudgePrompt, PROMPTS } from './prompts.ts';

export type Progress = (step: string) => void;

const README_CHARS = 40_000;
const FILE_CHARS = 20_000;
const SKILL_FILES_CHARS = 100_000;
const LIST_DESCRIPTION_CHARS = 500;

interface UnitRun {
  results: { verdict: Verdict; index: number }[];
  record: JudgeRecord;
  error?: string;
}

/** Judges every unit with one prompt; the first unit that gets no valid verdict makes the check an error. */
async function judgeUnits(
  prompt: JudgePrompt,
  units: readonly unknown[],
  context: JudgeContext,
): Promise<UnitRun> {
  const record = { prompt_id: prompt.id, prompt_sha256: prompt.sha256, input_sha256: canonicalSha256(units) };
  const results: UnitRun['results'] = [];
  for (const [index, unit] of units.entries()) {
    const answer = await judgeUnit(prompt, unit, context);
    if (!answer.ok)
      return {
        results,
        record,
        error: units.length > 1 ? `Unit ${index + 1} of ${units.length}: ${answer.message}` : answer.message,
      };
    results.push({ verdict: answer.verdict, index });
  }
  return { results, record };
}

function toolUnits(snapshot: McpSnapshot): unknown[] {
  const names = snapshot.tools.map((tool) => tool.name);
  return snapshot.tools.map((tool) => {
    const parameters = propertiesOf(tool.inputSchema);
    return {
      tool: toolView(tool),
      sibling_tool_names: names.filter((name) => name !== tool.name),
      signals: {
        parameter_count: parameters.length,
        required_parameter_count: requiredOf(tool.inputSchema).length,
        parameters_described: parameters.filter(
          ([, schema]) => typeof schema.description === 'string' && schema.description.trim() !== '',
        ).length,
        has_output_schema: tool.outputSchema !== undefined,
        has_annotations: tool.annotations !== undefined,
      },
    };
  });
}

interface Finding {
  category: string;
  quote: string;
  explanation: string;
}

function findingEvidence(run: UnitRun, locate: (index: number) => string): Evidence[] {
  return run.results.flatMap(({ verdict, index }) =>
    ((verdict.findings as Finding[]) ?? []).map((finding) => ({
      location: locate(index),
      excerpt: finding.quote,
      value: `${finding.category}: ${finding.explanation}`.slice(0, 300),
    })),
  );
}

interface PoisoningRun {
  evidence: Evidence[];
  judged: number;
  failures: string[];
}

/**
 * Judges every unit, going on past a unit that gets no verdict: a package must not be able to
 * clear its findings by making one of its texts unanswerable. A finding quotes a field of its own
 * unit, never the brief of tools, so its pointer is the field that holds the quote.
 */
async function runPoisoning(units: readonly PoisoningUnit[], context: JudgeContext): Promise<PoisoningRun> {
  const run: PoisoningRun = { evidence: [], judged: 0, failures: [] };
  for (const [index, unit] of units.entries()) {
    const answer = await judgeUnit(
      PROMPTS['tool-poisoning'],
      unit.data,
      context,
      unit.fields.map((field) => field.text),
    );
    if (!answer.ok) {
      run.failures.push(
        `text ${index + 1} of ${units.length} (${unit.fields[0]?.path ?? ''}): ${answer.message}`,
      );
      continue;
    }
    run.judged += 1;
    for (const finding of (answer.verdict.findings as Finding[]) ?? []) {
      const field = fieldHolding(unit, finding.quote) ?? unit.fields[0]!;
      run.evidence.push({
        location: field.pointer,
        path: field.path,
        face: unit.face,
        excerpt: excerpt(finding.quote),
        value: `${finding.category}: ${finding.explanation}`.slice(0, 300),
      });
    }
  }
  return run;
}

/** SEC-L1: every unit of `poisoningUnits`, each finding located at the field it quotes. */
export async function judgePoisoning(
  snapshot: McpSnapshot,
  context: JudgeContext,
  progress: Progress = () => {},
): Promise<CheckResult> {
  const { units, unjudged } = poisoningUnits(snapshot);
  progress(
    `judging ${units.length} text(s) for poisoning: definitions on every face and what the server returned`,
  );
  if (units.length === 0) return notApplicable('SEC-L1', 'The server showed no text to judge.');
  const run = await runPoisoning(units, context);
  const record = {
    prompt_id: PROMPTS['tool-poisoning'].id,
    prompt_sha256: PROMPTS['tool-poisoning'].sha256,
    input_sha256: canonicalSha256(units.map((unit) => unit.data)),
  };
  const gaps = [
    ...(run.failures.length > 0 ? [`${run.failures.length} of ${units.length} texts got no verdict`] : []),
    ...(unjudged > 0
      ? [`${unjudged} more returned texts were over the limit of ${MAX_RETURNED_UNITS} and not judged`]
      : []),
  ];
  const note = gaps.length > 0 ? ` (${gaps.join('; ')})` : '';
  if (run.evidence.length === 0 && run.failures.length > 0)
    return errored('SEC-L1', `No finding in ${run.judged} judged texts, but ${run.failures[0]}${note}.`);
  return flaggedResult(
    'SEC-L1',
    run.evidence,
    record,
    `The judge found no poisoning in the ${units.length} text(s) the server showed`,
    note,
  );
}

async function toolDefinitions(snapshot: McpSnapshot, context: JudgeContext): Promise<CheckResult> {
  if (snapshot.tools.length === 0) return notApplicable('INT-L1', 'No tools to judge.');
  const run = await judgeUnits(PROMPTS['tool-definition'], toolUnits(snapshot), context);
  if (run.error) return errored('INT-L1', run.error);
  const scored = run.results.map(({ verdict, index }) => ({
    index,
    verdict,
    score: toolDefinitionScore(verdict as unknown as ToolDefinitionRatings),
  }));
  const rating = serverRollup(scored.map((tool) => tool.score));
  const weakest = [...scored].sort((a, b) => a.score - b.score || a.index - b.index).slice(0, 3);
  const evidence: Evidence[] = weakest.map((tool) => ({
    location: pointerJoin('/tools', tool.index),
    value:
      `${snapshot.tools[tool.index]!.name}: ${tool.score.toFixed(2)}/5; ${String(tool.verdict.weakest_point ?? '')}`.slice(
        0,
        300,
      ),
    ...(tool.verdict.weakest_quote ? { excerpt: String(tool.verdict.weakest_quote) } : {}),
  }));
  return scaledResult(
    'INT-L1',
    rating,
    run.record,
    `Tool definitions rate ${rating.toFixed(2)}/5 (0.6·mean + 0.4·min over ${scored.length} tools).`,
    evidence,
  );
}

async function toolSetCoherence(snapshot: McpSnapshot, context: JudgeContext): Promise<CheckResult> {
  if (snapshot.tools.length === 0) return notApplicable('INT-L2', 'No tools to judge.');
  const unit = {
    tools: snapshot.tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: (tool.description ?? '').slice(0, LIST_DESCRIPTION_CHARS),
    })),
  };
  const run = await judgeUnits(PROMPTS['tool-set-coherence'], [unit], context);
  if (run.error) return errored('INT-L2', run.error);
  const verdict = run.results[0]!.verdict;
  const rating = mean(
    ['disambiguation', 'naming_consistency', 'tool_count_fit', 'completeness'].map((key) =>
      Number(verdict[key]),
    ),
  );
  return scaledResult(
    'INT-L2',
    rating,
    run.record,
    `The tool set rates ${rating.toFixed(2)}/5. ${String(verdict.comment ?? '')}`.trim(),
  );
}

async function readmeAccuracy(
  snapshot: McpSnapshot,
  readme: string | null,
  context: JudgeContext,
): Promise<CheckResult> {
  if (readme === null) return notRun('DOC-L1', 'No README to judge.');
  const unit = {
    readme: readme.slice(0, README_CHARS),
    tools: snapshot.tools.map((tool) => ({
      name: tool.name,
      description: (tool.description ?? '').slice(0, LIST_DESCRIPTION_CHARS),
    })),
  };
  const run = await judgeUnits(PROMPTS['readme-accuracy'], [unit], context);
  if (run.error) return errored('DOC-L1', run.error);
  const verdict = run.results[0]!.verdict;
  const rating = mean([Number(verdict.describes_existing_tools), Number(verdict.setup_complete)]);
  const missing = (verdict.missing_tools as string[]) ?? [];
  const stale = (verdict.stale_tools as string[]) ?? [];
  const evidence: Evidence[] = [
    ...missing.map((name) => ({ location: 'README', value: `does not mention ${name}` })),
    ...stale.map((name) => ({
      location: 'README',
      value: `mentions ${name}, which the server does not expose`,
    })),
  ];
  return scaledResult(
    'DOC-L1',
    rating,
    run.record,
    `The README rates ${rating.toFixed(2)}/5 against the tools.`,
    evidence,
  );
}

export async function judgeMcpServer(
  snapshot: McpSnapshot,
  readme: string | null,
  context: JudgeContext,
  progress: Progress,
): Promise<CheckResult[]> {
  const poisoning = await judgePoisoning(snapshot, context, progress);
  progress('judging tool definitions');
  const definitions = await toolDefinitions(snapshot, context);
  progress('judging the tool set and the README');
  return [
    poisoning,
    definitions,
    await toolSetCoherence(snapshot, context),
    await readmeAccuracy(snapshot, readme, context),
  ];
}

function skillFilesUnit(snapshot: SkillSnapshot): unknown {
  let budget = SKILL_FILES_CHARS;
  const files = [];
  for (const file of textFiles(snapshot)) {
    if (budget <= 0) break;
    const text = file.text.slice(0, Math.min(FILE_CHARS, budget));
    budget -= text.length;
    files.push({ path: file.path, text });
  }
  return { files };
}

export async function judgeSkill(
  snapshot: SkillSnapshot,
  context: JudgeContext,
  progress: Progress,
): Promise<CheckResult[]> {
  const loaded = readSkillManifest(snapshot);
  if (!loaded.ok) {
    return ['SKL-SL1', 'SKL-IL1', 'SKL-DL1', 'SKL-DL2'].map((id) => notRun(id, 'SKILL.md did not load.'));
  }
  const { frontmatter, body } = loaded.manifest;
  const name = String(frontmatter.name ?? '');
  const description = String(frontmatter.description ?? '');
  progress('judging the skill for threats');
  const threats = await judgeUnits(PROMPTS['skill-threats'], [skillFilesUnit(snapshot)], context);
  const threatResult = threats.error
    ? errored('SKL-SL1', threats.error)
    : flaggedResult(
        'SKL-SL1',
        findingEvidence(threats, () => 'skill files'),
        threats.record,
        'The judge found no threats in the instructions',
      );
  progress('judging the trigger and the instructions');
  const trigger = await judgeUnits(PROMPTS['skill-trigger'], [{ name, description }], context);
  const triggerResult = trigger.error
    ? errored('SKL-IL1', trigger.error)
    : ratedMean(
        'SKL-IL1',
        trigger,
        ['what_specificity', 'when_explicitness', 'trigger_keywords', 'voice', 'distinguishability'],
        'The trigger',
      );
  const instructions = await judgeUnits(
    PROMPTS['skill-instructions'],
    [{ name, description, body }],
    context,
  );
  const instructionsResult = instructions.error
    ? errored('SKL-DL1', instructions.error)
    : ratedMean(
        'SKL-DL1',
        instructions,
        [
          'conciseness',
          'degree_of_freedom',
          'feedback_loops',
          'concrete_examples',
          'consistent_terms',
          'timelessness',
        ],
        'The instructions',
      );
  const promise = await judgeUnits(PROMPTS['skill-promise'], [{ description, body }], context);
  const promiseResult = promise.error
    ? errored('SKL-DL2', promise.error)
    : scaledResult(
        'SKL-DL2',
        Number(promise.results[0]!.verdict.rating),
        promise.record,
        `The body keeps the description's promise: ${String(promise.results[0]!.verdict.rating)}/5. ${String(promise.results[0]!.verdict.unmet_promise ?? '')}`.trim(),
      );
  return [threatResult, triggerResult, instructionsResult, promiseResult];
}

function ratedMean(id: string, run: UnitRun, keys: readonly string[], what: string): CheckResult {
  const verdict = run.results[0]!.verdict;
  const rating = mean(keys.map((key) => Number(verdict[key])));
  const quote =
    typeof verdict.weakest_quote === 'string' && verdict.weakest_quote !== ''
      ? verdict.weakest_quote
      : undefined;
  const comment = typeof verdict.comment === 'string' ? ` ${verdict.comment}` : '';
  return scaledResult(
    id,
    rating,
    run.record,
    `${what} rate ${rating.toFixed(2)}/5.${comment}`,
    quote ? [{ location: 'SKILL.md', excerpt: quote }] : [],
  );
}

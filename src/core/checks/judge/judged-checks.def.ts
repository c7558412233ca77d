/**
 * The rubric's definitions of the checks the LLM judge rates (`judged-checks.ts` turns its ratings
 * into outcomes; the evaluator's `llm/` runs it). Each entry holds the check's current form and,
 * under `before`, what it was in earlier versions; `rubric/checks.ts` assembles the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

/** MCP server checks: SEC-L1, INT-L1, INT-L2, DOC-L1. */
export const SERVER_JUDGED_CHECKS: readonly CheckEntry[] = [
  {
    id: 'SEC-L1',
    dimension: 'security',
    severity: 'high',
    method: 'llm',
    title: 'No tool poisoning (judged)',
    passes:
      'A pinned judge finds no hidden instructions, shadowing, sensitive access, exfiltration channel, behaviour override or order to act that the user did not give in anything the server showed: each distinct tool definition, its instructions, prompts and resource lists on every face, and each distinct tool result, error, prompt message, resource content and sampling or elicitation request the probe got back. It may raise but never clear a deterministic finding.',
    remediation:
      'Rewrite the flagged text so it only describes the tool or reports the data; leave the choice of acting to the user.',
    before: [
      {
        until: '2.5',
        was: {
          passes:
            'A pinned judge finds no hidden instructions, shadowing, sensitive access, exfiltration channel or behaviour override in any tool. It may raise but never clear a deterministic finding.',
        },
      },
    ],
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
];

/** Skill checks: SKL-SL1, SKL-IL1, SKL-DL1, SKL-DL2. */
export const SKILL_JUDGED_CHECKS: readonly CheckEntry[] = [
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
];

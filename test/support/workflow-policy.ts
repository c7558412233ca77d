/**
 * The security rules every workflow of the repository must keep, as a function from a workflow's
 * text to the rules it breaks, so the tests can show each rule catching a broken workflow too.
 */
import { parse } from 'yaml';

/** Reviewed pins: the only commits a workflow may use, with the release each one is. */
export const ACTION_PINS: Readonly<Record<string, { sha: string; version: string }>> = {
  'actions/checkout': { sha: '34e114876b0b11c390a56381ad16ebd13914f8d5', version: 'v4.3.1' },
  'actions/upload-artifact': { sha: 'ea165f8d65b6e75b540449e92b4886f43607fa02', version: 'v4.6.2' },
  'actions/download-artifact': { sha: 'd3f86a106a0bac45b974a628896c90dbdf5c8093', version: 'v4.3.0' },
  'actions/github-script': { sha: 'ed597411d8f924073f98dfc5c65a23a2325f34cd', version: 'v8.0.0' },
  'actions/configure-pages': { sha: '983d7736d9b0ae728b81ab479565c72886d7745b', version: 'v5.0.0' },
  'actions/upload-pages-artifact': { sha: '56afc609e74202658d3ffba0e8f6dda462b719fa', version: 'v3.0.1' },
  'actions/deploy-pages': { sha: 'd6db90164ac5ed86f2b6aed7e0febac5b3c0c03e', version: 'v4.0.5' },
};

/** Event text a pull request or issue author controls. */
const UNTRUSTED_EXPRESSION = /\$\{\{[^}]*\b(github\.event\.|github\.head_ref)/;
const WRITE_SCOPES_FOR_PAGES = ['pages', 'id-token'];

type Mapping = Record<string, unknown>;

interface Step {
  uses?: string;
  run?: string;
  with?: Mapping;
}

interface Job {
  permissions?: unknown;
  steps?: Step[];
  uses?: string;
}

interface Workflow {
  on?: unknown;
  permissions?: unknown;
  jobs?: Record<string, Job>;
}

function triggers(on: unknown): string[] {
  if (typeof on === 'string') return [on];
  if (Array.isArray(on)) return on.map(String);
  if (on !== null && typeof on === 'object') return Object.keys(on);
  return [];
}

/** Scopes granted write access; `write-all` counts as every scope. */
function writeScopes(permissions: unknown): string[] {
  if (permissions === 'write-all') return ['*'];
  if (permissions === null || typeof permissions !== 'object') return [];
  return Object.entries(permissions as Mapping)
    .filter(([, level]) => level === 'write')
    .map(([scope]) => scope);
}

function usesViolations(name: string, text: string, uses: string): string[] {
  if (uses.startsWith('./')) return [];
  const match = /^([\w.-]+\/[\w.-]+)(?:\/[^@]*)?@([0-9a-f]{40})$/.exec(uses);
  if (!match) return [`${name}: ${uses} is not pinned to a full commit SHA`];
  const [, action, sha] = match;
  const pin = ACTION_PINS[action!];
  if (!pin || pin.sha !== sha) return [`${name}: ${uses} is not a reviewed pin (see ACTION_PINS)`];
  const commented = new RegExp(`uses: ${action}@${sha} # ${pin.version.replaceAll('.', '\\.')}\\s*$`, 'm');
  return commented.test(text) ? [] : [`${name}: ${action}@${sha} lacks its "# ${pin.version}" comment`];
}

export function workflowViolations(name: string, text: string): string[] {
  const workflow = parse(text) as Workflow;
  const on = triggers(workflow.on);
  const jobs = Object.entries(workflow.jobs ?? {});
  const violations: string[] = [];
  if (on.includes('pull_request_target')) violations.push(`${name}: uses pull_request_target`);
  if (on.includes('pull_request')) {
    // Code from forks runs here: nothing it can reach may write or hold a secret.
    const granted = [workflow.permissions, ...jobs.map(([, job]) => job.permissions)].flatMap(writeScopes);
    if (workflow.permissions === undefined)
      violations.push(`${name}: runs pull requests without a permissions block`);
    if (granted.length > 0)
      violations.push(`${name}: grants ${granted.join(', ')} write to pull request code`);
    if (/\$\{\{[^}]*\bsecrets\.|secrets:\s*inherit/.test(text)) {
      violations.push(`${name}: hands a secret to pull request code`);
    }
  }
  for (const [jobName, job] of jobs) {
    const pagesWrite = writeScopes(job.permissions).filter((scope) => WRITE_SCOPES_FOR_PAGES.includes(scope));
    if (pagesWrite.length > 0 && !(name === 'publish.yml' && jobName === 'deploy')) {
      violations.push(
        `${name}: job ${jobName} may write ${pagesWrite.join(', ')}; only publish.yml's deploy job may`,
      );
    }
    if (job.uses) violations.push(...usesViolations(name, text, job.uses));
    for (const step of job.steps ?? []) {
      if (step.uses) violations.push(...usesViolations(name, text, step.uses));
      if (step.run && UNTRUSTED_EXPRESSION.test(step.run)) {
        violations.push(`${name}: job ${jobName} puts event text into a run script; pass it through env`);
      }
      const script = step.with?.script;
      if (typeof script === 'string' && UNTRUSTED_EXPRESSION.test(script)) {
        violations.push(`${name}: job ${jobName} puts event text into a github-script; pass it through env`);
      }
      if (
        on.includes('workflow_run') &&
        step.uses?.startsWith('actions/checkout@') &&
        step.with?.ref !== undefined
      ) {
        violations.push(`${name}: checks out another ref on workflow_run, which could be pull request code`);
      }
    }
  }
  return violations;
}

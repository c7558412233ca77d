/**
 * The repository's GitHub automation: every workflow parses with GitHub's own workflow parser and
 * keeps the security rules (pinned actions, no write access or secrets for pull-request code, no
 * event text in scripts); the package-request form matches what the converter reads.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { KIND_OPTIONS, REQUEST_FIELDS } from '../src/core/requests/package-request.ts';
import { ACCEPT_LABEL } from '../src/core/requests/request-messages.ts';
import { issueFormUrl, packageRequestUrl, wrongScoreUrl } from '../src/site/site-links.ts';
import { parseWorkflowErrors } from './support/workflow-parser.ts';
import { workflowViolations } from './support/workflow-policy.ts';

const ROOT = resolve(import.meta.dirname, '..');
const WORKFLOWS = join(ROOT, '.github', 'workflows');
const names = readdirSync(WORKFLOWS)
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();
const read = (name: string) => readFileSync(join(WORKFLOWS, name), 'utf8');
/** A GitHub Actions expression, `${{ … }}`. */
const expression = (inner: string) => `\${{ ${inner} }}`;

describe('workflows', () => {
  it('are the ones the project relies on', () => {
    expect(names).toEqual([
      'ci.yml',
      'package-request.yml',
      'publish.yml',
      'registry-sync.yml',
      'review-comment.yml',
      'review.yml',
    ]);
  });

  it.each(names)('%s parses with GitHub’s workflow parser', async (name) => {
    expect(await parseWorkflowErrors(name, read(name))).toEqual([]);
  });

  it('the parser catches a broken workflow', async () => {
    const broken = read('ci.yml').replace('runs-on: ubuntu-24.04', 'runs-on: ubuntu-24.04\n    bogus-key: 1');
    expect(await parseWorkflowErrors('ci.yml', broken)).toEqual([
      expect.stringContaining("Unexpected value 'bogus-key'"),
    ]);
  });

  it.each(names)('%s keeps the security rules', (name) => {
    expect(workflowViolations(name, read(name))).toEqual([]);
  });

  it.each([
    [
      'a tag instead of a commit',
      'ci.yml',
      (text: string) => text.replace(/actions\/checkout@[0-9a-f]{40}/, 'actions/checkout@v4'),
    ],
    [
      'an unreviewed commit',
      'ci.yml',
      (text: string) => text.replace('34e114876b0b11c390a56381ad16ebd13914f8d5', '1'.repeat(40)),
    ],
    ['a missing version comment', 'ci.yml', (text: string) => text.replace(' # v4.3.1', '')],
    [
      'pull_request_target',
      'review.yml',
      (text: string) => text.replace('  pull_request:\n', '  pull_request_target:\n'),
    ],
    [
      'write access for pull request code',
      'review.yml',
      (text: string) => text.replace('  contents: read', '  contents: read\n  pull-requests: write'),
    ],
    [
      'write-all on a pull request job',
      'ci.yml',
      (text: string) =>
        text.replace('    timeout-minutes: 30', '    timeout-minutes: 30\n    permissions: write-all'),
    ],
    [
      'a secret for pull request code',
      'review.yml',
      (text: string) =>
        text.replace(
          '          PR_NUMBER:',
          `          TOKEN: ${expression('secrets.DEPLOY_TOKEN')}\n          PR_NUMBER:`,
        ),
    ],
    [
      'event text inside a run script',
      'package-request.yml',
      (text: string) =>
        text.replace('printf \'%s\' "$ISSUE_BODY"', `echo "${expression('github.event.issue.body')}"`),
    ],
    [
      'event text inside a github-script',
      'review-comment.yml',
      (text: string) =>
        text.replace(
          'headSha: process.env.HEAD_SHA',
          `headSha: "${expression('github.event.workflow_run.head_sha')}"`,
        ),
    ],
    [
      'checking out pull request code on workflow_run',
      'review-comment.yml',
      (text: string) =>
        text.replace('sparse-checkout: src', `ref: ${expression('github.event.workflow_run.head_sha')}`),
    ],
    [
      'Pages write outside the deploy job',
      'publish.yml',
      (text: string) => text.replace('      pages: read', '      pages: write'),
    ],
  ])('catch %s', (_, name, mutate) => {
    const mutated = mutate(read(name));
    expect(mutated).not.toBe(read(name));
    expect(workflowViolations(name, mutated)).not.toEqual([]);
  });

  it('post the review of the workflow that computed it, from the default branch’s poster', () => {
    const review = parse(read('review.yml'));
    const comment = parse(read('review-comment.yml'));
    expect(comment.on.workflow_run.workflows).toEqual([review.name]);
    expect(read('review.yml')).toContain('afscore review "$@"');
    expect(read('review-comment.yml')).toContain('/src/github/review-poster.ts');
    expect(existsSync(join(ROOT, 'src', 'github', 'review-poster.ts'))).toBe(true);
  });

  it('open package pull requests only for the accept label', () => {
    const workflow = parse(read('package-request.yml'));
    expect(workflow.jobs.propose.if).toContain(`github.event.label.name == '${ACCEPT_LABEL}'`);
    expect(read('package-request.yml')).toContain('afscore request-to-package --body-file');
  });

  it('publish hourly and on pushes to main, building with the clock at this hour', () => {
    const workflow = parse(read('publish.yml'));
    expect(workflow.on.push.branches).toEqual(['main']);
    expect(workflow.on.schedule).toEqual([{ cron: '17 * * * *' }]);
    const steps = workflow.jobs.build.steps.map((step: { run?: string }) => step.run ?? '').join('\n');
    expect(steps).toContain('afscore build --as-of now');
    expect(steps).toContain('astro build');
    expect(steps).toContain('afscore mirror');
  });
});

describe('the package request form', () => {
  const form = parse(readFileSync(join(ROOT, '.github', 'ISSUE_TEMPLATE', 'package-request.yml'), 'utf8'));
  const fields = (
    form.body as {
      type: string;
      id?: string;
      attributes: Record<string, unknown>;
      validations?: { required?: boolean };
    }[]
  ).filter((field) => field.type !== 'markdown');

  it('sync the registries daily and hand the changes to one pull request', () => {
    const workflow = parse(read('registry-sync.yml'));
    expect(workflow.on.schedule).toHaveLength(1);
    const runs = workflow.jobs.sync.steps.map((step: { run?: string }) => step.run ?? '').join('\n');
    expect(runs).toContain('npx afscore sync --report');
    expect(runs).toContain('npx afscore import mcp-registry --updated-since last');
    expect(runs).toContain('npx afscore sync-pr --sync-report');
    expect(runs.indexOf('npx afscore validate')).toBeLessThan(runs.indexOf('sync-pr'));
  });

  it('asks for exactly the fields the converter reads, under the same labels', () => {
    expect(fields.map((field) => field.attributes.label)).toEqual(
      Object.values(REQUEST_FIELDS).map((field) => field.label),
    );
    expect(fields.map((field) => field.validations?.required === true)).toEqual(
      Object.values(REQUEST_FIELDS).map((field) => field.required),
    );
    expect(new Set(fields.map((field) => field.id)).size).toBe(fields.length);
  });

  it('offers every category in data/categories and the two kinds', () => {
    const slugs = readdirSync(join(ROOT, 'data', 'categories'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => name.slice(0, -3))
      .sort();
    const byLabel = (label: string) => fields.find((field) => field.attributes.label === label)!;
    expect(byLabel('Category').attributes.options).toEqual(slugs);
    expect(byLabel('Kind').attributes.options).toEqual(Object.keys(KIND_OPTIONS));
  });
});

describe('the issue forms the site links to', () => {
  const formFields = (file: string) =>
    (
      parse(readFileSync(join(ROOT, '.github', 'ISSUE_TEMPLATE', file), 'utf8')).body as {
        type: string;
        id?: string;
      }[]
    )
      .filter((field) => field.type !== 'markdown')
      .map((field) => field.id);

  it.each([
    ['wrong-score.yml', wrongScoreUrl('https://github.com/a/b', { id: 'x', name: 'X', af_score: 1 }, 'e')],
    ['package-request.yml', packageRequestUrl('https://github.com/a/b', 'X')],
    ['api-key.yml', issueFormUrl('https://github.com/a/b', 'api-key', { login: 'ada' })],
  ])('%s has a field for every value the site fills in', (file, link) => {
    const url = new URL(link);
    expect(url.searchParams.get('template')).toBe(file);
    const filled = [...url.searchParams.keys()].filter((name) => name !== 'template' && name !== 'title');
    expect(formFields(file)).toEqual(expect.arrayContaining(filled));
  });
});

describe('review files', () => {
  it('name the maintainers as owners of the data and evaluations', () => {
    const owners = readFileSync(join(ROOT, '.github', 'CODEOWNERS'), 'utf8');
    expect(owners).toMatch(/^\/data\/\s+@afscore\/maintainers$/m);
    expect(owners).toMatch(/^\/evaluations\/\s+@afscore\/maintainers$/m);
  });

  it('give evaluation pull requests a checklist and maintainers a review guide', () => {
    expect(readFileSync(join(ROOT, '.github', 'pull_request_template.md'), 'utf8')).toContain(
      'npx afscore validate --since origin/main',
    );
    const guide = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
    for (const heading of [
      '## Reviewing a submission',
      '## Merging',
      '## Recording a spot-check re-run',
      '## Accepting a package request',
    ]) {
      expect(guide).toContain(heading);
    }
  });
});

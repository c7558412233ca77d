import { describe, expect, it } from 'vitest';
import { buildEvaluation, uuidFor } from '../../../test/support/evaluation-builder.ts';
import { RUBRIC_VERSION } from '../rubric/versions.ts';
import type { EvaluationDocument, PackageFile } from '../types.ts';
import type { Issue } from './issue.ts';
import { type EvaluationContext, validateEvaluation } from './validate-evaluation.ts';

const pkg: PackageFile = {
  id: 'server-memory',
  name: 'Memory',
  kind: 'mcp-server',
  category: 'knowledge-memory',
  description: 'Keeps a local knowledge graph.',
  repository: 'https://github.com/modelcontextprotocol/servers',
  distribution: { npm: '@modelcontextprotocol/server-memory' },
  version: '2025.9.25',
  license: 'MIT',
  maintainers: ['maint-a'],
  added: '2026-11-01',
  body: '',
};
const packages = new Map([[pkg.id, pkg]]);
const NOW = Date.parse('2026-11-22T12:00:00Z');
const admission: EvaluationContext = { packages, mode: 'admission', now: NOW };
const integrity: EvaluationContext = { packages, mode: 'integrity' };

function valid(): EvaluationDocument {
  const doc = buildEvaluation({
    id: uuidFor('valid'),
    packageId: 'server-memory',
    version: '2025.9.25',
    finishedAt: '2026-11-20T10:00:00Z',
  });
  doc.subject.artifact = 'npm:@modelcontextprotocol/server-memory@2025.9.25';
  return doc;
}

function issuesOf(doc: unknown, context: EvaluationContext = admission): Issue[] {
  const result = validateEvaluation(doc, context);
  return result.ok ? [] : result.issues;
}

function mutate(change: (doc: EvaluationDocument) => void): EvaluationDocument {
  const doc = structuredClone(valid());
  change(doc);
  return doc;
}

describe('validateEvaluation', () => {
  it('accepts a complete, consistent document', () => {
    expect(issuesOf(valid())).toEqual([]);
  });

  it('admits an npm artifact only if it is the package’s own distribution at the recorded version', () => {
    const otherPackage = mutate((doc) => {
      doc.subject.artifact = 'npm:@modelcontextprotocol/server-everart@2025.9.25';
    });
    expect(issuesOf(otherPackage)).toEqual([
      expect.objectContaining({
        pointer: '/subject/artifact',
        message:
          'names the npm package @modelcontextprotocol/server-everart, but server-memory is published on npm as @modelcontextprotocol/server-memory',
      }),
    ]);
    const otherVersion = mutate((doc) => {
      doc.subject.artifact = 'npm:@modelcontextprotocol/server-memory@2025.8.4';
    });
    expect(issuesOf(otherVersion)).toEqual([
      expect.objectContaining({ pointer: '/subject/artifact', message: expect.stringContaining('2025.8.4') }),
    ]);
    // Packages get renamed on npm; files already in the history stay valid.
    expect(issuesOf(otherPackage, integrity)).toEqual([]);
  });

  it('reports schema problems with pointers and hints', () => {
    const issues = issuesOf(
      mutate((doc) => {
        (doc as unknown as Record<string, unknown>).extra = true;
        doc.checks[0]!.status = 'maybe' as never;
        doc.timestamps.finished_at = '2026-11-20 10:00';
      }),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/extra', message: 'is not an allowed property' }),
        expect.objectContaining({ pointer: '/checks/0/status', hint: expect.stringContaining('"not_run"') }),
        expect.objectContaining({
          pointer: '/timestamps/finished_at',
          hint: expect.stringContaining('RFC 3339'),
        }),
      ]),
    );
  });

  it('rejects scores that the checks do not give', () => {
    const issues = issuesOf(
      mutate((doc) => {
        doc.scores.af_score = 91;
        doc.scores.dimensions.security.score = 90;
      }),
    );
    expect(issues).toEqual([
      {
        pointer: '/scores/af_score',
        message: 'is 91 but the checks give 100',
        hint: expect.stringContaining('write 100'),
      },
      {
        pointer: '/scores/dimensions/security/score',
        message: 'is 90 but the checks give 100',
        hint: expect.stringContaining('write 100'),
      },
    ]);
  });

  it('rejects an unknown package, a wrong kind and a missing check', () => {
    expect(issuesOf(mutate((doc) => (doc.package.id = 'no-such-server')))).toEqual([
      expect.objectContaining({ pointer: '/package/id', message: '"no-such-server" is not a known package' }),
    ]);
    const missing = issuesOf(mutate((doc) => doc.checks.splice(3, 1)));
    expect(missing).toEqual([
      expect.objectContaining({
        pointer: '/checks',
        message: expect.stringContaining('SEC-04'),
        hint: expect.stringContaining('not_run'),
      }),
    ]);
    const unknown = issuesOf(mutate((doc) => (doc.checks[0]!.id = 'SKL-S01')));
    expect(unknown[0]).toMatchObject({
      pointer: '/checks/0/id',
      message: `"SKL-S01" is not a mcp-server check of rubric ${RUBRIC_VERSION}`,
    });
  });

  it('grades a document under the rubric it names, and admits only the current one', () => {
    expect(issuesOf(mutate((doc) => (doc.rubric_version = '2.7')))).toEqual([
      expect.objectContaining({
        pointer: '/rubric_version',
        message: expect.stringContaining('not a published rubric version'),
      }),
    ]);
    const old = buildEvaluation({
      id: uuidFor('old-rubric'),
      packageId: 'server-memory',
      version: '2025.9.25',
      finishedAt: '2026-11-20T10:00:00Z',
      rubricVersion: '2.0',
    });
    old.subject.artifact = 'npm:@modelcontextprotocol/server-memory@2025.9.25';
    // Already in the repository: valid under 2.0's own catalogue (no SEC-14, no labels).
    expect(issuesOf(old, integrity)).toEqual([]);
    expect(issuesOf(old)).toEqual([
      expect.objectContaining({
        pointer: '/rubric_version',
        hint: expect.stringContaining('evaluate again'),
      }),
    ]);
  });

  it('requires results since 2.1 to state the dimension and severity the rubric gives them', () => {
    expect(issuesOf(mutate((doc) => delete doc.checks[0]!.severity))).toEqual([
      expect.objectContaining({
        pointer: '/checks/0/severity',
        message: expect.stringContaining('is missing'),
      }),
    ]);
    expect(issuesOf(mutate((doc) => (doc.checks[0]!.severity = 'low')))).toEqual([
      expect.objectContaining({
        pointer: '/checks/0/severity',
        message: `is "low" but rubric ${RUBRIC_VERSION} defines SEC-01 as "critical"`,
      }),
    ]);
  });

  it('requires a maintainer to disclose their own evaluation when it is submitted', () => {
    const own = mutate((doc) => (doc.contributor.login = 'Maint-A'));
    expect(issuesOf(own)).toEqual([
      expect.objectContaining({
        pointer: '/disclosure/affiliated',
        message: 'is false but Maint-A maintains server-memory',
      }),
    ]);
    // Already in the history (the maintainer list changed later): aggregation flags it instead.
    expect(issuesOf(own, integrity)).toEqual([]);
    const disclosed = mutate((doc) => {
      doc.contributor.login = 'maint-a';
      doc.disclosure = { affiliated: true, relationship: 'maintainer' };
    });
    expect(issuesOf(disclosed)).toEqual([]);
  });

  it('keeps the disclosure fields consistent', () => {
    expect(
      issuesOf(mutate((doc) => (doc.disclosure = { affiliated: true, relationship: 'none' })))[0]?.pointer,
    ).toBe('/disclosure/relationship');
    expect(
      issuesOf(mutate((doc) => (doc.disclosure = { affiliated: false, relationship: 'employee' })))[0]
        ?.pointer,
    ).toBe('/disclosure/affiliated');
  });

  it('admits only the latest known version, but keeps history valid', () => {
    const older = mutate((doc) => {
      doc.package.version = '2025.8.1';
      doc.subject.artifact = 'npm:@modelcontextprotocol/server-memory@2025.8.1';
    });
    expect(issuesOf(older)[0]).toMatchObject({
      pointer: '/package/version',
      message: 'evaluates 2025.8.1 but the latest known version of server-memory is 2025.9.25',
    });
    expect(issuesOf(older, integrity)).toEqual([]);
  });

  it('refuses evaluations from the future and runs that end before they start', () => {
    expect(issuesOf(mutate((doc) => (doc.timestamps.finished_at = '2026-12-01T00:00:00Z')))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/timestamps/finished_at', message: 'is in the future' }),
      ]),
    );
    expect(issuesOf(mutate((doc) => (doc.timestamps.started_at = '2026-11-21T00:00:00Z')))[0]?.message).toBe(
      'is earlier than started_at',
    );
  });

  it('checks that values agree with statuses', () => {
    expect(
      issuesOf(mutate((doc) => Object.assign(doc.checks[0]!, { status: 'partial', value: 1 })))[0],
    ).toMatchObject({ pointer: '/checks/0/value' });
    expect(
      issuesOf(mutate((doc) => Object.assign(doc.checks[0]!, { status: 'not_run', value: 0.5 })))[0],
    ).toMatchObject({ pointer: '/checks/0/value', hint: 'remove value' });
  });

  it('requires judged checks to carry their prompt hash and a pinned model', () => {
    const judged = buildEvaluation({
      id: uuidFor('judged'),
      packageId: 'server-memory',
      version: '2025.9.25',
      finishedAt: '2026-11-20T10:00:00Z',
      llmDefault: 'partial',
    });
    judged.subject.artifact = valid().subject.artifact;
    expect(issuesOf(judged)).toEqual([]);
    const noRecord = structuredClone(judged);
    const index = noRecord.checks.findIndex((check) => check.id === 'SEC-L1');
    delete noRecord.checks[index]!.llm;
    expect(issuesOf(noRecord)[0]).toMatchObject({ pointer: `/checks/${index}/llm` });
    const alias = structuredClone(judged);
    alias.evaluator.llm!.model = 'claude-sonnet-latest';
    expect(issuesOf(alias)[0]).toMatchObject({
      pointer: '/evaluator/llm/model',
      message: '"claude-sonnet-latest" is an alias, not a pinned model',
    });
    const offScale = structuredClone(judged);
    offScale.checks[index]!.llm!.scale = 2;
    expect(issuesOf(offScale)[0]).toMatchObject({
      pointer: `/checks/${index}/value`,
      message: 'must be 0.25 for a judged rating of 2',
    });
  });

  it('ties a file to its place in the repository', () => {
    const issues = issuesOf(valid(), {
      ...integrity,
      location: { packageId: 'other', evaluationId: uuidFor('elsewhere') },
    });
    expect(issues.map((found) => found.pointer)).toEqual(['/package/id', '/evaluation_id']);
  });
});

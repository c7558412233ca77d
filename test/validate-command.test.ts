/**
 * `afscore validate` on a fixture repository with broken files dropped in: each gets a precise
 * `path: /pointer: message (hint)` line and the command exits 1.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { captureIo } from './support/capture-io.ts';
import { writeFixtureRepo } from './support/fixture-repo.ts';
import { useTempDirs } from './support/temp-dir.ts';

const BROKEN = join(import.meta.dirname, 'fixtures', 'broken');
const placed = {
  'bad-json': 'evaluations/pg-query/a9cb4ae3-ef04-4e5b-8c89-194f5c5ec9e0.json',
  'schema-violation': 'evaluations/pg-query/64419b7b-5e1b-4267-8db1-1ae571241dd4.json',
  'score-mismatch': 'evaluations/pg-query/7cb16b85-2720-4995-8686-66a3c362fc0e.json',
  'unknown-package': 'evaluations/ghost-server/f1d11e78-0e9f-45b9-8422-dd4940a78b7f.json',
  'undisclosed-self-evaluation': 'evaluations/pg-query/043a214c-2c3c-4abc-8155-e1b84f70d3eb.json',
} as const;

const expectedLines: Record<keyof typeof placed, string[]> = {
  'bad-json': [
    `${placed['bad-json']}: (document): is not valid JSON: Expected double-quoted property name in JSON at position 55 (line 3 column 27) (check for trailing commas, comments or unquoted keys)`,
  ],
  'schema-violation': [
    `${placed['schema-violation']}: /disclosure/relationship: is required (add "relationship")`,
    `${placed['schema-violation']}: /disclosure/affiliated: must be boolean`,
    `${placed['schema-violation']}: /checks/2/status: has a value that is not allowed (use one of "pass", "partial", "fail", "not_applicable", "not_run", "error")`,
  ],
  'score-mismatch': [
    `${placed['score-mismatch']}: /scores/af_score: is 100 but the checks give 97.3 (write 97.3; scores are recomputed from the checks by the rubric 2.5 rules)`,
    `${placed['score-mismatch']}: /scores/dimensions/security/score: is 100 but the checks give 91.9 (write 91.9; scores are recomputed from the checks by the rubric 2.5 rules)`,
  ],
  'unknown-package': [
    `${placed['unknown-package']}: /package/id: "ghost-server" is not a known package (use the id of a package in data/packages/, or request the package first)`,
  ],
  'undisclosed-self-evaluation': [
    `${placed['undisclosed-self-evaluation']}: /disclosure/affiliated: is false but pg-maint maintains pg-query (disclose it: set affiliated to true and relationship to "maintainer")`,
  ],
};

const tempDir = useTempDirs();
let root: string;

beforeEach(() => {
  root = tempDir();
  writeFixtureRepo(root);
});

function place(name: keyof typeof placed): string {
  const target = join(root, placed[name]);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(join(BROKEN, `${name}.json`), target);
  return placed[name];
}

describe('afscore validate', () => {
  it('passes the fixture repository', async () => {
    const io = captureIo(root);
    expect(await main(['validate'], io)).toBe(0);
    expect(io.stdout).toEqual(['✓ valid: 3 categories, 32 packages, 58 evaluations, 3 spot-checks']);
    expect(io.stderr).toEqual([]);
  });

  it.each(Object.keys(placed) as (keyof typeof placed)[])(
    'fails on %s with a precise message',
    async (name) => {
      const path = place(name);
      const io = captureIo(root);
      expect(await main(['validate', path], io)).toBe(1);
      expect(io.stderr).toEqual(expectedLines[name]);
      expect(io.stdout).toEqual([`✗ ${expectedLines[name].length} problem(s)`]);
    },
  );

  it('reports every broken file of the repository at once', async () => {
    for (const name of Object.keys(placed) as (keyof typeof placed)[]) place(name);
    const io = captureIo(root);
    expect(await main(['validate'], io)).toBe(1);
    // The undisclosed self-evaluation is an admission rule: once merged, aggregation flags it instead.
    const integrityLines = Object.entries(expectedLines)
      .filter(([name]) => name !== 'undisclosed-self-evaluation')
      .flatMap(([, lines]) => lines);
    expect([...io.stderr].sort()).toEqual([...integrityLines].sort());
    expect(io.stdout).toEqual(['✗ 7 problem(s) in 4 file(s)']);
  });

  it('refuses a deleted evaluation and a misplaced file', async () => {
    const io = captureIo(root);
    expect(
      await main(
        ['validate', 'evaluations/pg-query/00000000-0000-4000-8000-000000000000.json', 'data/notes.md'],
        io,
      ),
    ).toBe(1);
    expect(io.stderr).toEqual([
      'evaluations/pg-query/00000000-0000-4000-8000-000000000000.json: (document): does not exist (evaluations are append-only; restore the file)',
      'data/notes.md: (document): does not exist (check the path)',
    ]);
  });

  it('checks a file outside evaluations/ as a submission, without the rule on where files live', async () => {
    const folder = join(root, 'evaluations', 'git-tools');
    const doc = JSON.parse(readFileSync(join(folder, readdirSync(folder)[0]!), 'utf8'));
    doc.evaluation_id = '33333333-3333-4333-8333-333333333333';
    doc.package.version = '1.4.0';
    doc.subject.artifact = 'npm:@example/git-tools@1.4.0';
    const outside = join(tempDir(), 'run.json');
    writeFileSync(outside, JSON.stringify(doc));
    const io = captureIo(root);
    expect(await main(['validate', outside], io)).toBe(0);
    expect(io.stderr).toEqual([]);
    // Admission rules still hold: here, the run is of an older version than the latest known.
    doc.package.version = '1.3.0';
    doc.subject.artifact = 'npm:@example/git-tools@1.3.0';
    writeFileSync(outside, JSON.stringify(doc));
    const stale = captureIo(root);
    expect(await main(['validate', outside], stale)).toBe(1);
    expect(stale.stderr).toEqual([
      expect.stringMatching(
        /run\.json: \/package\/version: evaluates 1\.3\.0 but the latest known version of git-tools is 1\.4\.0/,
      ),
    ]);
  });

  it('rejects a second submission of the same run', async () => {
    const folder = join(root, 'evaluations', 'git-tools');
    const doc = JSON.parse(readFileSync(join(folder, readdirSync(folder)[0]!), 'utf8'));
    doc.package.version = '1.4.0';
    doc.subject.artifact = 'npm:@example/git-tools@1.4.0';
    const submit = (evaluationId: string) => {
      doc.evaluation_id = evaluationId;
      const path = `evaluations/git-tools/${evaluationId}.json`;
      writeFileSync(join(root, path), JSON.stringify(doc));
      return path;
    };
    const first = captureIo(root);
    expect(await main(['validate', submit('11111111-1111-4111-8111-111111111111')], first)).toBe(0);
    const again = captureIo(root);
    expect(await main(['validate', submit('22222222-2222-4222-8222-222222222222')], again)).toBe(1);
    expect(again.stderr).toEqual([
      'evaluations/git-tools/22222222-2222-4222-8222-222222222222.json: (document): repeats evaluation 11111111-1111-4111-8111-111111111111: same contributor, package, version and configuration (a run is counted once; evaluate a new version or with a different configuration)',
    ]);
  });

  it('runs as the afscore bin on the pinned Node even when started by the system node', () => {
    place('unknown-package');
    const bin = join(import.meta.dirname, '..', 'scripts', 'afscore.mjs');
    // The system node (20 on this kind of machine), not the one npm put first on PATH.
    const result = spawnSync('/usr/bin/node', [bin, 'validate', '--root', root], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('"ghost-server" is not a known package');
    expect(result.stdout).toContain('✗ 1 problem(s) in 1 file(s)');
  });
});

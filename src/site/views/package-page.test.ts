import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import { packagePageView, packageTitle } from './package-page.ts';

const SITE = { repositoryUrl: 'https://github.com/acme/scores', baseUrl: 'https://scores.example' };

describe('the package page view', () => {
  it('titles the page with the score', () => {
    expect(packageTitle({ name: 'DBHub', af_score: 97.5, grade: 'A', flags: [] })).toBe(
      'DBHub: af score 97.5 (A)',
    );
    expect(packageTitle({ name: 'Crashy', af_score: null, grade: null, flags: ['does-not-start'] })).toBe(
      'Crashy: did not start',
    );
    expect(packageTitle({ name: 'New', af_score: null, grade: null, flags: [] })).toBe(
      'New: not yet evaluated',
    );
  });

  it('leads with install snippets carrying a placeholder for each value the package needs', () => {
    const view = packagePageView(
      packageRecord({
        configuration: {
          environment: [
            { name: 'DSN', description: 'Database URL', placeholder: 'your database URL', secret: true },
          ],
        },
      }),
      SITE,
    );
    expect(view.settings).toEqual([
      { kind: 'environment', name: 'DSN', description: 'Database URL', secret: true },
    ]);
    expect(view.install[0]!.text).toBe('DSN="<your database URL>" npx -y @example/pg-query');
    expect(view.badges[0]!.text).toContain('https://scores.example/badge/pg-query.svg');
  });

  it('links a wrong-score report to the evaluation the score rests on', () => {
    const view = packagePageView(
      packageRecord({ af_score: 60, representative_evaluation_id: 'eval-1' }),
      SITE,
    );
    const url = new URL(view.wrongScoreUrl);
    expect(url.origin + url.pathname).toBe('https://github.com/acme/scores/issues/new');
    expect(url.searchParams.get('evaluation')).toBe('eval-1');
  });

  it('explains a licence cap with where the check looked', () => {
    const view = packagePageView(
      packageRecord({
        af_score: 60,
        caps_applied: ['no-licence'],
        evaluated_artifact: 'npm:@example/pg-query@2.1.0',
        checks: [{ id: 'LIC-01', status: 'fail' }],
      }),
      SITE,
    );
    expect(view.caps).toHaveLength(1);
    expect(view.caps[0]!.causes.map((check) => check.id)).toEqual(['LIC-01']);
    expect(view.caps[0]!.licence?.lookedIn).toContain('the npm package @example/pg-query 2.1.0 as published');
  });
});

describe('the package page intro', () => {
  it('says why there is no score: not yet evaluated, or did not start', () => {
    expect(packagePageView(packageRecord(), SITE).noScore).toBe('none yet');
    expect(packagePageView(packageRecord({ flags: ['does-not-start'] }), SITE).noScore).toBe(
      'none: it did not start',
    );
    expect(packagePageView(packageRecord({ af_score: 81, grade: 'B' }), SITE).noScore).toBeNull();
  });

  it('carries the registries’ notices: a deprecation and a score for an older version', () => {
    const view = packagePageView(
      packageRecord({
        af_score: 81,
        grade: 'B',
        version: '2.2.0',
        evaluated_version: '2.1.0',
        last_evaluated_at: '2026-10-03T12:00:00Z',
        deprecated: { reason: 'Superseded by @example/pg-query-next', date: '2026-11-01' },
      }),
      SITE,
    );
    expect(view.registry.version).toBe(
      'Needs re-evaluation since 2.2.0: the score shown is for 2.1.0, evaluated 3 Oct 2026.',
    );
    expect(view.registry.deprecation).toBe(
      'Superseded by @example/pg-query-next (noted 1 Nov 2026). It still installs, but its maintainers point elsewhere.',
    );
    expect(packagePageView(packageRecord(), SITE).registry).toEqual({
      deprecation: null,
      version: null,
      facts: [],
    });
  });
});

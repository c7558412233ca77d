import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import type { ScoreBasis } from '../../core/catalogue/score-basis.ts';
import { buildPackageIndex } from '../../core/query/package-index.ts';
import { changeTag, footingSentence, homeView, scoreFooting } from './home.ts';

const basis = (evaluations: number, modelJudged = false): { score_basis: ScoreBasis } => ({
  score_basis: {
    caps: [],
    confidence: evaluations === 1 ? 'single' : 'corroborated',
    evaluations_counted: evaluations,
    operator_evaluations: 0,
    dimensions_counted: ['security'],
    dimensions_not_counted: [],
    model_judged: modelJudged,
  },
});

describe('what the home page says the scores rest on', () => {
  it('says so when every score rests on one deterministic evaluation', () => {
    const footing = scoreFooting([basis(1), basis(1), { score_basis: null }]);
    expect(footing).toEqual({ scored: 2, single: 2, modelJudged: 0 });
    expect(footingSentence(footing)).toBe(
      'All 2 scored packages rest on a single evaluation so far, and none had its model-judged checks run: each score says what it rests on.',
    );
  });

  it('counts the ones that combine several', () => {
    expect(footingSentence(scoreFooting([basis(1), basis(3, true), basis(2)]))).toBe(
      '1 of the 3 scored packages rests on a single evaluation so far, and 1 had model-judged checks run: each score says what it rests on.',
    );
    expect(footingSentence(scoreFooting([basis(2)]))).toContain('Every one of the 1 scored package combines');
  });

  it('says nothing when nothing is scored', () => {
    expect(footingSentence(scoreFooting([]))).toBeNull();
  });
});

describe('the label of each change on the home page', () => {
  it('names every kind of change, new versions and deprecations included', () => {
    expect(changeTag('new-version')).toEqual({ word: 'New version', tone: '' });
    expect(changeTag('deprecated')).toEqual({ word: 'Deprecated', tone: 'bad' });
    expect(changeTag('evaluated').tone).toBe('evaluated');
    expect(changeTag('removed').tone).toBe('bad');
  });
});

describe('the home page view', () => {
  const index = buildPackageIndex({
    meta: { rubric_version: '2.1', schema_version: '2.0', as_of: '2026-11-01T00:00:00Z' },
    categories: [
      {
        slug: 'databases',
        name: 'Databases',
        description: 'x',
        package_count: 2,
        evaluated_count: 1,
        long_description: '',
      },
    ],
    packages: [
      packageRecord({
        id: 'pg-tools',
        name: 'PG Tools',
        af_score: 90,
        grade: 'A',
        evaluation_status: 'Evaluated',
      }),
      packageRecord({ id: 'mysql-tools', name: 'MySQL Tools' }),
    ],
    removed: [
      {
        id: 'old-db',
        name: 'Old DB',
        removed: true,
        removed_on: '2026-10-20',
        reason: 'Unpublished from npm',
        updated_at: '2026-10-20T00:00:00Z',
      },
    ],
    contributors: [],
    queue: [],
    stats: JSON.parse('{}'),
    changes: [
      { id: 'old-db', change: 'removed', updated_at: '2026-10-20T00:00:00Z' },
      { id: 'mysql-tools', change: 'added', updated_at: '2026-10-25T00:00:00Z' },
      { id: 'pg-tools', change: 'evaluated', updated_at: '2026-10-30T00:00:00Z' },
    ],
  });
  const view = homeView(index);

  it('lists only scored packages among the top ones, and says what their scores rest on', () => {
    expect(view.scored.map((item) => item.id)).toEqual(['pg-tools']);
    expect(view.categoryNames.get('databases')).toBe('Databases');
    expect(view.counts.map((count) => [count.label, count.href])).toEqual([
      ['Packages', '/packages'],
      ['Evaluated', '/packages?sort=af_score'],
      ['Awaiting a first evaluation', '/queue'],
      ['Awaiting re-evaluation', '/queue'],
      ['Evaluations', '/stats'],
      ['Contributors', '/contributors'],
    ]);
  });

  it('shows the latest changes newest first, naming removed packages too', () => {
    expect(view.recent.map(({ change, name }) => [change.change, name])).toEqual([
      ['evaluated', 'PG Tools'],
      ['added', 'MySQL Tools'],
      ['removed', 'Old DB'],
    ]);
  });
});

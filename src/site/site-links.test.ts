import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cloneAndRun,
  DEFAULT_REPOSITORY_URL,
  evaluateAndSubmit,
  issueFormUrl,
  packageRequestUrl,
  repositoryUrlFrom,
  wrongScoreUrl,
} from './site-links.ts';

describe('the repository the site links to', () => {
  it('is the configured one, else the one receiving submissions, else the project’s', () => {
    expect(repositoryUrlFrom({ AFSCORE_REPOSITORY_URL: 'https://git.example/team/scores/' })).toBe(
      'https://git.example/team/scores',
    );
    expect(repositoryUrlFrom({ AFSCORE_GITHUB_REPO: 'acme/scores' })).toBe('https://github.com/acme/scores');
    // GitHub Enterprise: the web address cannot be told from the API's, so it must be given.
    expect(
      repositoryUrlFrom({
        AFSCORE_GITHUB_REPO: 'acme/scores',
        AFSCORE_GITHUB_API_URL: 'https://ghe.example/api/v3',
      }),
    ).toBe(DEFAULT_REPOSITORY_URL);
    expect(repositoryUrlFrom({})).toBe(DEFAULT_REPOSITORY_URL);
  });

  it('is the repository package.json names', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(manifest.repository.url).toBe(`git+${DEFAULT_REPOSITORY_URL}.git`);
  });
});

describe('issue forms', () => {
  const repo = 'https://github.com/acme/scores';

  it('open a form by its file, fields pre-filled by their ids', () => {
    const url = new URL(issueFormUrl(repo, 'api-key', { login: 'ada' }));
    expect(url.pathname).toBe('/acme/scores/issues/new');
    expect(Object.fromEntries(url.searchParams)).toEqual({ template: 'api-key.yml', login: 'ada' });
  });

  it('report a wrong score with the package, the score shown and the evaluation behind it', () => {
    const url = new URL(wrongScoreUrl(repo, { id: 'dbhub', name: 'DBHub', af_score: 97.5 }, 'e-1'));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      template: 'wrong-score.yml',
      title: 'Wrong score: DBHub',
      package: 'dbhub',
      evaluation: 'e-1',
      shown: '97.5',
    });
  });

  it('request a package, named by the search that found nothing', () => {
    const url = new URL(packageRequestUrl(repo, 'pgvector server'));
    expect(url.searchParams.get('name')).toBe('pgvector server');
    expect(url.searchParams.get('title')).toBe('Add package: pgvector server');
    expect(new URL(packageRequestUrl(repo)).searchParams.has('name')).toBe(false);
  });
});

it('says how to run the command line from a clone', () => {
  expect(cloneAndRun('https://github.com/acme/scores')).toBe(
    'git clone --depth 1 https://github.com/acme/scores.git\ncd scores\nnpm ci\nnpx afscore --help',
  );
});

it('gives the evaluate-and-submit lines against this service', () => {
  expect(evaluateAndSubmit('https://scores.example')).toBe(
    'npx afscore evaluate npm:@bytebase/dbhub --contributor "<your GitHub login>" --out evaluation.json\n' +
      'AFSCORE_API_KEY="<your API key>" npx afscore submit evaluation.json --api https://scores.example',
  );
});

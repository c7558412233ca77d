/**
 * The ways off the site: the project's repository, its issue forms (request a package, report a
 * wrong score, ask for an API key) pre-filled from the page the reader is on, and the lines that
 * run the command-line tool from a clone.
 */

/** The public repository of this project (also `repository` in package.json). */
export const DEFAULT_REPOSITORY_URL = 'https://github.com/afscore/afscore';

const GITHUB_REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

/**
 * `AFSCORE_REPOSITORY_URL`, else the repository that receives submissions (`AFSCORE_GITHUB_REPO`
 * on github.com), else this project's.
 */
export function repositoryUrlFrom(env: Readonly<Record<string, string | undefined>>): string {
  const given = env.AFSCORE_REPOSITORY_URL?.trim();
  if (given) return given.replace(/\/+$/, '');
  const delivery = env.AFSCORE_GITHUB_REPO?.trim();
  if (delivery && GITHUB_REPO.test(delivery) && !env.AFSCORE_GITHUB_API_URL)
    return `https://github.com/${delivery}`;
  return DEFAULT_REPOSITORY_URL;
}

/** The issue forms in `.github/ISSUE_TEMPLATE/`, by file name. */
export type IssueForm = 'package-request' | 'wrong-score' | 'api-key';

/**
 * A new issue with a form, fields pre-filled: GitHub fills a form field from the query parameter
 * named by the field's `id`, and the title from `title`.
 */
export function issueFormUrl(
  repositoryUrl: string,
  form: IssueForm,
  fields: Readonly<Record<string, string | undefined>> = {},
): string {
  const params = new URLSearchParams({ template: `${form}.yml` });
  for (const [name, value] of Object.entries(fields)) if (value) params.set(name, value);
  return `${repositoryUrl}/issues/new?${params.toString()}`;
}

/** Report a wrong score of one package, naming the evaluation its score rests on. */
export function wrongScoreUrl(
  repositoryUrl: string,
  record: { id: string; name: string; af_score: number | null },
  evaluationId: string | null,
): string {
  return issueFormUrl(repositoryUrl, 'wrong-score', {
    title: `Wrong score: ${record.name}`,
    package: record.id,
    evaluation: evaluationId ?? undefined,
    shown: record.af_score === null ? 'no score' : String(record.af_score),
  });
}

/** Ask for a package to be added; a search that found nothing gives its words as the name. */
export function packageRequestUrl(repositoryUrl: string, name?: string): string {
  return issueFormUrl(repositoryUrl, 'package-request', {
    title: name ? `Add package: ${name}` : undefined,
    name,
  });
}

/** Evaluating a package and submitting the result with `afscore`, in that clone, against this service. */
export function evaluateAndSubmit(baseUrl: string): string {
  return [
    'npx afscore evaluate npm:@bytebase/dbhub --contributor "<your GitHub login>" --out evaluation.json',
    `AFSCORE_API_KEY="<your API key>" npx afscore submit evaluation.json --api ${baseUrl}`,
  ].join('\n');
}

/** How to run `afscore` without installing it: a clone of the repository, then npm. */
export function cloneAndRun(repositoryUrl: string): string {
  const folder = repositoryUrl.split('/').pop() || 'afscore';
  return [`git clone --depth 1 ${repositoryUrl}.git`, `cd ${folder}`, 'npm ci', 'npx afscore --help'].join(
    '\n',
  );
}

/**
 * What the package-request workflow writes on GitHub: the pull request that adds the package file,
 * or a comment on the issue saying what to fix. Every value comes from the requester: escaped.
 */
import { inlineCode, inlineText } from '../text/markdown-inline.ts';
import type { PackageRequest, RequestIssue } from './package-request.ts';

export const ACCEPT_LABEL = 'package-accepted';
export const REQUEST_LABEL = 'package-request';

/** One branch per request, so accepting it again updates the same pull request. */
export function requestBranch(request: PackageRequest, issue: number | undefined): string {
  return issue === undefined ? `package-requests/${request.pkg.id}` : `package-requests/issue-${issue}`;
}

export function requestPullRequestTitle(request: PackageRequest): string {
  return `Add package ${request.pkg.id}`;
}

function quoted(text: string): string[] {
  return text.split('\n').map((line) => `> ${inlineText(line)}`);
}

export function requestPullRequestBody(request: PackageRequest, issue: number | undefined): string {
  const { pkg } = request;
  const distribution = Object.entries(pkg.distribution)
    .map(([key, value]) => `${key} ${inlineCode(String(value))}`)
    .join(', ');
  const rows: [string, string][] = [
    ['Id', inlineCode(pkg.id)],
    ['Name', inlineText(pkg.name)],
    ['Kind', pkg.kind],
    ['Category', inlineCode(pkg.category)],
    ['Repository', inlineCode(pkg.repository)],
    ['Distribution', distribution],
    ['Latest version', pkg.version === undefined ? '–' : inlineCode(pkg.version)],
    ['Licence', pkg.license ? inlineCode(pkg.license) : 'unknown'],
    ['Maintainers', pkg.maintainers.length > 0 ? pkg.maintainers.map(inlineCode).join(', ') : 'none listed'],
    ['Description', inlineText(pkg.description)],
  ];
  return [
    `Adds ${inlineCode(request.path)}${issue === undefined ? '' : `, as requested in #${issue}`}.`,
    '',
    '| Field | Value |',
    '| --- | --- |',
    ...rows.map(([field, value]) => `| ${field} | ${value} |`),
    '',
    ...(request.notes === ''
      ? []
      : ['Notes from the requester (not written into the file):', '', ...quoted(request.notes), '']),
    'Before merging, check that the repository is the package’s real source, that the distribution names what is actually published, that the description is accurate and neutral, and that the maintainers listed are the real ones (their own evaluations must be disclosed). See CONTRIBUTING.md, “Accepting a package request”.',
    ...(issue === undefined ? [] : ['', `Closes #${issue}.`]),
  ].join('\n');
}

export function requestFailureComment(issues: readonly RequestIssue[]): string {
  return [
    'This request could not be turned into a package file yet:',
    '',
    '| Field | Problem | How to fix |',
    '| --- | --- | --- |',
    ...issues.map(
      (found) =>
        `| ${found.field === '' ? '(the request)' : inlineText(found.field)} | ${inlineText(found.message)} | ${inlineText(found.hint ?? '')} |`,
    ),
    '',
    `Edit the issue to fix these; a maintainer then applies the \`${ACCEPT_LABEL}\` label again.`,
  ].join('\n');
}

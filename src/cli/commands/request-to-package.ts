/**
 * `afscore request-to-package`: turns a package request (the issue form's body, from a file) into
 * `data/packages/<id>.md`, or says what the requester should fix. The package-request workflow runs
 * it when a maintainer accepts a request, then opens a pull request with what it wrote.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  MAX_REQUEST_BODY,
  packageRequestToFile,
  type RequestIssue,
} from '../../core/requests/package-request.ts';
import {
  requestBranch,
  requestFailureComment,
  requestPullRequestBody,
  requestPullRequestTitle,
} from '../../core/requests/request-messages.ts';
import { parseRepositoryPath } from '../../core/validation/repository-paths.ts';
import { validateCategories, validatePackages } from '../../core/validation/validate-repository.ts';
import { listRepository, readRawFiles } from '../../data/repository-files.ts';
import { type CliIo, EXIT } from '../io.ts';

export const requestToPackageUsage = `Usage: afscore request-to-package --body-file FILE [--issue NUMBER] [--date YYYY-MM-DD]
                                  [--json FILE] [--markdown FILE] [--root DIR]

Reads a package request (the body of an issue made with the package-request form) and writes
data/packages/<id>.md under --root (default: the current folder), added on --date (default: today,
UTC). Prints each problem as "Field: message (hint)" and exits 1 when the request needs fixing.
--json writes the outcome ({ok, id, path, title, branch} or {ok, issues}); --markdown writes the
pull request body, or the comment that tells the requester what to fix.`;

function formatRequestIssue(found: RequestIssue): string {
  const hint = found.hint ? ` (${found.hint})` : '';
  return `${found.field === '' ? '(request)' : found.field}: ${found.message}${hint}`;
}

function write(path: string | undefined, text: string): void {
  if (path === undefined) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function catalogueFacts(root: string) {
  const listing = listRepository(root);
  const categories = new Set(
    validateCategories([...readRawFiles(root, listing.categories)]).values.map((c) => c.slug),
  );
  const existing = validatePackages([...readRawFiles(root, listing.packages)], categories).values;
  const takenIds = new Set(
    listing.packages.flatMap((path) => {
      const parsed = parseRepositoryPath(path);
      return parsed?.kind === 'package' ? [parsed.id] : [];
    }),
  );
  return { categories, existing, takenIds };
}

export function runRequestToPackage(args: readonly string[], io: CliIo): number {
  const { values } = parseArgs({
    args: [...args],
    options: {
      'body-file': { type: 'string' },
      issue: { type: 'string' },
      date: { type: 'string' },
      json: { type: 'string' },
      markdown: { type: 'string' },
      root: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(requestToPackageUsage);
    return EXIT.ok;
  }
  const issue = values.issue === undefined ? undefined : Number(values.issue);
  const date = values.date ?? new Date(io.now()).toISOString().slice(0, 10);
  const problems = [
    values['body-file'] === undefined ? '--body-file is required' : null,
    issue === undefined || (Number.isSafeInteger(issue) && issue > 0)
      ? null
      : '--issue must be the issue number',
    /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)) ? null : '--date must be YYYY-MM-DD',
  ].filter((problem) => problem !== null);
  if (problems.length > 0) {
    io.err(`afscore request-to-package: ${problems.join('; ')}\n\n${requestToPackageUsage}`);
    return EXIT.usage;
  }
  const jsonFile = values.json === undefined ? undefined : resolve(io.cwd, values.json);
  const markdownFile = values.markdown === undefined ? undefined : resolve(io.cwd, values.markdown);
  const refuse = (issues: RequestIssue[]) => {
    for (const found of issues) io.err(formatRequestIssue(found));
    write(jsonFile, `${JSON.stringify({ ok: false, issues }, null, 2)}\n`);
    write(markdownFile, `${requestFailureComment(issues)}\n`);
    io.out(`✗ ${issues.length} problem(s) in the request`);
    return EXIT.invalid;
  };
  const bodyFile = resolve(io.cwd, values['body-file']!);
  // Reading a huge file only to refuse it is what an attacker would want: check the size first.
  const size = statSync(bodyFile).size;
  if (size > MAX_REQUEST_BODY * 4) {
    return refuse([{ field: '', message: `is ${size} bytes long; an issue form never writes that much` }]);
  }
  const root = resolve(io.cwd, values.root ?? '.');
  const result = packageRequestToFile(readFileSync(bodyFile, 'utf8'), { date, ...catalogueFacts(root) });
  if (!result.ok) return refuse(result.issues);
  const request = result.value;
  const target = join(root, request.path);
  if (existsSync(target)) {
    io.err(`afscore request-to-package: ${request.path} already exists`);
    return EXIT.invalid;
  }
  write(target, request.text);
  const outcome = {
    ok: true,
    id: request.pkg.id,
    path: request.path,
    title: requestPullRequestTitle(request),
    branch: requestBranch(request, issue),
  };
  write(jsonFile, `${JSON.stringify(outcome, null, 2)}\n`);
  write(markdownFile, `${requestPullRequestBody(request, issue)}\n`);
  io.out(`✓ wrote ${request.path}`);
  return EXIT.ok;
}

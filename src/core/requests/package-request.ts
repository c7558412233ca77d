/**
 * A package request (the issue form `.github/ISSUE_TEMPLATE/package-request.yml`) turned into the
 * file `data/packages/<id>.md`, or into what the requester should fix. The issue body is anyone's
 * text: values are single lines without control or invisible characters, bounded in length, and
 * the file is written with quoted values, read back with the project's own parser and validated
 * like any package file, so a request can add one well-formed package and nothing else.
 */
import { canonicalJson } from '../checks/canonical-json.ts';
import { findHiddenCharacters } from '../checks/hidden-unicode.ts';
import { isPackageId, RESERVED_PACKAGE_IDS } from '../ids.ts';
import type { Distribution, PackageFile, PackageKind } from '../types.ts';
import { parseMarkdownFile } from '../validation/parse-files.ts';
import { packagePath } from '../validation/repository-paths.ts';
import { validatePackageFile } from '../validation/validate-package.ts';
import { parseIssueForm } from './issue-form.ts';
import { packageFileText } from './package-file-text.ts';

/** The form's fields by the label GitHub writes as each answer's heading. The form must use these labels. */
export const REQUEST_FIELDS = {
  name: { label: 'Package name', required: true },
  repository: { label: 'Repository URL', required: true },
  kind: { label: 'Kind', required: true },
  category: { label: 'Category', required: true },
  description: { label: 'Short description', required: true },
  id: { label: 'Package id', required: false },
  npm: { label: 'npm package', required: false },
  pypi: { label: 'PyPI package', required: false },
  oci: { label: 'OCI image', required: false },
  remote: { label: 'Remote endpoint URL', required: false },
  skill: { label: 'Skill folder', required: false },
  version: { label: 'Latest version', required: false },
  license: { label: 'Licence', required: false },
  homepage: { label: 'Homepage', required: false },
  maintainers: { label: 'Maintainers', required: false },
  about: { label: 'About the package', required: false },
  notes: { label: 'Notes for maintainers', required: false },
} as const;

export type RequestField = keyof typeof REQUEST_FIELDS;

/** The kind dropdown's options, and the kinds they stand for. */
export const KIND_OPTIONS: Readonly<Record<string, PackageKind>> = {
  'MCP server': 'mcp-server',
  'Agent skill': 'skill',
};

const MULTILINE: ReadonlySet<RequestField> = new Set(['about', 'notes']);
const MAX_LINE = 500;
const MAX_TEXT = 5000;
/** GitHub caps issue bodies at 65,536 characters; anything longer was not written by the form. */
export const MAX_REQUEST_BODY = 65_536;
const DISTRIBUTION_FIELDS = ['npm', 'pypi', 'oci', 'remote', 'skill'] as const;
const URL_FIELDS = ['repository', 'remote', 'homepage'] as const;

export interface RequestIssue {
  /** The form field's label; "" for the request as a whole. */
  field: string;
  message: string;
  hint?: string;
}

export interface RequestContext {
  /** YYYY-MM-DD: the day the package is added. */
  date: string;
  categories: ReadonlySet<string>;
  /** Ids of every file in data/packages (removed packages keep theirs). */
  takenIds: ReadonlySet<string>;
  /** Packages already listed, to spot a second request for one of them. */
  existing: readonly Pick<PackageFile, 'id' | 'repository' | 'distribution'>[];
}

export interface PackageRequest {
  pkg: PackageFile;
  /** Repository-relative path of the new file. */
  path: string;
  text: string;
  /** The requester's notes for the maintainers (not written into the file). */
  notes: string;
}

export type RequestResult = { ok: true; value: PackageRequest } | { ok: false; issues: RequestIssue[] };

const labelOf = (field: RequestField) => REQUEST_FIELDS[field].label;

function refuse(field: RequestField | '', message: string, hint?: string): RequestIssue {
  const label = field === '' ? '' : labelOf(field);
  return hint === undefined ? { field: label, message } : { field: label, message, hint };
}

/** Why a value cannot be taken as it is, or null. */
function textProblem(field: RequestField, value: string): RequestIssue | null {
  const multiline = MULTILINE.has(field);
  if (!value.isWellFormed()) return refuse(field, 'has broken Unicode', 'type the value again');
  if (!multiline && value.includes('\n')) return refuse(field, 'must be one line', 'remove the line breaks');
  const limit = multiline ? MAX_TEXT : MAX_LINE;
  if (value.length > limit) {
    return refuse(field, `is ${value.length} characters long; at most ${limit}`, 'shorten it');
  }
  const hidden = findHiddenCharacters(value).filter((found) => !(multiline && found.codePoint === 0x09));
  if (hidden.length > 0 || /[\u2028\u2029]/.test(value)) {
    return refuse(
      field,
      'contains control or invisible characters',
      'type it as plain text; invisible characters can hide text from reviewers',
    );
  }
  return null;
}

/** The schema checks the scheme; a URL that carries credentials is refused before it is published. */
function urlProblem(field: RequestField, value: string): RequestIssue | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse(field, 'is not a URL', 'write the full https:// address');
  }
  return url.username !== '' || url.password !== ''
    ? refuse(field, 'carries a user name or password', 'write the address without credentials')
    : null;
}

function readAnswers(body: string): { answers: Map<RequestField, string>; issues: RequestIssue[] } {
  const fields = Object.keys(REQUEST_FIELDS) as RequestField[];
  const form = parseIssueForm(body, fields.map(labelOf));
  const issues: RequestIssue[] = form.duplicated.map((label) => ({
    field: label,
    message: 'appears twice in the request',
    hint: 'keep one answer under each heading of the form',
  }));
  const answers = new Map<RequestField, string>();
  for (const field of fields) {
    const value = form.answers.get(labelOf(field)) ?? '';
    const isUrl = (URL_FIELDS as readonly string[]).includes(field) && value !== '';
    const problem = textProblem(field, value) ?? (isUrl ? urlProblem(field, value) : null);
    if (problem) issues.push(problem);
    else if (value !== '') answers.set(field, value);
    else if (REQUEST_FIELDS[field].required) {
      issues.push(refuse(field, 'is missing', 'fill it in: edit the issue and keep the form headings'));
    }
  }
  return { answers, issues };
}

/** "PDF (Anthropic skill)" → "pdf-anthropic-skill". */
export function derivePackageId(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 128)
    .replace(/-+$/, '');
}

function chooseId(
  answers: ReadonlyMap<RequestField, string>,
  context: RequestContext,
): string | RequestIssue {
  const given = answers.get('id');
  const id = given ?? derivePackageId(answers.get('name') ?? '');
  const field: RequestField = given === undefined ? 'name' : 'id';
  if (id === '') {
    return refuse(
      'id',
      'cannot be derived from the name',
      'write an id: lowercase letters, digits and hyphens',
    );
  }
  if (RESERVED_PACKAGE_IDS.includes(id)) {
    return refuse(field, `gives the id "${id}", which is reserved`, `write another ${labelOf('id')}`);
  }
  if (!isPackageId(id)) {
    return refuse(
      field,
      `gives the id "${id}", which is not a valid package id`,
      'use lowercase letters, digits, ".", "_" and "-", starting and ending with a letter or digit',
    );
  }
  if (context.takenIds.has(id)) {
    return refuse(field, `gives the id "${id}", which another package has`, `write another ${labelOf('id')}`);
  }
  return id;
}

function kindOf(value: string): PackageKind | null {
  return KIND_OPTIONS[value] ?? (value === 'mcp-server' || value === 'skill' ? value : null);
}

function distributionOf(answers: ReadonlyMap<RequestField, string>): Distribution {
  const distribution: Distribution = {};
  for (const field of DISTRIBUTION_FIELDS) {
    const value = answers.get(field);
    if (value !== undefined) distribution[field] = value;
  }
  return distribution;
}

function maintainersOf(value: string | undefined): string[] {
  const logins = (value ?? '')
    .split(/[\s,]+/)
    .map((login) => login.replace(/^@/, ''))
    .filter((login) => login !== '');
  const seen = new Set<string>();
  return logins.filter((login) => {
    const key = login.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Shown as text everywhere: neither the site nor GitHub's file view may open an element from it. */
function inertBody(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function duplicateOf(pkg: PackageFile, context: RequestContext): string | undefined {
  const same = (a: string | undefined, b: string | undefined) => a !== undefined && a === b;
  return context.existing.find((other) => {
    const o = other.distribution;
    const d = pkg.distribution;
    if (same(o.npm, d.npm) || same(o.pypi, d.pypi) || same(o.oci, d.oci) || same(o.remote, d.remote))
      return true;
    return (
      same(o.skill, d.skill) && other.repository.replace(/\/+$/, '') === pkg.repository.replace(/\/+$/, '')
    );
  })?.id;
}

const ANY_DISTRIBUTION = 'npm package, PyPI package, OCI image, Remote endpoint URL or Skill folder';

/** No single field of the form is required for this, so the form cannot ask for it: say it here. */
function missingDistribution(answers: ReadonlyMap<RequestField, string>): RequestIssue | null {
  if (DISTRIBUTION_FIELDS.some((field) => answers.has(field))) return null;
  return kindOf(answers.get('kind') ?? '') === 'skill'
    ? refuse('skill', 'is required for a skill', 'give the path of the skill folder in the repository')
    : {
        field: ANY_DISTRIBUTION,
        message: 'are all empty',
        hint: 'give the npm or PyPI package, the OCI image or the remote endpoint people use',
      };
}

/** Frontmatter pointers of validation issues → the form field a requester can fix. */
function fieldOfPointer(pointer: string): string {
  const [first, second] = pointer.split('/').slice(1);
  if (first === 'distribution') {
    return second !== undefined && second in REQUEST_FIELDS
      ? labelOf(second as RequestField)
      : ANY_DISTRIBUTION;
  }
  if (first !== undefined && first in REQUEST_FIELDS) return labelOf(first as RequestField);
  return pointer === '' ? '' : `(package file) ${pointer}`;
}

function packageFrom(
  answers: ReadonlyMap<RequestField, string>,
  id: string,
  context: RequestContext,
): PackageFile {
  const pkg: PackageFile = {
    id,
    name: answers.get('name')!,
    kind: kindOf(answers.get('kind')!)!,
    category: answers.get('category')!,
    description: answers.get('description')!,
    repository: answers.get('repository')!,
    distribution: distributionOf(answers),
    license: answers.get('license') ?? null,
    maintainers: maintainersOf(answers.get('maintainers')),
    added: context.date,
    // The requester asked for it, which raises it in the queue (queue-priority.ts).
    requests: 1,
    body: inertBody(answers.get('about') ?? answers.get('description')!),
  };
  const homepage = answers.get('homepage');
  if (homepage !== undefined) pkg.homepage = homepage;
  const version = answers.get('version');
  if (version !== undefined) pkg.version = version;
  return pkg;
}

/** Writes the file, reads it back as the build would, and checks both agree. */
function writeAndCheck(
  pkg: PackageFile,
  context: RequestContext,
): { text: string } | { issues: RequestIssue[] } {
  const text = packageFileText(pkg);
  const parsed = parseMarkdownFile(text);
  if (!parsed.ok)
    return { issues: [refuse('', 'could not be written as a package file', parsed.issues[0]?.message)] };
  const validated = validatePackageFile(parsed.value.frontmatter, parsed.value.body, {
    fileId: pkg.id,
    categories: context.categories,
  });
  if (!validated.ok) {
    return {
      issues: validated.issues.map((found) => ({
        field: fieldOfPointer(found.pointer),
        message: found.message,
        ...(found.hint === undefined ? {} : { hint: found.hint }),
      })),
    };
  }
  if (canonicalJson(validated.value) !== canonicalJson({ ...pkg, body: pkg.body.trim() })) {
    return {
      issues: [refuse('', 'reads back differently from what was written', 'report this to the maintainers')],
    };
  }
  return { text };
}

export function packageRequestToFile(body: string, context: RequestContext): RequestResult {
  if (body.length > MAX_REQUEST_BODY) {
    return {
      ok: false,
      issues: [refuse('', `is ${body.length} characters long; at most ${MAX_REQUEST_BODY}`)],
    };
  }
  const { answers, issues } = readAnswers(body);
  const kind = answers.get('kind');
  if (kind !== undefined && kindOf(kind) === null) {
    issues.push(
      refuse(
        'kind',
        `"${kind}" is not a kind of package`,
        `choose ${Object.keys(KIND_OPTIONS).join(' or ')}`,
      ),
    );
  }
  const distribution = answers.has('kind') ? missingDistribution(answers) : null;
  if (distribution) issues.push(distribution);
  const id = answers.has('name') ? chooseId(answers, context) : null;
  if (id !== null && typeof id !== 'string') issues.push(id);
  if (issues.length > 0 || typeof id !== 'string') return { ok: false, issues };
  const pkg = packageFrom(answers, id, context);
  const duplicate = duplicateOf(pkg, context);
  if (duplicate !== undefined) {
    return {
      ok: false,
      issues: [
        refuse('', `asks for a package that is already listed as ${duplicate}`, 'there is nothing to add'),
      ],
    };
  }
  const written = writeAndCheck(pkg, context);
  if ('issues' in written) return { ok: false, issues: written.issues };
  return {
    ok: true,
    value: {
      pkg: { ...pkg, body: pkg.body.trim() },
      path: packagePath(id),
      text: written.text,
      notes: answers.get('notes') ?? '',
    },
  };
}

import { describe, expect, it } from 'vitest';
import { parseMarkdownFile } from '../validation/parse-files.ts';
import { validatePackageFile } from '../validation/validate-package.ts';
import {
  derivePackageId,
  MAX_REQUEST_BODY,
  type PackageRequest,
  packageRequestToFile,
  REQUEST_FIELDS,
  type RequestContext,
  type RequestField,
} from './package-request.ts';
import { requestFailureComment, requestPullRequestBody } from './request-messages.ts';

const CATEGORIES = new Set([
  'browser-automation',
  'databases',
  'developer-tools',
  'documents',
  'observability',
]);

const context: RequestContext = {
  date: '2026-11-22',
  categories: CATEGORIES,
  takenIds: new Set(['dbhub', 'anthropic-skill-pdf', 'retired-server']),
  existing: [
    {
      id: 'dbhub',
      repository: 'https://github.com/bytebase/dbhub',
      distribution: { npm: '@bytebase/dbhub' },
    },
    {
      id: 'anthropic-skill-pdf',
      repository: 'https://github.com/anthropics/skills',
      distribution: { skill: 'skills/pdf' },
    },
  ],
};

/** The body GitHub writes for the issue form: every field in form order, `_No response_` when empty. */
function formBody(answers: Partial<Record<RequestField, string>>, newline = '\n'): string {
  return (Object.keys(REQUEST_FIELDS) as RequestField[])
    .map(
      (field) => `### ${REQUEST_FIELDS[field].label}${newline}${newline}${answers[field] ?? '_No response_'}`,
    )
    .join(`${newline}${newline}`);
}

const sentry: Partial<Record<RequestField, string>> = {
  name: 'Sentry MCP Server',
  repository: 'https://github.com/getsentry/sentry-mcp',
  kind: 'MCP server',
  category: 'observability',
  description: 'Lets agents query Sentry issues, events and releases, and trigger Seer analyses on errors.',
  npm: '@sentry/mcp-server',
  version: '0.20.0',
  license: 'Apache-2.0',
  maintainers: '@dcramer, getsentry-bot',
  about: 'Sentry runs a hosted remote server too.\n\nThis entry covers the stdio package on npm.',
  notes: 'Seen it used in a few agent setups.',
};

function accepted(answers: Partial<Record<RequestField, string>>): PackageRequest {
  const result = packageRequestToFile(formBody(answers), context);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

function refused(body: string) {
  const result = packageRequestToFile(body, context);
  if (result.ok) throw new Error(`accepted:\n${result.value.text}`);
  return result.issues;
}

/** The file as the build reads it. */
function readBack(text: string) {
  const parsed = parseMarkdownFile(text);
  if (!parsed.ok) throw new Error(parsed.issues[0]!.message);
  return parsed.value;
}

describe('package requests that become files', () => {
  it('turns a realistic MCP server request into a valid package file', () => {
    const request = accepted(sentry);
    expect(request.path).toBe('data/packages/sentry-mcp-server.md');
    expect(request.text).toBe(
      [
        '---',
        'id: "sentry-mcp-server"',
        'name: "Sentry MCP Server"',
        'kind: "mcp-server"',
        'category: "observability"',
        'description: "Lets agents query Sentry issues, events and releases, and trigger Seer analyses on errors."',
        'repository: "https://github.com/getsentry/sentry-mcp"',
        'distribution:',
        '  npm: "@sentry/mcp-server"',
        'version: "0.20.0"',
        'license: "Apache-2.0"',
        'maintainers: ["dcramer", "getsentry-bot"]',
        'added: "2026-11-22"',
        'requests: 1',
        '---',
        '',
        'Sentry runs a hosted remote server too.',
        '',
        'This entry covers the stdio package on npm.',
        '',
      ].join('\n'),
    );
    const file = readBack(request.text);
    const validated = validatePackageFile(file.frontmatter, file.body, {
      fileId: 'sentry-mcp-server',
      categories: CATEGORIES,
    });
    expect(validated.ok).toBe(true);
    expect(request.notes).toBe('Seen it used in a few agent setups.');
  });

  it('turns a skill request with Windows line endings into a package file', () => {
    const body = formBody(
      {
        name: 'Playwright skill',
        repository: 'https://github.com/lackeyjb/playwright-skill',
        kind: 'Agent skill',
        category: 'browser-automation',
        description: 'Teaches an agent to write and run Playwright scripts for browser testing.',
        skill: 'skills/playwright-skill',
        id: 'playwright-skill',
      },
      '\r\n',
    );
    const result = packageRequestToFile(body, context);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.value.pkg).toMatchObject({
      id: 'playwright-skill',
      kind: 'skill',
      distribution: { skill: 'skills/playwright-skill' },
      license: null,
      maintainers: [],
      added: '2026-11-22',
      requests: 1,
      body: 'Teaches an agent to write and run Playwright scripts for browser testing.',
    });
    expect(readBack(result.value.text).frontmatter).toMatchObject({ license: null, kind: 'skill' });
  });

  it('derives readable ids from names', () => {
    expect(derivePackageId('PDF (Anthropic skill)')).toBe('pdf-anthropic-skill');
    expect(derivePackageId('  Ünïcödé  Tools!! ')).toBe('unicode-tools');
    expect(derivePackageId('日本語')).toBe('');
  });

  it('writes the pull request body with every requested value escaped', () => {
    const request = accepted({
      ...sentry,
      name: 'Sentry <img src=x onerror=alert(1)>',
      notes: '@everyone <script>x</script>\n| a | b |',
    });
    const body = requestPullRequestBody(request, 42);
    expect(body).toContain('Adds `data/packages/sentry-img-src-x-onerror-alert-1.md`, as requested in #42.');
    expect(body).toContain('| Name | Sentry &lt;img src=x onerror=alert\\(1\\)&gt; |');
    expect(body).toContain('| Repository | `https://github.com/getsentry/sentry-mcp` |');
    expect(body).toContain('> @\u200beveryone &lt;script&gt;x&lt;/script&gt;');
    expect(body).toContain('> \\| a \\| b \\|');
    expect(body).toContain('Closes #42.');
    for (const raw of ['<img', '<script>', '@everyone', '| a | b |']) expect(body).not.toContain(raw);
  });
});

describe('hostile package requests', () => {
  it('keeps YAML syntax in a value inside that value', () => {
    const name = 'Evil", kind: "skill", maintainers: ["mallory"] #';
    const request = accepted({
      ...sentry,
      name,
      id: 'evil-server',
      description: 'key: value\' "quoted" & --- # not a comment',
    });
    const { frontmatter } = readBack(request.text);
    expect(frontmatter).toMatchObject({
      id: 'evil-server',
      name,
      kind: 'mcp-server',
      description: 'key: value\' "quoted" & --- # not a comment',
      maintainers: ['dcramer', 'getsentry-bot'],
    });
  });

  it('keeps a second frontmatter block and HTML in the body, inert', () => {
    const about = [
      '---',
      'id: pwned',
      'kind: skill',
      '---',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(2)>',
    ].join('\n');
    const request = accepted({ ...sentry, about });
    const file = readBack(request.text);
    expect(file.frontmatter).toMatchObject({ id: 'sentry-mcp-server', kind: 'mcp-server' });
    expect(file.body).toContain('id: pwned');
    expect(file.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(file.body).not.toMatch(/<script|<img/);
  });

  it('refuses a line break smuggled into a one-line field', () => {
    const body = formBody(sentry).replace('Sentry MCP Server', 'Sentry\n---\nid: pwned');
    expect(refused(body)).toEqual([
      { field: 'Package name', message: 'must be one line', hint: 'remove the line breaks' },
    ]);
  });

  it('refuses invisible and control characters', () => {
    for (const name of ['Sentry\u202Egnp.exe', 'Sentry\u200B MCP', 'Sentry\u0007 MCP', 'Sentry\u2028MCP']) {
      expect(refused(formBody({ ...sentry, name }))).toEqual([
        {
          field: 'Package name',
          message: 'contains control or invisible characters',
          hint: 'type it as plain text; invisible characters can hide text from reviewers',
        },
      ]);
    }
  });

  it('refuses overlong values with their length', () => {
    expect(refused(formBody({ ...sentry, name: 'n'.repeat(600) }))).toEqual([
      { field: 'Package name', message: 'is 600 characters long; at most 500', hint: 'shorten it' },
    ]);
    const issues = refused(formBody({ ...sentry, description: 'd'.repeat(281), about: 'a'.repeat(5001) }));
    expect(issues).toEqual([
      { field: 'About the package', message: 'is 5001 characters long; at most 5000', hint: 'shorten it' },
    ]);
    expect(refused(formBody({ ...sentry, description: 'd'.repeat(281) }))).toEqual([
      { field: 'Short description', message: 'must NOT have more than 280 characters' },
    ]);
    expect(refused('x'.repeat(MAX_REQUEST_BODY + 1))).toEqual([
      { field: '', message: `is ${MAX_REQUEST_BODY + 1} characters long; at most ${MAX_REQUEST_BODY}` },
    ]);
  });

  it('refuses bad URLs', () => {
    expect(refused(formBody({ ...sentry, repository: 'javascript:alert(1)' }))).toEqual([
      { field: 'Repository URL', message: 'does not have the expected format', hint: 'use an https:// URL' },
    ]);
    expect(refused(formBody({ ...sentry, repository: 'http://github.com/getsentry/sentry-mcp' }))).toEqual([
      { field: 'Repository URL', message: 'does not have the expected format', hint: 'use an https:// URL' },
    ]);
    expect(refused(formBody({ ...sentry, repository: 'github.com/getsentry/sentry-mcp' }))).toEqual([
      { field: 'Repository URL', message: 'is not a URL', hint: 'write the full https:// address' },
    ]);
    expect(refused(formBody({ ...sentry, homepage: 'https://user:hunter2@example.com/' }))).toEqual([
      {
        field: 'Homepage',
        message: 'carries a user name or password',
        hint: 'write the address without credentials',
      },
    ]);
  });

  it('refuses an unknown category and names the known ones', () => {
    expect(refused(formBody({ ...sentry, category: 'weapons' }))).toEqual([
      {
        field: 'Category',
        message: '"weapons" is not a known category',
        hint: 'use one of browser-automation, databases, developer-tools, documents, observability',
      },
    ]);
  });

  it('refuses reserved, invalid and colliding ids', () => {
    expect(refused(formBody({ ...sentry, id: 'updated-since' }))).toEqual([
      {
        field: 'Package id',
        message: 'gives the id "updated-since", which is reserved',
        hint: 'write another Package id',
      },
    ]);
    expect(refused(formBody({ ...sentry, id: '../../etc/passwd' }))[0]).toMatchObject({
      field: 'Package id',
      message: 'gives the id "../../etc/passwd", which is not a valid package id',
    });
    expect(refused(formBody({ ...sentry, name: 'DBHub', npm: '@bytebase/dbhub-next' }))).toEqual([
      {
        field: 'Package name',
        message: 'gives the id "dbhub", which another package has',
        hint: 'write another Package id',
      },
    ]);
    expect(refused(formBody({ ...sentry, name: '日本語ツール' }))).toEqual([
      {
        field: 'Package id',
        message: 'cannot be derived from the name',
        hint: 'write an id: lowercase letters, digits and hyphens',
      },
    ]);
  });

  it('refuses a package that is already listed under another id', () => {
    expect(refused(formBody({ ...sentry, name: 'DB Hub again', npm: '@bytebase/dbhub' }))).toEqual([
      {
        field: '',
        message: 'asks for a package that is already listed as dbhub',
        hint: 'there is nothing to add',
      },
    ]);
  });

  it('refuses an answer given twice, missing answers and an unknown kind', () => {
    const doubled = `${formBody(sentry)}\n\n### Category\n\ndatabases`;
    expect(refused(doubled)).toEqual([
      {
        field: 'Category',
        message: 'appears twice in the request',
        hint: 'keep one answer under each heading of the form',
      },
    ]);
    expect(refused('Please add my server, it is great.').map((found) => found.field)).toEqual([
      'Package name',
      'Repository URL',
      'Kind',
      'Category',
      'Short description',
    ]);
    expect(refused(formBody({ ...sentry, kind: 'Rootkit' }))).toEqual([
      {
        field: 'Kind',
        message: '"Rootkit" is not a kind of package',
        hint: 'choose MCP server or Agent skill',
      },
    ]);
  });

  it('says which distribution field a package needs', () => {
    expect(refused(formBody({ ...sentry, kind: 'Agent skill', npm: undefined }))).toEqual([
      {
        field: 'Skill folder',
        message: 'is required for a skill',
        hint: 'give the path of the skill folder in the repository',
      },
    ]);
    expect(refused(formBody({ ...sentry, npm: undefined }))).toEqual([
      {
        field: 'npm package, PyPI package, OCI image, Remote endpoint URL or Skill folder',
        message: 'are all empty',
        hint: 'give the npm or PyPI package, the OCI image or the remote endpoint people use',
      },
    ]);
    expect(refused(formBody({ ...sentry, skill: 'skills/sentry' }))).toEqual([
      {
        field: 'Skill folder',
        message: 'is only for skills',
        hint: 'use npm, pypi, oci or remote for an MCP server',
      },
    ]);
  });

  it('writes a failure comment that escapes the requester’s text', () => {
    const comment = requestFailureComment([
      {
        field: 'Category',
        message: '"<b>weapons</b>" is not a known category',
        hint: 'use one of databases',
      },
      { field: '', message: 'asks for a package that is already listed as dbhub' },
    ]);
    expect(comment).toContain(
      '| Category | "&lt;b&gt;weapons&lt;/b&gt;" is not a known category | use one of databases |',
    );
    expect(comment).toContain('| (the request) | asks for a package that is already listed as dbhub |  |');
    expect(comment).toContain('a maintainer then applies the `package-accepted` label again.');
  });
});

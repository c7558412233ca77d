import { describe, expect, it } from 'vitest';
import { editFrontmatter } from './edit-frontmatter.ts';

const FILE = `---
id: playwright-mcp
name: "Playwright MCP"
kind: mcp-server
category: browser-automation
description: "Browser automation."
repository: https://github.com/microsoft/playwright-mcp
distribution:
  npm: "@playwright/mcp"
  oci: "mcr.microsoft.com/playwright/mcp"
version: "0.0.83" # bumped by hand
license: "Apache-2.0"
maintainers: []
added: 2026-11-22
---

Long description.
`;

describe('editing frontmatter in place', () => {
  it('replaces one key and leaves every other line as written', () => {
    const edited = editFrontmatter(FILE, { version: '0.0.84' });
    expect(edited).toBe(FILE.replace('version: "0.0.83" # bumped by hand', 'version: "0.0.84"'));
  });

  it('inserts a new key after its neighbour in the canonical order, and blocks as nested lines', () => {
    const edited = editFrontmatter(FILE, {
      deprecated: { date: '2026-11-25', reason: 'Use "@playwright/mcp-next": it: has --- colons' },
    });
    expect(edited).toContain(
      'added: 2026-11-22\ndeprecated:\n  date: "2026-11-25"\n  reason: "Use \\"@playwright/mcp-next\\": it: has --- colons"\n---',
    );
  });

  it('inserts a key before later ones, and deletes keys with their nested lines', () => {
    const withHome = editFrontmatter(FILE, { homepage: 'https://playwright.dev' });
    expect(withHome).toContain(
      'repository: https://github.com/microsoft/playwright-mcp\nhomepage: "https://playwright.dev"\ndistribution:',
    );
    const deprecated = editFrontmatter(FILE, { deprecated: { date: '2026-11-25', reason: 'old' } });
    expect(editFrontmatter(deprecated, { deprecated: undefined })).toBe(FILE);
    expect(editFrontmatter(FILE, { distribution: undefined })).not.toContain('  npm:');
  });

  it('keeps CRLF line endings and refuses a file without frontmatter', () => {
    const crlf = FILE.replaceAll('\n', '\r\n');
    expect(editFrontmatter(crlf, { license: null })).toContain('license: null\r\nmaintainers');
    expect(() => editFrontmatter('no frontmatter', { version: '1' })).toThrow(/frontmatter/);
  });
});

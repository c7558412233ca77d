/**
 * `afscore work --local` takes MCP servers only: a skill shipped in an npm package (as the
 * claude-skills package ships several) is a folder to evaluate with `afscore evaluate <folder>`,
 * not a server to install and start. The worker once took three such skills off the queue, spent
 * a sandboxed install on each and wrote documents validation then refused.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { captureIo } from './support/capture-io.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();

/** A repository whose only npm package in the queue is a skill. */
function repositoryWithNpmSkill(): string {
  const root = tempDir();
  mkdirSync(join(root, 'data', 'categories'), { recursive: true });
  mkdirSync(join(root, 'data', 'packages'), { recursive: true });
  mkdirSync(join(root, 'evaluations'), { recursive: true });
  writeFileSync(
    join(root, 'data', 'categories', 'developer-tools.md'),
    '---\nslug: developer-tools\nname: Developer tools\ndescription: Tools for developers.\n---\nTools for developers.\n',
  );
  writeFileSync(
    join(root, 'data', 'packages', 'claude-skills-check-translations.md'),
    [
      '---',
      'id: claude-skills-check-translations',
      'name: "Check Translations (claude-skills)"',
      'kind: skill',
      'category: developer-tools',
      'description: "A skill that finds database text still missing its English translation."',
      'repository: https://github.com/nannantown/claude-skills',
      'distribution:',
      '  npm: "claude-skills"',
      '  skill: "skills/check-translations"',
      'version: "1.0.2"',
      'license: "MIT"',
      'maintainers: [nannantown]',
      'added: 2026-11-22',
      '---',
      '',
      'A skill shipped inside an npm package.',
      '',
    ].join('\n'),
  );
  return root;
}

describe('afscore work --local', () => {
  it('leaves a skill shipped in an npm package in the queue, with or without --kind', async () => {
    const root = repositoryWithNpmSkill();
    for (const extra of [[], ['--kind', 'mcp-server']]) {
      const io = captureIo(root);
      const code = await main(
        [
          'work',
          '--local',
          '--root',
          root,
          '--contributor',
          'afscore-team',
          '--no-llm',
          '--limit',
          '1',
          ...extra,
        ],
        io,
      );
      expect(code, io.stderr.join('\n')).toBe(0);
      expect(io.stderr.join('\n')).toMatch(/queue has nothing more/);
      expect(io.stderr.join('\n')).not.toMatch(/evaluating npm:claude-skills/);
    }
    expect(readdirSync(join(root, 'evaluations'))).toEqual([]);
    expect(existsSync(join(root, 'evaluations', 'claude-skills-check-translations'))).toBe(false);
  });

  it('refuses --kind skill and says how skills are evaluated', async () => {
    const root = repositoryWithNpmSkill();
    const io = captureIo(root);
    const code = await main(
      ['work', '--local', '--root', root, '--contributor', 'afscore-team', '--no-llm', '--kind', 'skill'],
      io,
    );
    expect(code).toBe(2);
    expect(io.stderr.join('\n')).toContain('evaluate skills with afscore evaluate <folder>');
  });
});

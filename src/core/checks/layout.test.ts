/**
 * The checks' room keeps its shape: each definition file sits beside the code that computes its
 * checks and a test that exercises them (as a Scorecard probe keeps def.yml, impl.go and
 * impl_test.go together), the rubric assembles every definition file and nothing else, and only
 * the LLM judge's checks are called judged.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFINITIONS } from '../rubric/checks.ts';

const here = import.meta.dirname;
const SUBJECTS = ['server', 'package', 'skill', 'judge'] as const;
const read = (path: string) => readFileSync(join(here, path), 'utf8');
const definitionFiles = SUBJECTS.flatMap((subject) =>
  readdirSync(join(here, subject))
    .filter((name) => name.endsWith('.def.ts'))
    .map((name) => `${subject}/${name}`),
);
const idsIn = (text: string) => [...text.matchAll(/^ {4}id: '([A-Z0-9-]+)',$/gm)].map((match) => match[1]!);
const methodOf = (text: string, id: string) =>
  new RegExp(`id: '${id}',\\n(?:.*\\n)*? {4}method: '(\\w+)'`).exec(text)?.[1];

describe('checks layout', () => {
  it('finds the definition files of every subject', () => {
    expect(definitionFiles.length).toBeGreaterThan(20);
    for (const subject of SUBJECTS)
      expect(definitionFiles.some((file) => file.startsWith(subject))).toBe(true);
  });

  it('keeps each definition beside the code that names its checks and a test that exercises them', () => {
    for (const file of definitionFiles) {
      const base = file.replace(/\.def\.ts$/, '');
      const definitions = read(file);
      const code = read(`${base}.ts`);
      const test = read(`${base}.test.ts`);
      for (const id of idsIn(definitions)) {
        if (methodOf(definitions, id) === 'llm') continue;
        expect(code, `${base}.ts computes ${id}`).toContain(`'${id}'`);
        expect(test, `${base}.test.ts exercises ${id}`).toContain(id);
      }
    }
  });

  it('puts the LLM judge’s checks, and only those, under judge/', () => {
    for (const file of definitionFiles) {
      const text = read(file);
      for (const id of idsIn(text))
        expect(methodOf(text, id) === 'llm', `${file}: ${id}`).toBe(file.startsWith('judge/'));
    }
  });

  it('assembles every definition file into the rubric, each check once', () => {
    const assembled = Object.values(DEFINITIONS)
      .flat(2)
      .map((entry) => entry.id)
      .sort();
    const written = definitionFiles.flatMap((file) => idsIn(read(file))).sort();
    expect(assembled).toEqual(written);
    expect(new Set(written).size).toBe(written.length);
  });

  it('names deterministic checks check…; judge is the LLM judge’s word', () => {
    for (const subject of ['server', 'package', 'skill'])
      for (const name of readdirSync(join(here, subject)).filter((file) => file.endsWith('.ts')))
        expect(read(`${subject}/${name}`), `${subject}/${name}`).not.toMatch(
          /export (?:const|function) judge/,
        );
  });
});

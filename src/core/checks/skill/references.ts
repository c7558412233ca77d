/**
 * SKL-R02 and SKL-E02: the files a skill points to, followed from SKILL.md. A file counts as
 * referenced when a referenced text names its path (relative to the naming file or to the skill
 * root), its folder, or (for a unique basename) its name. Broken references are Markdown links
 * and folder-qualified paths that resolve to nothing, or that resolve only when case is ignored.
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { REFERENCE_TOC_AFTER_LINES, TOC_SEARCH_LINES } from '../check-policy.ts';
import { countOf, fail, graded, pass } from '../results.ts';
import type { SkillSnapshot } from '../snapshot.ts';
import { lineOf, SKILL_FILE, textFiles } from './files.ts';

export interface Mention {
  target: string;
  /** A Markdown link (always meant as a file) rather than a path written in prose or code. */
  link: boolean;
  line: number;
}

const MARKDOWN_LINK = /\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const PATH_TOKEN =
  /(?<![\w/.@:-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w.-]+\.(?:md|py|sh|bash|js|mjs|cjs|ts|json|txt|ya?ml|html|css|xsd|xml|csv|toml|ini|cfg|ttf|otf|png|jpg|svg))(?![\w/-])/g;
const FOLDER_TOKEN = /(?<![\w/.@:-])((?:[\w-]+\/)+)(?![\w-]|\.\w)/g;
const BACKSLASH_PATH = /(?<![\w\\])(?:[\w.-]+\\)+[\w.-]+\.\w{1,5}\b/g;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function mentionsIn(text: string): Mention[] {
  const mentions: Mention[] = [];
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    const raw = match[1]!;
    if (URL_SCHEME.test(raw) || raw.startsWith('#') || raw.startsWith('/')) continue;
    const target = decodePath(raw.replace(/[#?].*$/, ''));
    if (target) mentions.push({ target, link: true, line: lineOf(text, match.index) });
  }
  for (const pattern of [PATH_TOKEN, FOLDER_TOKEN]) {
    for (const match of text.matchAll(pattern)) {
      const line = lineOf(text, match.index);
      // A link's target is also a path token; count it once, as the link.
      if (!mentions.some((mention) => mention.target === match[1] && mention.line === line)) {
        mentions.push({ target: match[1]!, link: false, line });
      }
    }
  }
  return mentions;
}

function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

function dirOf(path: string): string {
  return path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
}

interface Resolution {
  files: string[];
  /** A path that exists only when letter case is ignored. */
  caseMismatch?: string;
}

function resolve(snapshot: SkillSnapshot, from: string, target: string): Resolution {
  const paths = snapshot.files.map((file) => file.path);
  const candidates = [normalise(`${dirOf(from)}/${target}`), normalise(target)];
  if (target.endsWith('/')) {
    const folders = candidates.map((candidate) => `${candidate}/`);
    return { files: paths.filter((path) => folders.some((folder) => path.startsWith(folder))) };
  }
  const exact = candidates.find((candidate) => paths.includes(candidate));
  if (exact) return { files: [exact] };
  if (!target.includes('/')) {
    const sameName = paths.filter((path) => path.split('/').pop() === target);
    if (sameName.length === 1) return { files: sameName };
  }
  const lower = candidates.map((candidate) => candidate.toLowerCase());
  const folded = paths.find((path) => lower.includes(path.toLowerCase()));
  return { files: [], ...(folded ? { caseMismatch: folded } : {}) };
}

const SKILL_FOLDERS = new Set([
  'scripts',
  'references',
  'reference',
  'assets',
  'templates',
  'examples',
  'resources',
]);

/** Whether an unresolved mention was meant as a file of the skill (rather than, say, the user's output file). */
function meantAsSkillFile(snapshot: SkillSnapshot, mention: Mention, resolution: Resolution): boolean {
  if (mention.link || resolution.caseMismatch) return true;
  const first = mention.target.replace(/^(?:\.\/)+/, '').split('/')[0]!;
  if (!mention.target.includes('/') || mention.target.startsWith('../')) return false;
  return SKILL_FOLDERS.has(first) || snapshot.files.some((file) => file.path.startsWith(`${first}/`));
}

export interface ReferenceGraph {
  /** Reference depth of every reached file: SKILL.md 0, the files it names 1, and so on. */
  depth: Map<string, number>;
  broken: Evidence[];
  backslashes: Evidence[];
}

export function referenceGraph(snapshot: SkillSnapshot): ReferenceGraph {
  const texts = new Map(textFiles(snapshot).map((file) => [file.path, file.text]));
  const depth = new Map<string, number>([[SKILL_FILE, 0]]);
  const broken: Evidence[] = [];
  const backslashes: Evidence[] = [];
  const queue = [SKILL_FILE];
  while (queue.length > 0) {
    const from = queue.shift()!;
    const text = texts.get(from);
    if (text === undefined) continue;
    for (const match of text.matchAll(BACKSLASH_PATH)) {
      backslashes.push({
        location: `${from}:${lineOf(text, match.index)}`,
        excerpt: match[0],
        value: 'backslash path',
      });
    }
    for (const mention of mentionsIn(text)) {
      const resolution = resolve(snapshot, from, mention.target);
      if (resolution.files.length === 0) {
        if (meantAsSkillFile(snapshot, mention, resolution)) {
          broken.push({
            location: `${from}:${mention.line}`,
            excerpt: mention.target,
            value: resolution.caseMismatch
              ? `only ${resolution.caseMismatch} exists (letter case differs)`
              : 'no such file',
          });
        }
        continue;
      }
      for (const path of resolution.files) {
        if (depth.has(path)) continue;
        depth.set(path, depth.get(from)! + 1);
        queue.push(path);
      }
    }
  }
  return { depth, broken, backslashes };
}

/** Files that need no reference: licence, readme, changelog and the evaluation set. */
const EXEMPT = /^(?:licen[cs]e|copying|readme|changelog)(?:[-._][\w.-]*)?$|^evals\//i;

export function checkSkillReferences(snapshot: SkillSnapshot): CheckResult {
  const graph = referenceGraph(snapshot);
  const problems = [...graph.broken, ...graph.backslashes];
  const unreferenced = snapshot.files
    .filter((file) => !graph.depth.has(file.path) && !EXEMPT.test(file.path))
    .map((file) => ({ location: file.path, value: 'not referenced from SKILL.md or its references' }));
  if (problems.length > 0) {
    return fail(
      'SKL-R02',
      `${graph.broken.length} broken reference(s), ${graph.backslashes.length} backslash path(s).`,
      [...problems, ...unreferenced],
    );
  }
  if (unreferenced.length > 0) {
    const considered = snapshot.files.filter(
      (file) => file.path !== SKILL_FILE && !EXEMPT.test(file.path),
    ).length;
    return graded(
      'SKL-R02',
      1 - unreferenced.length / Math.max(1, considered),
      `${countOf(unreferenced.length, considered, 'files')} are not referenced.`,
      unreferenced,
    );
  }
  return pass('SKL-R02', 'Every reference resolves and every file is referenced.');
}

function hasTableOfContents(text: string): boolean {
  const head = text.split('\n').slice(0, TOC_SEARCH_LINES);
  if (head.some((line) => /^#{1,6}\s*(?:table\s+of\s+)?contents\b/i.test(line.trim()))) return true;
  return head.filter((line) => /^\s*(?:[-*+]|\d+\.)\s+\[[^\]]+\]\(#[^)]*\)/.test(line)).length >= 3;
}

export function checkProgressiveDisclosure(snapshot: SkillSnapshot): CheckResult {
  const graph = referenceGraph(snapshot);
  const texts = new Map(textFiles(snapshot).map((file) => [file.path, file.text]));
  const evidence: Evidence[] = [];
  const references = [...graph.depth.entries()]
    .filter(([path, depth]) => depth >= 1 && path.endsWith('.md'))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [path, depth] of references) {
    if (depth > 1) evidence.push({ location: path, value: `reached ${depth} levels from SKILL.md` });
    const text = texts.get(path) ?? '';
    const lines = text.split('\n').length;
    if (lines > REFERENCE_TOC_AFTER_LINES && !hasTableOfContents(text)) {
      evidence.push({ location: path, value: `${lines} lines without a table of contents` });
    }
  }
  if (references.length === 0) return pass('SKL-E02', 'No reference files to load.');
  const good = references.length - new Set(evidence.map((item) => item.location)).size;
  return graded(
    'SKL-E02',
    good / references.length,
    `${countOf(good, references.length, 'reference files')} are one level deep and navigable.`,
    evidence,
  );
}

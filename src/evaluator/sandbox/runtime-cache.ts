/**
 * The evaluator's own programs that run in the sandbox (Node, npm's folder and the helpers in
 * inside/), copied once per machine into a cache of their own and shown to the sandbox from there.
 * Shown from where they live, they would give the checkout's path away (bind mounts name their
 * source in /proc/self/mountinfo), and when the evaluator runs as root the sandbox's user
 * (nobody) could not reach them at all in a checkout under a private folder (a 700 home or a
 * `mktemp -d`).
 *
 * An entry is named by what it holds (version and content digest), so every checkout with the same
 * Node shares one copy; which entry a source file maps to is remembered by the file's identity
 * (path, inode, size, modification time), so the digest is computed once, not per evaluation. An
 * entry is written in a temporary folder and renamed into place: concurrent evaluations make or
 * reuse the same one and never see half of one. Entries are readable by everyone and writable by
 * the evaluator's user only; one unused for a week is removed when a new one is made.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

export interface RuntimeSources {
  /** The Node binary that runs the evaluator. */
  node: string;
  /** npm's own folder (holding bin/npm-cli.js), or null when npm was not found. */
  npmRoot: string | null;
  /** The helpers that run inside the sandbox (src/evaluator/sandbox/inside). */
  lib: string;
}

/** Where each source's copy is: the same shape as RuntimeSources. */
export type Runtime = RuntimeSources;

/** An entry unused this long is removed when another one is made. */
const UNUSED_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
/** A temporary folder this old was left by an evaluator killed while copying. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;
const TEMP_PREFIX = '.making-';
const IDS = 'ids';

/** The runtime cache: AFSCORE_RUNTIME_CACHE, /var/cache/afscore/runtime as root, else XDG_CACHE_HOME/afscore/runtime. */
export function defaultRuntimeCacheDir(env: NodeJS.ProcessEnv, home: string, root: boolean): string {
  if (env.AFSCORE_RUNTIME_CACHE) return env.AFSCORE_RUNTIME_CACHE;
  if (root) return '/var/cache/afscore/runtime';
  const base = env.XDG_CACHE_HOME?.trim() ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(base, 'afscore', 'runtime');
}

const digest = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** Every regular file under a folder, in a stable order, with its relative path (symlinks as text). */
function treeDigest(root: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const stat = lstatSync(path);
      const rel = relative(root, path);
      if (stat.isDirectory()) walk(path);
      else if (stat.isSymbolicLink()) hash.update(`l ${rel} ${readlinkSync(path)}\n`);
      else if (stat.isFile()) {
        hash.update(`f ${rel} ${stat.mode & 0o111 ? 'x' : '-'} ${stat.size}\n`);
        hash.update(readFileSync(path));
      }
    }
  };
  walk(root);
  return hash.digest('hex');
}

function fileDigest(path: string): string {
  return digest(readFileSync(path));
}

/** Copies a file or folder with modes others can read (and run, where the source is executable). */
function copyReadable(source: string, target: string, top: string): void {
  const stat = lstatSync(source);
  if (stat.isSymbolicLink()) {
    const link = readlinkSync(source);
    // A link that stays inside the copied folder is kept; one leading out is copied as what it leads to.
    if (!isAbsolute(link) && !relative(top, resolve(dirname(source), link)).startsWith('..')) {
      symlinkSync(link, target);
      return;
    }
    copyReadable(realpathSync(source), target, top);
    return;
  }
  if (stat.isDirectory()) {
    mkdirSync(target);
    for (const name of readdirSync(source)) copyReadable(join(source, name), join(target, name), top);
    chmodSync(target, 0o755);
    return;
  }
  copyFileSync(source, target);
  chmodSync(target, stat.mode & 0o111 ? 0o755 : 0o644);
}

/** The cache folder, made if needed; refused when another user could change what the sandbox runs. */
function openCache(cacheDir: string): void {
  mkdirSync(join(cacheDir, IDS), { recursive: true, mode: 0o755 });
  const stat = lstatSync(cacheDir);
  const uid = process.getuid?.() ?? stat.uid;
  if (!stat.isDirectory() || stat.uid !== uid || (stat.mode & 0o022) !== 0) {
    throw new Error(
      `the sandbox's runtime cache ${cacheDir} is not a folder owned by this user (uid ${uid}) and closed to others' writes; remove it, or set AFSCORE_RUNTIME_CACHE to another folder`,
    );
  }
  chmodSync(cacheDir, 0o755);
}

/**
 * Removes temporary folders of killed evaluators, entries nobody used for a week, and identities
 * older than that (a source still in use is digested again, once).
 */
function prune(cacheDir: string, now: number): void {
  const paths = [
    ...readdirSync(cacheDir)
      .filter((name) => name !== IDS)
      .map((name) => join(cacheDir, name)),
    ...readdirSync(join(cacheDir, IDS)).map((name) => join(cacheDir, IDS, name)),
  ];
  for (const path of paths) {
    try {
      const age = now - statSync(path).mtimeMs;
      if (age > (path.includes(`/${TEMP_PREFIX}`) ? ABANDONED_AFTER_MS : UNUSED_AFTER_MS))
        rmSync(path, { recursive: true, force: true });
    } catch {
      // another evaluator removed it first
    }
  }
}

interface EntrySpec {
  /** node, npm or lib: the start of the entry's name. */
  kind: string;
  /** What the source is (a version), for people reading the folder. */
  label: string;
  source: string;
  /** Names the source's current state cheaply, or null to compute the digest every time. */
  identity: string | null;
  /** A file that must be in a complete entry. */
  marker: string;
  digestOf: () => string;
  build: (target: string) => void;
}

/** The entry for a source: found through its identity, else digested, and made unless it exists. */
function entryFor(cacheDir: string, spec: EntrySpec, now: number): string {
  const idFile = spec.identity ? join(cacheDir, IDS, digest(spec.identity).slice(0, 32)) : null;
  let name: string | null = null;
  if (idFile) {
    try {
      name = readFileSync(idFile, 'utf8').trim() || null;
    } catch {
      // not seen yet
    }
  }
  if (!name || !existsSync(join(cacheDir, name, spec.marker))) {
    name = `${spec.kind}-${spec.label}-${spec.digestOf().slice(0, 20)}`;
    const entry = join(cacheDir, name);
    if (!existsSync(join(entry, spec.marker))) makeEntry(cacheDir, entry, spec, now);
    if (idFile) {
      const temporary = `${idFile}.${randomBytes(6).toString('hex')}`;
      writeFileSync(temporary, `${name}\n`, { mode: 0o644 });
      renameSync(temporary, idFile);
    }
  }
  const entry = join(cacheDir, name);
  // Marks it in use, so that pruning leaves it alone.
  try {
    utimesSync(entry, now / 1000, now / 1000);
  } catch {
    // pruned between the check and here: the next evaluation makes it again
  }
  return entry;
}

function makeEntry(cacheDir: string, entry: string, spec: EntrySpec, now: number): void {
  prune(cacheDir, now);
  const temporary = mkdtempSync(join(cacheDir, TEMP_PREFIX));
  try {
    spec.build(temporary);
    chmodSync(temporary, 0o755);
    // A broken entry (files removed by hand) is moved aside first: rename will not replace a full folder.
    if (existsSync(entry)) {
      const aside = `${join(cacheDir, TEMP_PREFIX)}broken-${randomBytes(6).toString('hex')}`;
      try {
        renameSync(entry, aside);
        rmSync(aside, { recursive: true, force: true });
      } catch {
        // another evaluator moved it
      }
    }
    try {
      renameSync(temporary, entry);
    } catch (error) {
      // Another evaluator made the same entry first: use theirs.
      const code = (error as NodeJS.ErrnoException).code;
      if (!(code === 'ENOTEMPTY' || code === 'EEXIST') || !existsSync(join(entry, spec.marker))) throw error;
    }
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

function identityOf(path: string, extra: string): string {
  const real = realpathSync(path);
  const stat = statSync(real);
  return `${real}\0${stat.dev}\0${stat.ino}\0${stat.size}\0${stat.mtimeMs}\0${extra}`;
}

/**
 * The sandbox's copies of the evaluator's Node, npm and helpers in the cache, made on first use.
 * Throws with what to do when the cache cannot be written.
 */
export function prepareRuntime(cacheDir: string, sources: RuntimeSources, now: number): Runtime {
  try {
    openCache(cacheDir);
    const node = entryFor(
      cacheDir,
      {
        kind: 'node',
        label: process.version,
        source: sources.node,
        identity: identityOf(sources.node, process.version),
        marker: 'node',
        digestOf: () => fileDigest(sources.node),
        build: (target) => copyReadable(realpathSync(sources.node), join(target, 'node'), sources.node),
      },
      now,
    );
    let npmRoot: string | null = null;
    if (sources.npmRoot) {
      const root = realpathSync(sources.npmRoot);
      const manifest = join(root, 'package.json');
      const version = String((JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version);
      npmRoot = entryFor(
        cacheDir,
        {
          kind: 'npm',
          label: version,
          source: root,
          identity: `${identityOf(manifest, version)}\0${identityOf(join(root, 'bin', 'npm-cli.js'), '')}`,
          marker: join('npm', 'bin', 'npm-cli.js'),
          digestOf: () => treeDigest(root),
          build: (target) => copyReadable(root, join(target, 'npm'), root),
        },
        now,
      );
      npmRoot = join(npmRoot, 'npm');
    }
    // The helpers are two small files: digested every time, so an edit is picked up at once.
    const lib = join(
      entryFor(
        cacheDir,
        {
          kind: 'lib',
          label: 'inside',
          source: sources.lib,
          identity: null,
          marker: 'lib',
          digestOf: () => treeDigest(sources.lib),
          build: (target) => copyReadable(sources.lib, join(target, 'lib'), sources.lib),
        },
        now,
      ),
      'lib',
    );
    return { node: join(node, 'node'), npmRoot, lib };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.startsWith("the sandbox's runtime cache")) throw error;
    throw new Error(
      `cannot copy Node and npm for the sandbox into ${cacheDir}: ${message}; make sure that folder can be written and has room (about 150 MB), or set AFSCORE_RUNTIME_CACHE to one that does`,
    );
  }
}

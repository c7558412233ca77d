/**
 * Starts the real front server on a free port over a freshly built fixture catalogue, as `npm start`
 * would, but with the test's own configuration.
 */
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import { readConfig } from '../../src/server/config.ts';
import { type RunningServer, startServer } from '../../src/server/main.ts';
import { captureIo } from './capture-io.ts';
import { FIXTURE_AS_OF, writeFixtureRepo } from './fixture-repo.ts';

export interface TestServer {
  url: string;
  running: RunningServer;
  root: string;
  generatedDir: string;
  logs: string[];
  close(): Promise<void>;
}

/** Builds the fixture repository into `root/generated`; `prepare` adds to it first (registry records…). */
export async function buildFixture(root: string, prepare?: (root: string) => void): Promise<string> {
  writeFixtureRepo(root);
  prepare?.(root);
  const generatedDir = join(root, 'generated');
  const io = captureIo(root);
  const code = await main(['build', '--out', generatedDir, '--as-of', FIXTURE_AS_OF], io);
  if (code !== 0) throw new Error(`fixture build failed: ${io.stderr.join('\n')}`);
  return generatedDir;
}

export async function startTestServer(
  root: string,
  env: Record<string, string> = {},
  prepare?: (root: string) => void,
): Promise<TestServer> {
  const generatedDir = await buildFixture(root, prepare);
  // No dist folder under the fixture root: these servers answer pages with 404 unless a suite builds one.
  const config = readConfig(
    // State and delivered branches stay under the fixture root even when AFSCORE_ROOT points at the
    // project (for its site): a test must never leave a submissions/ branch in the real repository.
    {
      PORT: '0',
      HOST: '127.0.0.1',
      AFSCORE_GENERATED_DIR: generatedDir,
      AFSCORE_STATE_DIR: join(root, '.state'),
      AFSCORE_LOCAL_REPO: root,
      ...env,
    },
    env.AFSCORE_ROOT ?? root,
  );
  const logs: string[] = [];
  const running = await startServer(config, (line) => logs.push(line));
  return { url: running.url, running, root, generatedDir, logs, close: () => running.close() };
}

import { describe, expect, it } from 'vitest';
import { withoutSandboxPaths } from './launchers.ts';

describe('withoutSandboxPaths', () => {
  const dirs = {
    root: '/tmp/afscore-eval-tL97Nc',
    home: '/tmp/afscore-eval-tL97Nc/home',
    work: '/tmp/afscore-eval-tL97Nc/work',
  };

  it('names the sandbox folders instead of quoting the evaluator’s temporary paths', () => {
    // What @gongrzhe/server-gmail-autoauth-mcp 1.1.11 printed in the sandbox.
    expect(
      withoutSandboxPaths(
        'Error: OAuth keys file not found. Please place gcp-oauth.keys.json in current directory or /tmp/afscore-eval-tL97Nc/home/.gmail-mcp',
        dirs,
      ),
    ).toBe(
      'Error: OAuth keys file not found. Please place gcp-oauth.keys.json in current directory or ~/.gmail-mcp',
    );
    expect(withoutSandboxPaths('cannot read /tmp/afscore-eval-tL97Nc/work/config.json', dirs)).toBe(
      'cannot read {workdir}/config.json',
    );
    expect(withoutSandboxPaths('at /tmp/afscore-eval-tL97Nc/install/node_modules/x/index.js:1', dirs)).toBe(
      'at {sandbox}/install/node_modules/x/index.js:1',
    );
  });

  it('leaves other text alone', () => {
    expect(withoutSandboxPaths('Error: /tmp/other/file not found', dirs)).toBe(
      'Error: /tmp/other/file not found',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { lastLines, registryHost } from './npm-target.ts';

describe('npm output', () => {
  it('keeps the lines that say what failed, not npm’s framing', () => {
    const stderr = [
      'prebuild-install warn install getaddrinfo EAI_AGAIN github.com',
      'gyp ERR! configure error',
      'Package libsecret-1 was not found in the pkg-config search path.',
      'gyp ERR! System Linux 6.18.44',
      'gyp ERR! command "/opt/afscore/bin/node" "node-gyp.js" "rebuild"',
      'gyp ERR! cwd /tmp/afscore-eval-x/install/node_modules/keytar',
      'gyp ERR! node -v v22.23.3',
      'gyp ERR! node-gyp -v v12.4.0',
      'gyp ERR! $npm_package_name keytar',
      'gyp ERR! not ok',
      'npm error code 1',
      'npm error path /tmp/afscore-eval-x/install/node_modules/keytar',
      'npm error command failed',
      'npm error command sh -c prebuild-install || npm run build',
      'npm error A complete log of this run can be found in: /tmp/x/_logs/debug-0.log',
      '',
    ].join('\n');
    expect(lastLines(stderr, 6)).toBe(
      'prebuild-install warn install getaddrinfo EAI_AGAIN github.com gyp ERR! configure error Package libsecret-1 was not found in the pkg-config search path.',
    );
  });

  it('allows the registry by name, with its port only when it has one', () => {
    expect(registryHost('https://registry.npmjs.org/')).toBe('registry.npmjs.org');
    expect(registryHost('http://127.0.0.1:4873/')).toBe('127.0.0.1:4873');
  });
});

import { describe, expect, it } from 'vitest';
import { classifyInstallFailure, type InstallObservation } from './install-failure.ts';
import { failedTo, failureLabel } from './start-failure.ts';

const base: InstallObservation = {
  step: 'install',
  spec: 'mcp-fast-hash@1.0.0',
  registryHost: 'registry.npmjs.org',
  code: 1,
  stderr: '',
};

/** node-gyp on a machine without Python and without a compiler, as npm prints it (abridged). */
const NO_PYTHON = `npm error code 1
npm error path /sandbox/install/node_modules/mcp-fast-hash
npm error command failed
npm error command sh -c node-gyp rebuild
npm error gyp info it worked if it ends with ok
npm error gyp ERR! find Python
npm error gyp ERR! find Python Python is not set from command line or npm configuration
npm error gyp ERR! stack Error: Could not find any Python installation to use
npm error gyp ERR! stack     at PythonFinder.fail (/opt/afscore/npm/node_modules/node-gyp/lib/find-python.js:306:11)
npm error gyp ERR! not ok
npm error A complete log of this run can be found in: /tmp/x.log`;

const NO_COMPILER = `npm error gyp info spawn make
npm error make: Entering directory '/sandbox/install/node_modules/mcp-fast-hash/build'
npm error   CXX(target) Release/obj.target/hash/src/hash.o
npm error make: g++: No such file or directory
npm error make: *** [hash.target.mk:111: Release/obj.target/hash/src/hash.o] Error 127
npm error gyp ERR! build error`;

describe('classifyInstallFailure', () => {
  it('names the toolchain a native build is missing, quoting node-gyp or make', () => {
    const python = classifyInstallFailure({ ...base, step: 'scripts', stderr: NO_PYTHON })!;
    expect(python).toMatchObject({
      class: 'needs-toolchain',
      runtime: 'python3',
      quote: 'gyp ERR! find Python',
    });
    expect(failureLabel(python)).toBe('install needs python3');
    const compiler = classifyInstallFailure({ ...base, step: 'scripts', stderr: NO_COMPILER })!;
    expect(compiler).toMatchObject({
      runtime: 'a C/C++ compiler',
      quote: 'make: g++: No such file or directory',
    });
    expect(compiler.advice).toContain('prebuilt binaries');
  });

  it('tells a package gone from the registry from a dependency gone from it', () => {
    const stderr = `npm error code E404
npm error 404 Not Found - GET https://registry.npmjs.org/mcp-fast-hash - Not found
npm error 404  'mcp-fast-hash@1.0.0' is not in this registry.`;
    expect(classifyInstallFailure({ ...base, step: 'view', stderr })).toMatchObject({
      class: 'package-gone',
      quote: '404 Not Found - GET https://registry.npmjs.org/mcp-fast-hash - Not found',
    });
    const dependency = stderr.replaceAll('mcp-fast-hash', 'left-padding');
    expect(classifyInstallFailure({ ...base, stderr: dependency })).toMatchObject({
      class: 'install-failed',
    });
    expect(classifyInstallFailure({ ...base, step: 'view', stderr: '', emptyView: true })?.class).toBe(
      'package-gone',
    );
  });

  it('names the unreachable host of a git or tarball dependency', () => {
    const stderr = `npm error code 128
npm error An unknown git error occurred
npm error command git --no-replace-objects ls-remote ssh://git@git.acme-internal.example/tools/hash-core.git
npm error ssh: Could not resolve hostname git.acme-internal.example: Name or service not known
npm error fatal: Could not read from remote repository.`;
    const found = classifyInstallFailure({ ...base, stderr })!;
    expect(found).toMatchObject({ class: 'unreachable-dependency', runtime: 'git.acme-internal.example' });
    expect(failureLabel(found)).toBe('dependency from an unreachable host (git.acme-internal.example)');
    expect(failedTo(found.class)).toBe('could not be installed');
  });

  it('leaves the registry not answering to a private retry: it says nothing about the package', () => {
    const stderr = `npm error code ETIMEDOUT
npm error network request to https://registry.npmjs.org/mcp-fast-hash failed, reason: connect ETIMEDOUT 104.16.0.35:443`;
    expect(classifyInstallFailure({ ...base, stderr })).toBeNull();
    expect(
      classifyInstallFailure({
        ...base,
        stderr: 'npm error 503 Service Unavailable - GET https://registry.npmjs.org/x',
      }),
    ).toBeNull();
  });

  it('leaves a certificate the evaluating machine cannot verify to a private retry: its trust store, not the package', () => {
    const stderr = `npm error code SELF_SIGNED_CERT_IN_CHAIN
npm error errno SELF_SIGNED_CERT_IN_CHAIN
npm error request to https://registry.npmjs.org/drawio-mcp-server failed, reason: self-signed certificate in certificate chain`;
    expect(classifyInstallFailure({ ...base, stderr })).toBeNull();
  });

  it('quotes npm’s reason for other refusals, with its code', () => {
    const stderr = `npm error code EBADPLATFORM
npm error notsup Unsupported platform for mcp-mac-notes@1.1.0: wanted {"os":"darwin"} (current: {"os":"linux"})
npm error notsup Valid os:  darwin`;
    const found = classifyInstallFailure({ ...base, spec: 'mcp-mac-notes@1.1.0', stderr })!;
    expect(found.class).toBe('install-failed');
    expect(found.reason).toContain('npm could not install mcp-mac-notes@1.1.0 (EBADPLATFORM)');
    expect(found.quote).toContain('Unsupported platform for mcp-mac-notes@1.1.0');
  });
});

/**
 * The rubric's definitions of the MCP server checks in `package-checks.ts` (SEC-07, SEC-08, SEC-09, DOC-01, DOC-02, DOC-03, MNT-01, MNT-02, MNT-03, MNT-04, MNT-05, MNT-06, LIC-01, LIC-02, LIC-03, LIC-04): the published package's files and registry record.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const PACKAGE_CHECKS: readonly CheckEntry[] = [
  {
    id: 'SEC-07',
    dimension: 'security',
    severity: 'high',
    method: 'deterministic',
    title: 'No hard-coded secrets',
    passes: 'No API keys, tokens or private keys are found in the published package files.',
    remediation: 'Revoke any leaked credential and read secrets from the environment instead.',
  },
  {
    id: 'SEC-08',
    dimension: 'security',
    severity: 'high',
    method: 'deterministic',
    title: 'No known vulnerable dependencies',
    passes: 'No resolved dependency has a known advisory (OSV). Partial: only low or moderate advisories.',
    remediation: 'Upgrade the affected dependencies and publish a new version.',
  },
  {
    id: 'SEC-09',
    dimension: 'security',
    severity: 'medium',
    method: 'deterministic',
    title: 'No install-time code execution',
    passes: 'The package runs no preinstall, install or postinstall scripts (or setup.py custom commands).',
    remediation: 'Drop install scripts; do setup work on first run where the user can see it.',
  },
  {
    id: 'DOC-01',
    dimension: 'documentation',
    severity: 'medium',
    method: 'deterministic',
    title: 'README with install and configuration',
    passes:
      'A README of at least 400 characters with an install or run command and a client configuration example. Partial: a README missing one of these.',
    remediation: 'Add install steps and a copy-ready client configuration block to the README.',
  },
  {
    id: 'DOC-02',
    dimension: 'documentation',
    severity: 'low',
    method: 'deterministic',
    title: 'Environment variables documented',
    passes:
      'Every environment variable the server reads or declares is mentioned in the README. Not applicable when it reads none.',
    remediation: 'List each environment variable with what it is for.',
  },
  {
    id: 'DOC-03',
    dimension: 'documentation',
    severity: 'low',
    method: 'deterministic',
    title: 'Changelog or release notes',
    passes: 'A CHANGELOG file or release notes exist.',
    remediation: 'Keep a changelog so users can see what changed between versions.',
  },
  {
    id: 'MNT-01',
    dimension: 'maintenance',
    severity: 'high',
    method: 'deterministic',
    title: 'Not deprecated or archived',
    passes: 'The package is not deprecated, yanked or archived.',
    remediation: 'Point users to the maintained successor, or lift the deprecation.',
  },
  {
    id: 'MNT-02',
    dimension: 'maintenance',
    severity: 'low',
    method: 'deterministic',
    title: 'Recent release',
    passes: 'The latest release is at most 180 days old. Partial: at most 365 days.',
    remediation: 'Release fixes regularly, or say the package is feature-complete.',
  },
  {
    id: 'MNT-03',
    dimension: 'maintenance',
    severity: 'medium',
    method: 'deterministic',
    title: 'Bounded dependency ranges',
    passes: 'No dependency uses an unbounded range such as "*", "latest" or ">=".',
    remediation: 'Pin or bound every dependency range.',
  },
  {
    id: 'MNT-04',
    dimension: 'maintenance',
    severity: 'medium',
    method: 'deterministic',
    title: 'Tests and CI',
    passes: 'The source repository has tests and a CI workflow that runs them.',
    remediation: 'Add tests and run them on every change.',
  },
  {
    id: 'MNT-05',
    dimension: 'maintenance',
    severity: 'medium',
    method: 'deterministic',
    title: 'Security policy',
    passes: 'A SECURITY.md (or equivalent) gives a private contact for vulnerability reports.',
    remediation: 'Add SECURITY.md with a reporting address.',
  },
  {
    id: 'MNT-06',
    dimension: 'maintenance',
    severity: 'medium',
    method: 'deterministic',
    title: 'Release provenance',
    passes:
      'The published artifact carries provenance (npm provenance, PyPI attestations or signed releases).',
    remediation: 'Publish from CI with provenance enabled.',
  },
  {
    id: 'LIC-01',
    dimension: 'licensing',
    severity: 'high',
    method: 'deterministic',
    title: 'Open licence',
    passes:
      'A licence file in the package identifies an OSI- or FSF-approved SPDX licence. Partial: no licence file ships, but the manifest declares such a licence, or the source repository on GitHub that package.json names (and where a package.json carries the package’s name) has one; or the file is not recognised. Fail: no open licence in the package, its manifest or its repository, or one that is not open.',
    remediation:
      'Ship a LICENSE file with the package (add it to `files` in package.json); many directories will not install unlicensed servers.',
    before: [
      {
        until: '2.1',
        was: { passes: 'A licence file is present and identifies an OSI- or FSF-approved SPDX licence.' },
      },
      {
        until: '2.3',
        was: {
          passes:
            'A licence file in the package identifies an OSI- or FSF-approved SPDX licence. Partial: the manifest declares such a licence but no licence file ships, or the file is not recognised. Fail: no licence anywhere, or one that is not open.',
        },
      },
    ],
  },
  {
    id: 'LIC-02',
    dimension: 'licensing',
    severity: 'low',
    method: 'deterministic',
    title: 'Manifest licence matches',
    passes: 'The package manifest declares the same licence as the licence file.',
    remediation: 'Make package.json / pyproject.toml agree with LICENSE.',
  },
  {
    id: 'LIC-03',
    dimension: 'licensing',
    severity: 'low',
    method: 'deterministic',
    title: 'Registry metadata (server.json)',
    passes:
      'A server.json valid against the MCP registry schema, whose name matches the package’s mcpName and whose version is semver.',
    remediation: 'Publish a server.json to the MCP registry.',
  },
  {
    id: 'LIC-04',
    dimension: 'licensing',
    severity: 'low',
    method: 'deterministic',
    title: 'Package metadata complete',
    passes: 'The manifest has a description, a repository and a homepage. Partial: some of them.',
    remediation: 'Fill in description, repository and homepage in the manifest.',
  },
];

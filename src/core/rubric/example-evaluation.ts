/**
 * A complete, valid example evaluation for the guide and the schema docs, built from the catalogue
 * so it can never fall out of date: every check appears, and the scores are the rubric's own.
 */

import { inCatalogueOrder } from '../checks/catalogue-order.ts';
import { scoreChecks, toScoresReport } from '../scoring/score-checks.ts';
import type { CheckResult, EvaluationDocument, SandboxRecord } from '../types.ts';
import { checksFor } from './checks.ts';
import { RUBRIC_VERSION, SCHEMA_VERSION } from './policy.ts';

const EXAMPLE_OUTCOMES: Record<string, Omit<CheckResult, 'id'>> = {
  'SEC-05': {
    status: 'partial',
    value: 0.5,
    message: 'One optional free-text parameter with no stated purpose.',
    evidence: [{ location: '/tools/2/inputSchema/properties/notes', excerpt: '{"type":"string"}' }],
  },
  'SEC-08': { status: 'not_run', message: 'No network access to the advisory database during this run.' },
  'SEC-10': { status: 'not_applicable', message: 'stdio server.' },
  'REL-05': {
    status: 'pass',
    evidence: [{ location: 'tools/list p95', value: 41 }],
  },
  'INT-05': {
    status: 'partial',
    value: 0.83,
    message: '10 of 12 parameters are described.',
    evidence: [
      { location: '/tools/4/inputSchema/properties/depth' },
      { location: '/tools/4/inputSchema/properties/cursor' },
    ],
  },
  'INT-07': { status: 'fail', message: 'No tool declares an outputSchema.' },
  'DOC-03': { status: 'fail', message: 'No CHANGELOG or release notes found.' },
  'MNT-06': { status: 'not_run', message: 'Provenance needs the registry attestation API.' },
};

/** What the CLI records when it runs a server in bubblewrap. */
export const EXAMPLE_SANDBOX: SandboxRecord = {
  tool: 'bubblewrap',
  version: '0.8.0',
  namespaces: ['user', 'pid', 'mount', 'ipc', 'uts', 'network'],
  network: 'none',
  install_hosts: ['registry.npmjs.org'],
  install_scripts: 'sandboxed',
  limits: {
    memory_bytes: 2147483648,
    total_memory_bytes: 4294967296,
    processes: 512,
    cpu_seconds: 300,
    wall_seconds: 900,
    file_size_bytes: 1073741824,
    open_files: 4096,
  },
};

export function exampleEvaluation(): EvaluationDocument {
  const outcomes: CheckResult[] = checksFor('mcp-server').map((definition) => {
    const outcome = EXAMPLE_OUTCOMES[definition.id];
    if (outcome) return { id: definition.id, ...outcome };
    return definition.method === 'llm'
      ? { id: definition.id, status: 'not_run', message: 'Run with --no-llm.' }
      : { id: definition.id, status: 'pass' };
  });
  const checks = inCatalogueOrder('mcp-server', outcomes);
  return {
    $schema: 'https://afscore.dev/schemas/evaluation-2.0.json',
    schema_version: SCHEMA_VERSION,
    rubric_version: RUBRIC_VERSION,
    evaluation_id: '3f2b8c1e-5d4a-4f1b-9c2e-7a6b5d4c3e2f',
    package: { id: 'server-memory', kind: 'mcp-server', version: '2025.9.25' },
    subject: {
      artifact: 'npm:@modelcontextprotocol/server-memory@2025.9.25',
      digest: 'sha256:5d41402abc4b2a76b9719d911017c592ae2f7d4b7e33a1f3bb8d6fb1c9a0d3e4',
      transport: 'stdio',
      tools_list_sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    },
    contributor: { login: 'octocat' },
    disclosure: { affiliated: false, relationship: 'none' },
    evaluator: {
      kind: 'cli',
      name: 'afscore-cli',
      version: '0.1.0',
      config_sha256: '2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae',
      llm: null,
    },
    environment: {
      os: 'linux',
      arch: 'x64',
      runtime: 'node 22.23.3',
      sandbox: EXAMPLE_SANDBOX,
    },
    timestamps: { started_at: '2026-11-20T10:00:00Z', finished_at: '2026-11-20T10:01:35Z' },
    checks,
    scores: toScoresReport(scoreChecks('mcp-server', checks)),
    metrics: { initialize_ms: 412, tools_list_ms_p95: 41, tool_count: 9, tools_list_tokens: 2310 },
  };
}

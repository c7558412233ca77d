import { describe, expect, it } from 'vitest';
import { checksFor } from '../../rubric/checks.ts';
import { judgedCheckIds } from '../judge/judged-checks.ts';
import { PACKAGE_CHECK_IDS } from '../package/package-checks.ts';
import { RUNTIME_CHECK_IDS } from './runtime-checks.ts';
import { SANDBOX_CHECK_IDS } from './sandbox-checks.ts';
import { MCP_SNAPSHOT_CHECKS } from './snapshot-checks.ts';

describe('MCP server check coverage', () => {
  it('implements exactly the catalogue checks marked fromSnapshot as pure snapshot functions', () => {
    const fromSnapshot = checksFor('mcp-server')
      .filter((check) => check.fromSnapshot)
      .map((check) => check.id)
      .sort();
    expect(Object.keys(MCP_SNAPSHOT_CHECKS).sort()).toEqual(fromSnapshot);
  });

  it('covers every catalogue check exactly once across snapshot, runtime, package and judged checks', () => {
    const produced = [
      ...Object.keys(MCP_SNAPSHOT_CHECKS),
      ...RUNTIME_CHECK_IDS,
      ...PACKAGE_CHECK_IDS,
      ...SANDBOX_CHECK_IDS,
      ...judgedCheckIds('mcp-server'),
    ].sort();
    expect(produced).toEqual(
      checksFor('mcp-server')
        .map((check) => check.id)
        .sort(),
    );
  });
});

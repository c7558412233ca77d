import { describe, expect, it } from 'vitest';

describe('the runtime', () => {
  it('is the pinned Node 22 from the node package, not the system node', () => {
    expect(process.version).toBe('v22.23.3');
    expect(process.execPath).toContain('node_modules');
  });
});

import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from './capabilities.ts';

const tool = (name: string, annotations: Record<string, boolean> = {}) => ({ name, annotations });

describe('capabilitiesOf', () => {
  it('reads a file server: it reads and changes files', () => {
    const found = capabilitiesOf({
      kind: 'mcp-server',
      tools: [
        tool('read_text_file', { readOnlyHint: true }),
        tool('write_file', { destructiveHint: true }),
        tool('move_file', { destructiveHint: true }),
        tool('list_directory', { readOnlyHint: true }),
      ],
    });
    expect(found).toEqual([
      { id: 'changes-files', shown_by: ['write_file', 'move_file'] },
      { id: 'reads-files', shown_by: ['read_text_file', 'list_directory'] },
    ]);
  });

  it('reads a terminal server: it runs commands and reaches the network', () => {
    const found = capabilitiesOf({
      kind: 'mcp-server',
      tools: [tool('start_process', { destructiveHint: true, openWorldHint: true }), tool('execute_command')],
    });
    expect(found.map((capability) => capability.id)).toEqual(['runs-code', 'reaches-network']);
    expect(found[0]!.shown_by).toEqual(['start_process', 'execute_command']);
  });

  it('reads a database server: a destructive SQL tool changes data, and is not a shell', () => {
    const found = capabilitiesOf({
      kind: 'mcp-server',
      tools: [tool('execute_sql', { destructiveHint: true }), tool('search_objects', { readOnlyHint: true })],
    });
    expect(found).toEqual([{ id: 'changes-data', shown_by: ['execute_sql'] }]);
  });

  it('says read-only only when every tool says so', () => {
    const readOnly = capabilitiesOf({
      kind: 'mcp-server',
      tools: [tool('query_docs', { readOnlyHint: true })],
    });
    expect(readOnly.map((capability) => capability.id)).toEqual(['read-only']);
    const mixed = capabilitiesOf({
      kind: 'mcp-server',
      tools: [tool('query_docs', { readOnlyHint: true }), tool('send_message')],
    });
    expect(mixed.map((capability) => capability.id)).toEqual(['sends-messages']);
  });

  it('reads a skill: scripts it ships', () => {
    const found = capabilitiesOf({
      kind: 'skill',
      files: [{ path: 'SKILL.md' }, { path: 'scripts/fill_form.py' }, { path: 'reference.md' }],
    });
    expect(found).toEqual([{ id: 'ships-scripts', shown_by: ['scripts/fill_form.py'] }]);
  });

  it('says nothing without a snapshot', () => {
    expect(capabilitiesOf(undefined)).toEqual([]);
    expect(capabilitiesOf({ kind: 'mcp-server', tools: [] })).toEqual([]);
  });
});

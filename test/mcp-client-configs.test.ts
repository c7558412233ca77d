/**
 * The README's agent-client snippets are the ones `clientConfigs` makes, so the README and the site
 * cannot drift apart, and each client gets its own shape.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientConfigs } from '../src/core/agent-config/client-configs.ts';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const LOCAL = 'http://localhost:4321/mcp';

describe('agent client configuration', () => {
  it('is in the README for every client, exactly as generated', () => {
    const configs = clientConfigs(LOCAL);
    expect(configs.map((config) => config.client)).toEqual([
      'Claude Code',
      'Cursor',
      'VS Code',
      'Windsurf',
      'Gemini CLI',
    ]);
    for (const config of configs) {
      expect(README, config.client).toContain(`**${config.client}**: \`${config.file}\` (${config.note})`);
      expect(README, config.client).toContain(`\`\`\`json\n${config.json}\n\`\`\``);
      if (config.command) expect(README, config.client).toContain(`\`${config.command}\``);
    }
  });

  it('uses the key each client reads the URL from', () => {
    const entries = clientConfigs('https://afscore.example/mcp').map((config) => {
      const parsed = JSON.parse(config.json) as Record<string, Record<string, Record<string, string>>>;
      const [map] = Object.keys(parsed);
      return [config.client, map, parsed[map!]!.afscore];
    });
    expect(entries).toEqual([
      ['Claude Code', 'mcpServers', { type: 'http', url: 'https://afscore.example/mcp' }],
      ['Cursor', 'mcpServers', { url: 'https://afscore.example/mcp' }],
      ['VS Code', 'servers', { type: 'http', url: 'https://afscore.example/mcp' }],
      ['Windsurf', 'mcpServers', { serverUrl: 'https://afscore.example/mcp' }],
      ['Gemini CLI', 'mcpServers', { httpUrl: 'https://afscore.example/mcp' }],
    ]);
  });
});

/**
 * Copy-ready text for the package page: the badge in Markdown and HTML, the Shields endpoint URL,
 * and how to install or connect the package, with a placeholder for every value it needs. The
 * install plan comes from the core (core/agent-config/package-install.ts); this module only shapes
 * it into the commands and files agent clients read.
 */
import { installPlan, shellWord } from '../core/agent-config/package-install.ts';
import type { PackageRecord } from '../core/catalogue/catalogue-types.ts';

export interface Snippet {
  label: string;
  text: string;
}

/** Markdown image text: brackets and backslashes would end or bend the alt text. */
function markdownAlt(text: string): string {
  return text.replace(/[\\[\]]/g, (character) => `\\${character}`);
}

function htmlAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export function badgeSnippets(baseUrl: string, record: Pick<PackageRecord, 'id' | 'name'>): Snippet[] {
  const badge = `${baseUrl}/badge/${record.id}.svg`;
  const page = `${baseUrl}/packages/${record.id}`;
  const alt = `afscore of ${record.name}`;
  const endpoint = `${baseUrl}/badge/${record.id}.json`;
  return [
    { label: 'Markdown', text: `[![${markdownAlt(alt)}](${badge})](${page})` },
    {
      label: 'HTML',
      text: `<a href="${page}"><img src="${badge}" alt="${htmlAttribute(alt)}" height="20"></a>`,
    },
    {
      label: 'Shields endpoint (restyle it through shields.io)',
      text: `https://img.shields.io/endpoint?url=${encodeURIComponent(endpoint)}&style=flat-square`,
    },
  ];
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

const CHANNEL_NAMES = { npm: 'npm', pypi: 'PyPI', oci: 'container' } as const;

/**
 * How to run or reach the package, one group per way it is distributed, each with a placeholder
 * for every value it needs (core/agent-config/package-install.ts decides npx, uvx or docker).
 */
export function installSnippets(
  record: Pick<PackageRecord, 'id' | 'distribution' | 'repository' | 'configuration'>,
): Snippet[] {
  const plan = installPlan(record);
  const snippets: Snippet[] = [];
  for (const local of plan.local) {
    const channel = CHANNEL_NAMES[local.channel];
    const envOptions = Object.entries(local.env).map(([name, value]) => `--env ${name}=${shellWord(value)}`);
    const entry = {
      command: local.command,
      args: local.args,
      ...(Object.keys(local.env).length > 0 ? { env: local.env } : {}),
    };
    snippets.push({ label: `Command line (${channel})`, text: local.shell });
    snippets.push({
      label: `Claude Code (${channel})`,
      text: [
        'claude mcp add',
        record.id,
        ...envOptions,
        '--',
        local.command,
        ...local.args.map(shellWord),
      ].join(' '),
    });
    snippets.push({
      label: `mcpServers entry (${channel}): Claude Desktop, Cursor, Windsurf`,
      text: json({ mcpServers: { [record.id]: entry } }),
    });
  }
  if (plan.remote) {
    const { url, headers } = plan.remote;
    const headerOptions = Object.entries(headers).map(
      ([name, value]) => `--header ${shellWord(`${name}: ${value}`)}`,
    );
    snippets.push({ label: 'Remote endpoint (Streamable HTTP)', text: url });
    snippets.push({
      label: 'Claude Code (remote)',
      text: ['claude mcp add --transport http', record.id, url, ...headerOptions].join(' '),
    });
    snippets.push({
      label: 'mcpServers entry (remote)',
      text: json({
        mcpServers: {
          [record.id]: { type: 'http', url, ...(Object.keys(headers).length > 0 ? { headers } : {}) },
        },
      }),
    });
  }
  if (plan.skill) {
    snippets.push({
      label: 'Skill folder',
      text: `git clone --depth 1 ${plan.skill.repository}\n# then copy the folder ${plan.skill.folder} into your agent's skills folder (for Claude Code: ~/.claude/skills/)`,
    });
  }
  return snippets;
}

/**
 * Copy-ready text for the package page: the badge in Markdown and HTML, the Shields endpoint URL,
 * and how to install or connect the package. Install commands come from the agent guide's
 * `install` hints (the core decides npx for npm, uvx for PyPI, docker for OCI); this module only
 * reshapes them into the files agent clients read.
 */
import type { AgentGuide } from '../core/agent-guide/agent-guide.ts';
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

/** How to run or reach the package, one snippet per way it is distributed. */
export function installSnippets(
  record: Pick<PackageRecord, 'id' | 'distribution' | 'repository'>,
  guide: Pick<AgentGuide, 'install'>,
): Snippet[] {
  const snippets: Snippet[] = [];
  for (const [channel, hint] of Object.entries(guide.install)) {
    if (channel === 'remote') {
      snippets.push({ label: 'Remote endpoint (Streamable HTTP)', text: hint });
      snippets.push({
        label: 'Claude Code',
        text: `claude mcp add --transport http ${record.id} ${hint}`,
      });
    } else if (channel === 'skill') {
      snippets.push({
        label: 'Skill folder',
        text: `git clone --depth 1 ${record.repository}\n# then copy the folder ${record.distribution.skill} into your agent's skills folder (for Claude Code: ~/.claude/skills/)`,
      });
    } else {
      const [command, ...args] = hint.split(' ');
      snippets.push({ label: `Command line (${channel})`, text: hint });
      snippets.push({
        label: `mcpServers entry (${channel}): Claude Desktop, Claude Code, Cursor`,
        text: json({ mcpServers: { [record.id]: { command, args } } }),
      });
    }
  }
  return snippets;
}

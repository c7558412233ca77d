/** What an import added, skipped and rejected, and why: for the terminal, `--report` and the pull request. */
import { escapeMarkdown } from '../text/markdown-escape.ts';
import type { Verdict } from './import-candidates.ts';

export interface ImportReport {
  source: 'mcp-registry' | 'npm' | 'skills';
  started_at: string;
  finished_at: string;
  dry_run: boolean;
  requests: number;
  /** Where the listing stopped early, if it did. */
  incomplete: string | null;
  added: { id: string; ref: string; category: string; needs_review: string[] }[];
  skipped: { ref: string; reason: string }[];
  rejected: { ref: string; reason: string }[];
}

export function reportVerdicts(
  verdicts: readonly Verdict[],
): Pick<ImportReport, 'added' | 'skipped' | 'rejected'> {
  return {
    added: verdicts.flatMap((verdict) =>
      verdict.kind === 'added'
        ? [{ id: verdict.id, ref: verdict.ref, category: verdict.pkg.category, needs_review: verdict.review }]
        : [],
    ),
    skipped: verdicts.flatMap((verdict) =>
      verdict.kind === 'skipped' ? [{ ref: verdict.ref, reason: verdict.reason }] : [],
    ),
    rejected: verdicts.flatMap((verdict) =>
      verdict.kind === 'rejected' ? [{ ref: verdict.ref, reason: verdict.reason }] : [],
    ),
  };
}

export function importLine(report: ImportReport): string {
  return `${report.added.length} added, ${report.skipped.length} skipped, ${report.rejected.length} rejected`;
}

const SOURCE_TITLE = {
  'mcp-registry': 'the MCP Registry',
  npm: 'npm',
  skills: 'a skills repository',
} as const;

export function importMarkdown(report: ImportReport): string {
  const cell = escapeMarkdown;
  const lines = [
    `### Import from ${SOURCE_TITLE[report.source]}`,
    '',
    `${importLine(report)}.${report.incomplete ? ` ⚠ Stopped early: ${cell(report.incomplete)}` : ''}`,
  ];
  if (report.added.length > 0) {
    lines.push('', '| Package | From | Category (assigned by rule: review it) |', '| --- | --- | --- |');
    for (const added of report.added)
      lines.push(`| \`${added.id}\` | ${cell(added.ref)} | ${added.category} |`);
  }
  const list = (title: string, entries: { ref: string; reason: string }[]) => {
    if (entries.length === 0) return;
    lines.push('', `<details><summary>${title} (${entries.length})</summary>`, '');
    for (const entry of entries) lines.push(`- ${cell(entry.ref)}: ${cell(entry.reason)}`);
    lines.push('', '</details>');
  };
  list('Skipped', report.skipped);
  list('Rejected', report.rejected);
  return lines.join('\n');
}

/**
 * What a sync run did, counted and written up: for the terminal, for `--report` (JSON) and for the
 * pull request the daily workflow opens (Markdown). Package and registry text is escaped: it comes
 * from publishers.
 */
import { escapeMarkdown } from '../text/markdown-escape.ts';
import type { FieldChange } from './apply-sync.ts';

export interface PackageSyncResult {
  id: string;
  changes: FieldChange[];
  factChanges: string[];
  notes: string[];
  failures: { source: string; message: string }[];
}

export interface SyncCounts {
  selected: number;
  /** Done by an earlier, interrupted run of the same selection. */
  resumed: number;
  checked: number;
  updated: number;
  unchanged: number;
  failed: number;
  new_versions: number;
  deprecated: number;
  removed: number;
}

export interface SyncReport {
  started_at: string;
  finished_at: string;
  duration_ms: number;
  dry_run: boolean;
  sources: string[];
  requests: number;
  not_modified: number;
  retries: number;
  /** Things that went wrong for the whole run, such as a source given up on. */
  warnings: string[];
  counts: SyncCounts;
  packages: PackageSyncResult[];
}

export function countResults(
  results: readonly PackageSyncResult[],
  selected: number,
  resumed: number,
): SyncCounts {
  const has = (result: PackageSyncResult, field: FieldChange['field']) =>
    result.changes.some((change) => change.field === field && change.to !== null);
  return {
    selected,
    resumed,
    checked: results.length,
    updated: results.filter((result) => result.changes.length > 0).length,
    unchanged: results.filter((result) => result.changes.length === 0 && result.failures.length === 0).length,
    failed: results.filter((result) => result.failures.length > 0).length,
    new_versions: results.filter((result) => has(result, 'version')).length,
    deprecated: results.filter((result) => has(result, 'deprecated')).length,
    removed: results.filter((result) => has(result, 'removed')).length,
  };
}

export function countsLine(counts: SyncCounts): string {
  const resumed = counts.resumed > 0 ? ` (${counts.resumed} more done before the interruption)` : '';
  return (
    `${counts.checked} checked${resumed}: ${counts.updated} updated, ${counts.unchanged} unchanged, ` +
    `${counts.failed} failed; ${counts.new_versions} new versions, ${counts.deprecated} deprecated, ` +
    `${counts.removed} removed`
  );
}

export function changeText(change: FieldChange): string {
  if (change.field === 'version') return `version ${change.from ?? '(none)'} → ${change.to}`;
  if (change.field === 'removed') return `removed: ${change.to}`;
  if (change.field === 'deprecated')
    return change.to === null ? 'no longer deprecated' : `deprecated: ${change.to}`;
  return `${change.field} ${change.from ?? '(none)'} → ${change.to ?? '(none)'}`;
}

const cell = escapeMarkdown;

export function syncMarkdown(report: SyncReport): string {
  const { counts } = report;
  const lines = [
    '### Registry sync',
    '',
    '| Checked | Updated | Unchanged | Failed | New versions | Deprecated | Removed |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${counts.checked} | ${counts.updated} | ${counts.unchanged} | ${counts.failed} | ${counts.new_versions} | ${counts.deprecated} | ${counts.removed} |`,
    '',
    `Sources: ${report.sources.join(', ')}. ${report.requests} requests (${report.not_modified} not modified, ${report.retries} retried) in ${(report.duration_ms / 1000).toFixed(1)} s.`,
  ];
  for (const warning of report.warnings) lines.push('', `⚠ ${cell(warning)}`);
  const changed = report.packages.filter((result) => result.changes.length > 0 || result.failures.length > 0);
  if (changed.length > 0) {
    lines.push('', '| Package | What changed |', '| --- | --- |');
    for (const result of changed) {
      const what = [
        ...result.changes.map(changeText),
        ...result.failures.map((failure) => `⚠ ${failure.source}: ${failure.message}`),
      ];
      lines.push(`| \`${result.id}\` | ${what.map(cell).join('<br>')} |`);
    }
  }
  const notes = report.packages.flatMap((result) =>
    result.notes.map((note) => `- \`${result.id}\`: ${cell(note)}`),
  );
  if (notes.length > 0) lines.push('', 'Kept as maintainers set them:', '', ...notes);
  return lines.join('\n');
}

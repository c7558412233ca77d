/** The daily pull request's title, body and labels, from the sync and import reports. */
import { type ImportReport, importMarkdown } from './import-report.ts';
import { type SyncReport, syncMarkdown } from './sync-report.ts';

export const SYNC_BRANCH = 'registry-sync';
export const SYNC_LABELS = ['registry-sync'];

export function syncPullRequestText(input: {
  date: string;
  sync: SyncReport | null;
  imports: readonly ImportReport[];
  files: number;
}): { title: string; body: string; message: string } {
  const parts: string[] = [];
  const counts = input.sync?.counts;
  if (counts) {
    if (counts.new_versions > 0)
      parts.push(`${counts.new_versions} new version${counts.new_versions === 1 ? '' : 's'}`);
    if (counts.deprecated > 0) parts.push(`${counts.deprecated} deprecated`);
    if (counts.removed > 0) parts.push(`${counts.removed} removed`);
  }
  const added = input.imports.reduce((sum, report) => sum + report.added.length, 0);
  if (added > 0) parts.push(`${added} added`);
  const title = `Registry sync ${input.date}: ${parts.length > 0 ? parts.join(', ') : 'registry facts refreshed'}`;
  const body = [
    `The daily registry sync changed ${input.files} file${input.files === 1 ? '' : 's'} under data/. CI validates them like any data change; added packages carry \`needs_review\` for the fields a rule assigned.`,
    ...(input.sync ? ['', syncMarkdown(input.sync)] : []),
    ...input.imports.flatMap((report) => ['', importMarkdown(report)]),
    '',
    'This branch is rebuilt from the default branch on every run; merging it takes the newest sync.',
  ].join('\n');
  return { title, body, message: `${title}\n\nWritten by afscore sync and afscore import.` };
}

/**
 * Monthly download counts from a table instead of npm's downloads API, for a machine that reaches
 * the registry but not that API (or a mirror's published list): tab-separated, a header row naming
 * a `name` column and a count column (`downloads_a_month`, `downloads_monthly` or `downloads`),
 * one package a line. A row whose count is not a whole number is skipped and counted.
 */

const COUNT_COLUMNS = ['downloads_a_month', 'downloads_monthly', 'downloads'] as const;

export type DownloadsTable =
  | { ok: true; counts: ReadonlyMap<string, number>; skipped: number }
  | { ok: false; message: string };

export function parseDownloadsTable(text: string): DownloadsTable {
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? '').split('\t').map((cell) => cell.trim().toLowerCase());
  const nameAt = header.indexOf('name');
  const countAt = header.findIndex((cell) => (COUNT_COLUMNS as readonly string[]).includes(cell));
  if (nameAt === -1 || countAt === -1) {
    return {
      ok: false,
      message: `its first line must name the columns, tab-separated: "name" and one of ${COUNT_COLUMNS.join(', ')}`,
    };
  }
  const counts = new Map<string, number>();
  let skipped = 0;
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const cells = line.split('\t');
    const name = cells[nameAt]?.trim() ?? '';
    const count = Number(cells[countAt]?.trim() ?? '');
    if (name === '' || !Number.isSafeInteger(count) || count < 0) skipped += 1;
    else counts.set(name, count);
  }
  return { ok: true, counts, skipped };
}

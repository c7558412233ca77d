/**
 * What the package and queue pages say about a package's registries: the version a score is for
 * against the latest release ("needs re-evaluation since"), a deprecation, and when each registry
 * was last asked. Plain text; the pages escape it.
 */
import type { PackageRecord, QueueEntry } from '../core/catalogue/catalogue-types.ts';
import { formatCount, formatDate } from './format.ts';

const REGISTRY_LABELS = { npm: 'npm', pypi: 'PyPI', 'mcp-registry': 'MCP Registry' } as const;

/** "Needs re-evaluation since 2.2.0: the score shown is for 2.1.0, evaluated 3 Oct 2026." */
export function versionNotice(
  record: Pick<PackageRecord, 'version' | 'evaluated_version' | 'last_evaluated_at'>,
): string | null {
  if (record.version === null || record.evaluated_version === null) return null;
  if (record.version === record.evaluated_version) return null;
  return `Needs re-evaluation since ${record.version}: the score shown is for ${record.evaluated_version}, evaluated ${formatDate(record.last_evaluated_at)}.`;
}

export function deprecationNotice(record: Pick<PackageRecord, 'deprecated'>): string | null {
  if (record.deprecated === null) return null;
  return `${record.deprecated.reason} (noted ${formatDate(record.deprecated.date)}). It still installs, but its maintainers point elsewhere.`;
}

export interface RegistryFact {
  label: string;
  text: string;
  href: string;
}

/** One line per registry: latest version, when it was published, when afscore last asked. */
export function registryFacts(record: Pick<PackageRecord, 'registry'>): RegistryFact[] {
  return record.registry.sources.map((source) => {
    const status =
      source.status === 'ok'
        ? [
            source.latest_version ? `latest ${source.latest_version}` : null,
            source.published_at ? `published ${formatDate(source.published_at)}` : null,
          ]
        : [
            source.status === 'unpublished'
              ? 'unpublished'
              : source.status === 'deleted'
                ? 'deleted'
                : 'not found',
          ];
    const downloads =
      source.registry === 'npm' && record.registry.downloads_monthly !== null
        ? `${formatCount(record.registry.downloads_monthly)} downloads last month`
        : null;
    const parts = [...status, downloads, `checked ${formatDate(source.checked_at)}`].filter(
      (part): part is string => part !== null,
    );
    return { label: REGISTRY_LABELS[source.registry], text: parts.join(' · '), href: source.url };
  });
}

/**
 * The queue's version line: what to evaluate, and what the score is for when that differs. How
 * much it is used and a deprecation count in its priority, which the row lists beside it.
 */
export function queueVersionText(entry: Pick<QueueEntry, 'version' | 'evaluated_version'>): string {
  const parts = [
    entry.version ? `version ${entry.version}` : null,
    entry.evaluated_version && entry.evaluated_version !== entry.version
      ? `score for ${entry.evaluated_version}`
      : null,
  ];
  return parts.filter((part): part is string => part !== null).join(' · ');
}

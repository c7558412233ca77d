/**
 * Everything the package page shows, in the order a reader needs it: what it does, how to install
 * it (with placeholders for what it needs), what it can do, then the score and its reasons, and
 * the evidence folded below. The page only lays this out.
 */
import { installPlan } from '../../core/agent-config/package-install.ts';
import { type AgentGuide, agentGuideFor } from '../../core/agent-guide/agent-guide.ts';
import type { CheckView, PackageDetail, PackageRecord } from '../../core/catalogue/catalogue-types.ts';
import { packageDetail } from '../../core/catalogue/check-views.ts';
import { DIMENSION_TITLES, DIMENSIONS, type Dimension } from '../../core/rubric/dimensions.ts';
import { type CapNote, capNotes } from '../caps.ts';
import { formatScore } from '../format.ts';
import { deprecationNotice, type RegistryFact, registryFacts, versionNotice } from '../registry-notes.ts';
import { wrongScoreUrl } from '../site-links.ts';
import { badgeSnippets, installSnippets, type Snippet } from '../snippets.ts';
import { type CapabilityLine, capabilityLines } from './capabilities.ts';
import { type LicenceFinding, licenceFinding } from './licence.ts';
import { basisSentences } from './score-basis.ts';

export interface DimensionGroup {
  dimension: Dimension;
  title: string;
  score: number | null;
  weight: number;
  checks: CheckView[];
  /** Whether any of its checks failed, partly passed or erred. */
  hasFailures: boolean;
}

export interface CapView {
  note: CapNote;
  /** The failed checks that set it off. */
  causes: CheckView[];
  /** For the no-licence cap: where the evaluation looked and what it found. */
  licence: LicenceFinding | null;
}

export interface SettingView {
  kind: 'environment' | 'argument' | 'header';
  name: string;
  description: string;
  secret: boolean;
}

export interface PackagePageView {
  record: PackageRecord;
  detail: PackageDetail;
  guide: AgentGuide;
  title: string;
  description: string;
  scored: boolean;
  install: Snippet[];
  settings: SettingView[];
  capabilities: CapabilityLine[];
  caps: CapView[];
  basis: string[];
  licence: LicenceFinding | null;
  groups: DimensionGroup[];
  historyCapped: boolean;
  badges: Snippet[];
  wrongScoreUrl: string;
  /** What stands in for the score pill when there is no score. */
  noScore: string | null;
  /** The registries' word on this package: a deprecation, a newer version, when each was asked. */
  registry: { deprecation: string | null; version: string | null; facts: RegistryFact[] };
}

const FAILED = new Set(['fail', 'partial', 'error']);

/** "DBHub: af score 97.5 (A)" for the title bar, search results and link previews. */
export function packageTitle(record: Pick<PackageRecord, 'name' | 'af_score' | 'grade' | 'flags'>): string {
  if (record.af_score !== null)
    return `${record.name}: af score ${formatScore(record.af_score)}${record.grade ? ` (${record.grade})` : ''}`;
  if (record.flags.includes('does-not-start')) return `${record.name}: did not start`;
  return `${record.name}: not yet evaluated`;
}

/** The link preview's text: what it is, then its score and what that rests on. */
function previewDescription(record: PackageRecord): string {
  const basis = record.score_basis;
  if (record.af_score === null || basis === null) return record.description;
  const capped = basis.caps.length > 0 ? ', capped' : '';
  const evaluations = `${basis.evaluations_counted} evaluation${basis.evaluations_counted === 1 ? '' : 's'}`;
  return `${record.description} af score ${formatScore(record.af_score)}${capped} (${evaluations}).`;
}

export function packagePageView(
  record: PackageRecord,
  site: { repositoryUrl: string; baseUrl: string },
): PackagePageView {
  const detail = packageDetail(record);
  const licence = licenceFinding(record);
  const failedChecks = (ids: readonly string[]) =>
    detail.checks.filter(
      (check) => ids.includes(check.id) && (check.status === 'fail' || check.status === 'error'),
    );
  // Caps that hold a published score down; a package that did not start has no score to hold.
  const caps =
    record.af_score === null
      ? []
      : capNotes(record.caps_applied)
          .filter((note) => !note.unrunnable)
          .map((note) => ({
            note,
            causes: failedChecks(note.triggeredBy),
            licence: note.id === 'no-licence' ? licence : null,
          }));
  const groups = DIMENSIONS.map((dimension) => {
    const checks = detail.checks.filter((check) => check.dimension === dimension);
    return {
      dimension,
      title: DIMENSION_TITLES[dimension],
      score: detail.dimensions[dimension].score,
      weight: detail.dimensions[dimension].weight,
      checks,
      hasFailures: checks.some((check) => FAILED.has(check.status)),
    };
  });
  return {
    record,
    detail,
    guide: agentGuideFor(record),
    title: packageTitle(record),
    description: previewDescription(record),
    scored: record.evaluations.length > 0,
    install: installSnippets(record),
    settings: installPlan(record).required,
    capabilities: capabilityLines(record.capabilities),
    caps,
    basis: record.score_basis ? basisSentences(record.score_basis) : [],
    licence,
    groups,
    historyCapped: record.evaluations.some((entry) => entry.caps_applied.length > 0),
    badges: badgeSnippets(site.baseUrl, record),
    wrongScoreUrl: wrongScoreUrl(site.repositoryUrl, record, record.representative_evaluation_id),
    noScore:
      record.af_score !== null
        ? null
        : record.flags.includes('does-not-start')
          ? 'none: it did not start'
          : 'none yet',
    registry: {
      deprecation: deprecationNotice(record),
      version: versionNotice(record),
      facts: registryFacts(record),
    },
  };
}

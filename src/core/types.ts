/**
 * The domain's data shapes. Input shapes (`PackageFile`, `EvaluationDocument`, …) mirror the JSON
 * Schemas in `schemas/`; derived shapes (`PackageRecord`, `Catalogue`, …) are what the build writes.
 */
import type { PackageConfiguration } from './agent-config/package-configuration.ts';
import type {
  CheckStatus,
  Dimension,
  EvaluationScoreStatus,
  EvaluatorKind,
  Grade,
  PackageKind,
  Severity,
} from './vocabulary.ts';

// The vocabulary is written once, in vocabulary.ts; these re-exports keep the domain's shapes and
// their words importable from one place.
export type {
  CheckMethod,
  CheckStatus,
  Confidence,
  EvaluationScoreStatus,
  EvaluationStatusText,
  Grade,
  PackageKind,
  Relationship,
  Severity,
  TierName,
} from './vocabulary.ts';
export {
  CHECK_STATUSES,
  PACKAGE_KINDS,
  RELATIONSHIPS,
  SEVERITIES,
} from './vocabulary.ts';

// ---------------------------------------------------------------------------------------------
// Repository inputs

export interface Distribution {
  npm?: string;
  pypi?: string;
  oci?: string;
  remote?: string;
  skill?: string;
}

export interface Removal {
  date: string;
  reason: string;
}

/** The registry (npm, PyPI, the MCP Registry) marked the package deprecated; it stays listed. */
export interface Deprecation {
  date: string;
  reason: string;
}

/** Fields an import filled in by rule, which a maintainer should confirm (then delete the entry). */
export const REVIEW_FIELDS = ['category', 'name', 'description'] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];

/** `data/packages/<id>.md` frontmatter after normalisation (dates as `YYYY-MM-DD` strings). */
export interface PackageFile {
  id: string;
  name: string;
  kind: PackageKind;
  category: string;
  description: string;
  repository: string;
  homepage?: string;
  distribution: Distribution;
  version?: string;
  license?: string | null;
  configuration?: PackageConfiguration;
  requests?: number;
  keywords?: string[];
  maintainers: string[];
  added: string;
  removed?: Removal;
  deprecated?: Deprecation;
  needs_review?: ReviewField[];
  /** Markdown body of the file: the long description. */
  body: string;
}

/** `data/categories/<slug>.md` frontmatter plus body. */
export interface CategoryFile {
  slug: string;
  name: string;
  description: string;
  body: string;
}

export interface Evidence {
  /** A JSON pointer into the document's `inputs`, or path:line in the package. */
  location: string;
  /** Readable field path: `tools[get_weather].inputSchema.properties.notes.description`. */
  path?: string;
  /** Where the evaluator saw it: client identity, connection, and after which call. */
  face?: string;
  /** How grave this finding is on its own; the check's outcome follows the gravest. */
  severity?: Severity;
  excerpt?: string;
  value?: number | string | boolean;
}

export interface CheckResult {
  id: string;
  /** From the rubric version the document names (required from 2.1 on): so a reader needs no catalogue. */
  dimension?: Dimension;
  severity?: Severity;
  status: CheckStatus;
  /** Graded credit in [0, 1] for `partial`; implied 1 for pass and 0 for fail. */
  value?: number;
  unit?: string;
  message?: string;
  evidence?: Evidence[];
  duration_ms?: number;
  llm?: {
    prompt_id: string;
    prompt_sha256: string;
    input_sha256: string;
    scale?: number;
  };
}

export interface DimensionScoreReport {
  score: number | null;
  coverage: number | null;
}

export interface ScoresReport {
  status: EvaluationScoreStatus;
  af_score: number | null;
  grade: Grade | null;
  caps_applied: string[];
  dimensions: Record<Dimension, DimensionScoreReport>;
}

export interface LlmConfig {
  provider: string;
  model: string;
  temperature: number;
  prompts: { id: string; sha256: string }[];
}

export interface EvaluationDocument {
  $schema?: string;
  schema_version: '2.0';
  rubric_version: string;
  evaluation_id: string;
  package: { id: string; kind: PackageKind; version: string };
  subject: {
    artifact: string;
    digest: string;
    transport: 'stdio' | 'streamable-http' | 'sse' | 'skill-folder';
    tools_list_sha256?: string;
  };
  contributor: { login: string };
  disclosure: { affiliated: boolean; relationship: string; statement?: string };
  evaluator: {
    kind: EvaluatorKind;
    name: string;
    version: string;
    config_sha256: string;
    guide_version?: string;
    llm?: LlmConfig | null;
  };
  environment?: { os?: string; arch?: string; runtime?: string; sandbox?: string | SandboxRecord };
  timestamps: { started_at: string; finished_at: string };
  checks: CheckResult[];
  scores: ScoresReport;
  metrics?: Record<string, number>;
  inputs?: Record<string, unknown>;
  notes?: string;
}

/**
 * How the evaluated package was contained (`environment.sandbox`). Older documents hold a sentence
 * instead; from rubric 2.1 the evaluator writes this record.
 */
export interface SandboxRecord {
  /** `bubblewrap`, or `none` for a run without a sandbox; an agent names what it used. */
  tool: string;
  version?: string;
  namespaces?: ('user' | 'pid' | 'mount' | 'ipc' | 'uts' | 'network' | 'cgroup')[];
  /** Whether the server could reach the network. */
  network: 'none' | 'full';
  /** Hosts install steps could reach through the evaluator's proxy. */
  install_hosts?: string[];
  /** Whether the package's install scripts ran (in the sandbox) or were skipped. */
  install_scripts?: 'sandboxed' | 'skipped';
  limits?: {
    memory_bytes?: number;
    total_memory_bytes?: number;
    processes?: number;
    cpu_seconds?: number;
    wall_seconds?: number;
    file_size_bytes?: number;
    open_files?: number;
  };
}

/** The recorded outcome of an operator's spot-check re-run (`data/spot-checks/<evaluation-id>.md`). */
export interface SpotCheckFile {
  evaluation_id: string;
  package_id: string;
  outcome: 'confirmed' | 'diverged';
  checked_at: string;
  checked_by: string;
  rerun_af_score: number | null;
  body: string;
}

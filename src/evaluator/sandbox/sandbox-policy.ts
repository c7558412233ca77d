/**
 * The sandbox's tunables, as data: what each step of an evaluation may use, which hosts the
 * install steps may reach, and what of the host the sandbox shows. The evaluation guide ("The
 * sandbox") states the same numbers; change both together.
 */

/** The steps of an evaluation that run package code (or, for `fetch`, npm on the package's files). */
export type StepName = 'fetch' | 'scripts' | 'run' | 'parse';

export interface ProcessLimits {
  /** Per process: RLIMIT_DATA (heap and private mappings); an allocation past it fails. */
  memoryBytes: number;
  /** The whole sandbox: resident memory of all its processes, sampled; above it the sandbox is killed. */
  totalMemoryBytes: number;
  /** RLIMIT_NPROC in the sandbox's own user namespace: processes and threads together. */
  processes: number;
  /** Per process: RLIMIT_CPU; SIGXCPU at the limit, SIGKILL 5 s later. */
  cpuSeconds: number;
  /** The whole sandbox: the evaluator kills it after this long. */
  wallSeconds: number;
  /** Per file: RLIMIT_FSIZE; a longer write fails (SIGXFSZ or EFBIG). */
  fileSizeBytes: number;
  /** Per process: RLIMIT_NOFILE. */
  openFiles: number;
}

const GiB = 1024 ** 3;

const BASE: ProcessLimits = {
  memoryBytes: 2 * GiB,
  totalMemoryBytes: 4 * GiB,
  // Node alone runs about ten threads, and every thread counts against RLIMIT_NPROC.
  processes: 512,
  cpuSeconds: 300,
  wallSeconds: 900,
  fileSizeBytes: GiB,
  openFiles: 4096,
};

export const STEP_LIMITS: Readonly<Record<StepName, ProcessLimits>> = {
  fetch: { ...BASE, wallSeconds: 300 },
  // Native builds (node-gyp, make, g++) take CPU.
  scripts: { ...BASE, cpuSeconds: 600, wallSeconds: 900 },
  run: BASE,
  parse: { ...BASE, cpuSeconds: 10, wallSeconds: 10 },
};

/** How often the evaluator samples the sandbox's processes (memory, process count, CPU). */
export const SAMPLE_INTERVAL_MS = 200;

/** A process this close to its memory limit (RLIMIT_DATA) is counted as having hit it. */
export const NEAR_LIMIT_SHARE = 0.85;

/**
 * Hosts install scripts may reach through the install proxy, besides the npm registry the
 * evaluator's npm is configured with: where native modules fetch prebuilt binaries (GitHub
 * releases) and node-gyp fetches Node's headers. Nothing else, and never loopback or the LAN.
 */
export const SCRIPT_HOSTS: readonly string[] = [
  'github.com',
  'objects.githubusercontent.com',
  'release-assets.githubusercontent.com',
  'nodejs.org',
];

/**
 * Hosts npm's fetch step may reach besides the configured registry: where npm downloads a
 * dependency given as a GitHub repository or a GitHub tarball URL (`owner/repo#commit`,
 * `https://codeload.github.com/…`, as `@sentry/node` 9 pins `@fastify/otel`). The fetch step runs
 * npm alone, with scripts off (git dependencies' preparation included), so no package code runs.
 */
export const FETCH_HOSTS: readonly string[] = ['codeload.github.com'];

/** Ports the install proxy forwards to. */
export const PROXY_PORTS: readonly number[] = [443, 80];

/** The port the in-sandbox end of the install proxy listens on (inside the sandbox's own loopback). */
export const PROXY_PORT_INSIDE = 3128;

/**
 * When the evaluator runs as root, the sandbox runs as this host user instead, so that a package
 * that escaped would not be root, and so that RLIMIT_NPROC applies (the kernel exempts root).
 */
export const SANDBOX_HOST_UID = 65534;
export const SANDBOX_HOST_GID = 65534;

/** Who the package sees itself as inside the sandbox. */
export const INSIDE_UID = 1000;
export const INSIDE_GID = 1000;
export const INSIDE_USER = 'afscore';
export const INSIDE_HOSTNAME = 'afscore-sandbox';

/** Where the evaluator's own programs (Node, npm, the helpers) appear inside the sandbox. */
export const TOOLS_INSIDE = '/opt/afscore';

/** System folders shown read-only (symlinks, as on merged-/usr systems, are recreated as symlinks). */
export const SYSTEM_DIRS: readonly string[] = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
];

/**
 * The parts of /etc programs need to run, build and speak TLS; everything else (passwd, shadow,
 * the host's name and addresses, npm's and git's configuration) stays hidden. passwd, group and
 * hosts are written fresh for the sandbox.
 */
export const ETC_ENTRIES: readonly string[] = [
  '/etc/alternatives',
  '/etc/ca-certificates',
  '/etc/ssl',
  '/etc/pki',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/localtime',
  '/etc/nsswitch.conf',
  '/etc/protocols',
  '/etc/services',
  '/etc/os-release',
  '/etc/python3',
];

/** Size of the shared-memory folder /dev/shm (a tmpfs: it counts against the host's memory). */
export const SHM_BYTES = 256 * 1024 ** 2;

/** Size of /tmp, a fresh tmpfs for every sandboxed process (TMPDIR points there). */
export const TMP_BYTES = 512 * 1024 ** 2;

/** The command that installs the sandbox on Debian and Ubuntu. */
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y bubblewrap';

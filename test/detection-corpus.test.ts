import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { describe, expect, it } from 'vitest';
import {
  ATTACK_TECHNIQUES,
  type CaseChange,
  type CaseServer,
  CLIENT_REQUEST_TECHNIQUES,
  CORPUS_DIR,
  type CorpusCase,
  formatIssue,
  HELD_OUT_2_DIR,
  HELD_OUT_3_DIR,
  HELD_OUT_4_DIR,
  HELD_OUT_5_DIR,
  HELD_OUT_6_DIR,
  HELD_OUT_7_DIR,
  HELD_OUT_8_DIR,
  HELD_OUT_9_DIR,
  HELD_OUT_10_DIR,
  HELD_OUT_11_DIR,
  HELD_OUT_12_DIR,
  HELD_OUT_13_DIR,
  HELD_OUT_14_DIR,
  HELD_OUT_15_DIR,
  HELD_OUT_16_DIR,
  HELD_OUT_17_DIR,
  HELD_OUT_18_DIR,
  HELD_OUT_19_DIR,
  HELD_OUT_20_DIR,
  HELD_OUT_21_DIR,
  HELD_OUT_22_DIR,
  HELD_OUT_23_DIR,
  HELD_OUT_24_DIR,
  HELD_OUT_25_DIR,
  HELD_OUT_26_DIR,
  HELD_OUT_27_DIR,
  HELD_OUT_28_DIR,
  HELD_OUT_29_DIR,
  HELD_OUT_30_DIR,
  HELD_OUT_31_DIR,
  HELD_OUT_32_DIR,
  HELD_OUT_33_DIR,
  HELD_OUT_34_DIR,
  HELD_OUT_35_DIR,
  HELD_OUT_36_DIR,
  HELD_OUT_37_DIR,
  HELD_OUT_38_DIR,
  HELD_OUT_39_DIR,
  HELD_OUT_40_DIR,
  HELD_OUT_41_DIR,
  HELD_OUT_42_DIR,
  HELD_OUT_43_DIR,
  HELD_OUT_44_DIR,
  HELD_OUT_45_DIR,
  HELD_OUT_46_DIR,
  HELD_OUT_47_DIR,
  HELD_OUT_48_DIR,
  HELD_OUT_49_DIR,
  HELD_OUT_50_DIR,
  HELD_OUT_51_DIR,
  HELD_OUT_52_DIR,
  HELD_OUT_53_DIR,
  HELD_OUT_54_DIR,
  HELD_OUT_55_DIR,
  HELD_OUT_56_DIR,
  HELD_OUT_57_DIR,
  HELD_OUT_58_DIR,
  HELD_OUT_59_DIR,
  HELD_OUT_60_DIR,
  HELD_OUT_61_DIR,
  HELD_OUT_62_DIR,
  HELD_OUT_63_DIR,
  HELD_OUT_64_DIR,
  HELD_OUT_65_DIR,
  HELD_OUT_66_DIR,
  HELD_OUT_67_DIR,
  HELD_OUT_68_DIR,
  HELD_OUT_69_DIR,
  HELD_OUT_70_DIR,
  HELD_OUT_71_DIR,
  HELD_OUT_72_DIR,
  HELD_OUT_73_DIR,
  HELD_OUT_74_DIR,
  HELD_OUT_75_DIR,
  HELD_OUT_76_DIR,
  HELD_OUT_77_DIR,
  HELD_OUT_78_DIR,
  HELD_OUT_79_DIR,
  HELD_OUT_80_DIR,
  HELD_OUT_81_DIR,
  HELD_OUT_82_DIR,
  HELD_OUT_83_DIR,
  HELD_OUT_84_DIR,
  HELD_OUT_85_DIR,
  HELD_OUT_86_DIR,
  HELD_OUT_87_DIR,
  HELD_OUT_88_DIR,
  HELD_OUT_89_DIR,
  HELD_OUT_90_DIR,
  HELD_OUT_DIR,
  type LoadedCase,
  loadCorpus,
  parseCase,
  toolSchemaAjv,
} from './support/corpus.ts';
import {
  type CorpusState,
  newCorpusState,
  openCorpusConnection,
  stateFileFor,
} from './support/corpus-server.ts';
import { useTempDirs } from './support/temp-dir.ts';

const corpus = loadCorpus();
const cases = corpus.map(({ testCase }) => testCase);
const malicious = cases.filter((c) => c.label === 'malicious');
const benign = cases.filter((c) => c.label === 'benign');
// The held-out sets are validated and served like the rest, but never run through the detector here.
const heldOutCorpus = loadCorpus(HELD_OUT_DIR);
const heldOut = heldOutCorpus.map(({ testCase }) => testCase);
const heldOut2Corpus = loadCorpus(HELD_OUT_2_DIR);
const heldOut2 = heldOut2Corpus.map(({ testCase }) => testCase);
const heldOut3Corpus = loadCorpus(HELD_OUT_3_DIR);
const heldOut3 = heldOut3Corpus.map(({ testCase }) => testCase);
const heldOut4Corpus = loadCorpus(HELD_OUT_4_DIR);
const heldOut4 = heldOut4Corpus.map(({ testCase }) => testCase);
const heldOut5Corpus = loadCorpus(HELD_OUT_5_DIR);
const heldOut5 = heldOut5Corpus.map(({ testCase }) => testCase);
const heldOut6Corpus = loadCorpus(HELD_OUT_6_DIR);
const heldOut6 = heldOut6Corpus.map(({ testCase }) => testCase);
const heldOut7Corpus = loadCorpus(HELD_OUT_7_DIR);
const heldOut7 = heldOut7Corpus.map(({ testCase }) => testCase);
const heldOut8Corpus = loadCorpus(HELD_OUT_8_DIR);
const heldOut8 = heldOut8Corpus.map(({ testCase }) => testCase);
const heldOut9Corpus = loadCorpus(HELD_OUT_9_DIR);
const heldOut9 = heldOut9Corpus.map(({ testCase }) => testCase);
const heldOut10Corpus = loadCorpus(HELD_OUT_10_DIR);
const heldOut10 = heldOut10Corpus.map(({ testCase }) => testCase);
const heldOut11Corpus = loadCorpus(HELD_OUT_11_DIR);
const heldOut11 = heldOut11Corpus.map(({ testCase }) => testCase);
const heldOut12Corpus = loadCorpus(HELD_OUT_12_DIR);
const heldOut12 = heldOut12Corpus.map(({ testCase }) => testCase);
const heldOut13Corpus = loadCorpus(HELD_OUT_13_DIR);
const heldOut13 = heldOut13Corpus.map(({ testCase }) => testCase);
const heldOut14Corpus = loadCorpus(HELD_OUT_14_DIR);
const heldOut14 = heldOut14Corpus.map(({ testCase }) => testCase);
const heldOut15Corpus = loadCorpus(HELD_OUT_15_DIR);
const heldOut15 = heldOut15Corpus.map(({ testCase }) => testCase);
const heldOut16Corpus = loadCorpus(HELD_OUT_16_DIR);
const heldOut16 = heldOut16Corpus.map(({ testCase }) => testCase);
const heldOut17Corpus = loadCorpus(HELD_OUT_17_DIR);
const heldOut17 = heldOut17Corpus.map(({ testCase }) => testCase);
const heldOut18Corpus = loadCorpus(HELD_OUT_18_DIR);
const heldOut18 = heldOut18Corpus.map(({ testCase }) => testCase);
const heldOut19Corpus = loadCorpus(HELD_OUT_19_DIR);
const heldOut19 = heldOut19Corpus.map(({ testCase }) => testCase);
const heldOut20Corpus = loadCorpus(HELD_OUT_20_DIR);
const heldOut20 = heldOut20Corpus.map(({ testCase }) => testCase);
const heldOut21Corpus = loadCorpus(HELD_OUT_21_DIR);
const heldOut21 = heldOut21Corpus.map(({ testCase }) => testCase);
const heldOut22Corpus = loadCorpus(HELD_OUT_22_DIR);
const heldOut22 = heldOut22Corpus.map(({ testCase }) => testCase);
const heldOut23Corpus = loadCorpus(HELD_OUT_23_DIR);
const heldOut23 = heldOut23Corpus.map(({ testCase }) => testCase);
const heldOut24Corpus = loadCorpus(HELD_OUT_24_DIR);
const heldOut24 = heldOut24Corpus.map(({ testCase }) => testCase);
const heldOut25Corpus = loadCorpus(HELD_OUT_25_DIR);
const heldOut25 = heldOut25Corpus.map(({ testCase }) => testCase);
const heldOut26Corpus = loadCorpus(HELD_OUT_26_DIR);
const heldOut26 = heldOut26Corpus.map(({ testCase }) => testCase);
const heldOut27Corpus = loadCorpus(HELD_OUT_27_DIR);
const heldOut27 = heldOut27Corpus.map(({ testCase }) => testCase);
const heldOut28Corpus = loadCorpus(HELD_OUT_28_DIR);
const heldOut28 = heldOut28Corpus.map(({ testCase }) => testCase);
const heldOut29Corpus = loadCorpus(HELD_OUT_29_DIR);
const heldOut29 = heldOut29Corpus.map(({ testCase }) => testCase);
const heldOut30Corpus = loadCorpus(HELD_OUT_30_DIR);
const heldOut30 = heldOut30Corpus.map(({ testCase }) => testCase);
const heldOut31Corpus = loadCorpus(HELD_OUT_31_DIR);
const heldOut31 = heldOut31Corpus.map(({ testCase }) => testCase);
const heldOut32Corpus = loadCorpus(HELD_OUT_32_DIR);
const heldOut32 = heldOut32Corpus.map(({ testCase }) => testCase);
const heldOut33Corpus = loadCorpus(HELD_OUT_33_DIR);
const heldOut33 = heldOut33Corpus.map(({ testCase }) => testCase);
const heldOut34Corpus = loadCorpus(HELD_OUT_34_DIR);
const heldOut34 = heldOut34Corpus.map(({ testCase }) => testCase);
const heldOut35Corpus = loadCorpus(HELD_OUT_35_DIR);
const heldOut35 = heldOut35Corpus.map(({ testCase }) => testCase);
const heldOut36Corpus = loadCorpus(HELD_OUT_36_DIR);
const heldOut36 = heldOut36Corpus.map(({ testCase }) => testCase);
const heldOut37Corpus = loadCorpus(HELD_OUT_37_DIR);
const heldOut37 = heldOut37Corpus.map(({ testCase }) => testCase);
const heldOut38Corpus = loadCorpus(HELD_OUT_38_DIR);
const heldOut38 = heldOut38Corpus.map(({ testCase }) => testCase);
const heldOut39Corpus = loadCorpus(HELD_OUT_39_DIR);
const heldOut39 = heldOut39Corpus.map(({ testCase }) => testCase);
const heldOut40Corpus = loadCorpus(HELD_OUT_40_DIR);
const heldOut40 = heldOut40Corpus.map(({ testCase }) => testCase);
const heldOut41Corpus = loadCorpus(HELD_OUT_41_DIR);
const heldOut41 = heldOut41Corpus.map(({ testCase }) => testCase);
const heldOut42Corpus = loadCorpus(HELD_OUT_42_DIR);
const heldOut42 = heldOut42Corpus.map(({ testCase }) => testCase);
const heldOut43Corpus = loadCorpus(HELD_OUT_43_DIR);
const heldOut43 = heldOut43Corpus.map(({ testCase }) => testCase);
const heldOut44Corpus = loadCorpus(HELD_OUT_44_DIR);
const heldOut44 = heldOut44Corpus.map(({ testCase }) => testCase);
const heldOut45Corpus = loadCorpus(HELD_OUT_45_DIR);
const heldOut45 = heldOut45Corpus.map(({ testCase }) => testCase);
const heldOut46Corpus = loadCorpus(HELD_OUT_46_DIR);
const heldOut46 = heldOut46Corpus.map(({ testCase }) => testCase);
const heldOut47Corpus = loadCorpus(HELD_OUT_47_DIR);
const heldOut47 = heldOut47Corpus.map(({ testCase }) => testCase);
const heldOut48Corpus = loadCorpus(HELD_OUT_48_DIR);
const heldOut48 = heldOut48Corpus.map(({ testCase }) => testCase);
const heldOut49Corpus = loadCorpus(HELD_OUT_49_DIR);
const heldOut49 = heldOut49Corpus.map(({ testCase }) => testCase);
const heldOut50Corpus = loadCorpus(HELD_OUT_50_DIR);
const heldOut50 = heldOut50Corpus.map(({ testCase }) => testCase);
const heldOut51Corpus = loadCorpus(HELD_OUT_51_DIR);
const heldOut51 = heldOut51Corpus.map(({ testCase }) => testCase);
const heldOut52Corpus = loadCorpus(HELD_OUT_52_DIR);
const heldOut52 = heldOut52Corpus.map(({ testCase }) => testCase);
const heldOut53Corpus = loadCorpus(HELD_OUT_53_DIR);
const heldOut53 = heldOut53Corpus.map(({ testCase }) => testCase);
const heldOut54Corpus = loadCorpus(HELD_OUT_54_DIR);
const heldOut54 = heldOut54Corpus.map(({ testCase }) => testCase);
const heldOut55Corpus = loadCorpus(HELD_OUT_55_DIR);
const heldOut55 = heldOut55Corpus.map(({ testCase }) => testCase);
const heldOut56Corpus = loadCorpus(HELD_OUT_56_DIR);
const heldOut56 = heldOut56Corpus.map(({ testCase }) => testCase);
const heldOut57Corpus = loadCorpus(HELD_OUT_57_DIR);
const heldOut57 = heldOut57Corpus.map(({ testCase }) => testCase);
const heldOut58Corpus = loadCorpus(HELD_OUT_58_DIR);
const heldOut58 = heldOut58Corpus.map(({ testCase }) => testCase);
const heldOut59Corpus = loadCorpus(HELD_OUT_59_DIR);
const heldOut59 = heldOut59Corpus.map(({ testCase }) => testCase);
const heldOut60Corpus = loadCorpus(HELD_OUT_60_DIR);
const heldOut60 = heldOut60Corpus.map(({ testCase }) => testCase);
const heldOut61Corpus = loadCorpus(HELD_OUT_61_DIR);
const heldOut61 = heldOut61Corpus.map(({ testCase }) => testCase);
const heldOut62Corpus = loadCorpus(HELD_OUT_62_DIR);
const heldOut62 = heldOut62Corpus.map(({ testCase }) => testCase);
const heldOut63Corpus = loadCorpus(HELD_OUT_63_DIR);
const heldOut63 = heldOut63Corpus.map(({ testCase }) => testCase);
const heldOut64Corpus = loadCorpus(HELD_OUT_64_DIR);
const heldOut64 = heldOut64Corpus.map(({ testCase }) => testCase);
const heldOut65Corpus = loadCorpus(HELD_OUT_65_DIR);
const heldOut65 = heldOut65Corpus.map(({ testCase }) => testCase);
const heldOut66Corpus = loadCorpus(HELD_OUT_66_DIR);
const heldOut66 = heldOut66Corpus.map(({ testCase }) => testCase);
const heldOut67Corpus = loadCorpus(HELD_OUT_67_DIR);
const heldOut67 = heldOut67Corpus.map(({ testCase }) => testCase);
const heldOut68Corpus = loadCorpus(HELD_OUT_68_DIR);
const heldOut68 = heldOut68Corpus.map(({ testCase }) => testCase);
const heldOut69Corpus = loadCorpus(HELD_OUT_69_DIR);
const heldOut69 = heldOut69Corpus.map(({ testCase }) => testCase);
const heldOut70Corpus = loadCorpus(HELD_OUT_70_DIR);
const heldOut70 = heldOut70Corpus.map(({ testCase }) => testCase);
const heldOut71Corpus = loadCorpus(HELD_OUT_71_DIR);
const heldOut71 = heldOut71Corpus.map(({ testCase }) => testCase);
const heldOut72Corpus = loadCorpus(HELD_OUT_72_DIR);
const heldOut72 = heldOut72Corpus.map(({ testCase }) => testCase);
const heldOut73Corpus = loadCorpus(HELD_OUT_73_DIR);
const heldOut73 = heldOut73Corpus.map(({ testCase }) => testCase);
const heldOut74Corpus = loadCorpus(HELD_OUT_74_DIR);
const heldOut74 = heldOut74Corpus.map(({ testCase }) => testCase);
const heldOut75Corpus = loadCorpus(HELD_OUT_75_DIR);
const heldOut75 = heldOut75Corpus.map(({ testCase }) => testCase);
const heldOut76Corpus = loadCorpus(HELD_OUT_76_DIR);
const heldOut76 = heldOut76Corpus.map(({ testCase }) => testCase);
const heldOut77Corpus = loadCorpus(HELD_OUT_77_DIR);
const heldOut77 = heldOut77Corpus.map(({ testCase }) => testCase);
const heldOut78Corpus = loadCorpus(HELD_OUT_78_DIR);
const heldOut78 = heldOut78Corpus.map(({ testCase }) => testCase);
const heldOut79Corpus = loadCorpus(HELD_OUT_79_DIR);
const heldOut79 = heldOut79Corpus.map(({ testCase }) => testCase);
const heldOut80Corpus = loadCorpus(HELD_OUT_80_DIR);
const heldOut80 = heldOut80Corpus.map(({ testCase }) => testCase);
const heldOut81Corpus = loadCorpus(HELD_OUT_81_DIR);
const heldOut81 = heldOut81Corpus.map(({ testCase }) => testCase);
const heldOut82Corpus = loadCorpus(HELD_OUT_82_DIR);
const heldOut82 = heldOut82Corpus.map(({ testCase }) => testCase);
const heldOut83Corpus = loadCorpus(HELD_OUT_83_DIR);
const heldOut83 = heldOut83Corpus.map(({ testCase }) => testCase);
const heldOut84Corpus = loadCorpus(HELD_OUT_84_DIR);
const heldOut84 = heldOut84Corpus.map(({ testCase }) => testCase);
const heldOut85Corpus = loadCorpus(HELD_OUT_85_DIR);
const heldOut85 = heldOut85Corpus.map(({ testCase }) => testCase);
const heldOut86Corpus = loadCorpus(HELD_OUT_86_DIR);
const heldOut86 = heldOut86Corpus.map(({ testCase }) => testCase);
const heldOut87Corpus = loadCorpus(HELD_OUT_87_DIR);
const heldOut87 = heldOut87Corpus.map(({ testCase }) => testCase);
const heldOut88Corpus = loadCorpus(HELD_OUT_88_DIR);
const heldOut88 = heldOut88Corpus.map(({ testCase }) => testCase);
const heldOut89Corpus = loadCorpus(HELD_OUT_89_DIR);
const heldOut89 = heldOut89Corpus.map(({ testCase }) => testCase);
const heldOut90Corpus = loadCorpus(HELD_OUT_90_DIR);
const heldOut90 = heldOut90Corpus.map(({ testCase }) => testCase);
/** Every case of every set, each served and checked over MCP below. */
const everyCase = [
  ...cases,
  ...heldOut,
  ...heldOut2,
  ...heldOut3,
  ...heldOut4,
  ...heldOut5,
  ...heldOut6,
  ...heldOut7,
  ...heldOut8,
  ...heldOut9,
  ...heldOut10,
  ...heldOut11,
  ...heldOut12,
  ...heldOut13,
  ...heldOut14,
  ...heldOut15,
  ...heldOut16,
  ...heldOut17,
  ...heldOut18,
  ...heldOut19,
  ...heldOut20,
  ...heldOut21,
  ...heldOut22,
  ...heldOut23,
  ...heldOut24,
  ...heldOut25,
  ...heldOut26,
  ...heldOut27,
  ...heldOut28,
  ...heldOut29,
  ...heldOut30,
  ...heldOut31,
  ...heldOut32,
  ...heldOut33,
  ...heldOut34,
  ...heldOut35,
  ...heldOut36,
  ...heldOut37,
  ...heldOut38,
  ...heldOut39,
  ...heldOut40,
  ...heldOut41,
  ...heldOut42,
  ...heldOut43,
  ...heldOut44,
  ...heldOut45,
  ...heldOut46,
  ...heldOut47,
  ...heldOut48,
  ...heldOut49,
  ...heldOut50,
  ...heldOut51,
  ...heldOut52,
  ...heldOut53,
  ...heldOut54,
  ...heldOut55,
  ...heldOut56,
  ...heldOut57,
  ...heldOut58,
  ...heldOut59,
  ...heldOut60,
  ...heldOut61,
  ...heldOut62,
  ...heldOut63,
  ...heldOut64,
  ...heldOut65,
  ...heldOut66,
  ...heldOut67,
  ...heldOut68,
  ...heldOut69,
  ...heldOut70,
  ...heldOut71,
  ...heldOut72,
  ...heldOut73,
  ...heldOut74,
  ...heldOut75,
  ...heldOut76,
  ...heldOut77,
  ...heldOut78,
  ...heldOut79,
  ...heldOut80,
  ...heldOut81,
  ...heldOut82,
  ...heldOut83,
  ...heldOut84,
  ...heldOut85,
  ...heldOut86,
  ...heldOut87,
  ...heldOut88,
  ...heldOut89,
  ...heldOut90,
];

/** Client names an evaluator may use: its own, other scanners', and ordinary agents'. */
const CLIENT_NAMES = [
  'afscore-evaluator',
  'mcp-scan',
  'mcp-shield',
  'mcp-inspector',
  'claude-code',
  'cursor-vscode',
  'claude-ai',
  'Visual Studio Code',
  'windsurf-client',
  'codex-mcp-client',
  'gemini-cli-mcp-client',
  'Zed',
];

const NOTIFICATIONS = {
  tools: ToolListChangedNotificationSchema,
  prompts: PromptListChangedNotificationSchema,
  resources: ResourceListChangedNotificationSchema,
} as const;
type ListKind = keyof typeof NOTIFICATIONS;

/** An SDK client that knows the standard formats, so output schemas compile without warnings. */
function newClient(name: string): Client {
  return new Client(
    { name, version: '1.0.0' },
    { jsonSchemaValidator: new AjvJsonSchemaValidator(toolSchemaAjv()) },
  );
}

interface Connected {
  client: Client;
  notified: Record<ListKind, Promise<void>>;
}

async function connect(testCase: CorpusCase, state: CorpusState, clientName: string): Promise<Connected> {
  const client = newClient(clientName);
  const notified = Object.fromEntries(
    (Object.keys(NOTIFICATIONS) as ListKind[]).map((kind) => [
      kind,
      new Promise<void>((resolve) => client.setNotificationHandler(NOTIFICATIONS[kind], () => resolve())),
    ]),
  ) as Record<ListKind, Promise<void>>;
  await client.connect(await openCorpusConnection(testCase, state));
  return { client, notified };
}

/** The test's own reading of the format: which face a client name gets. */
function faceFor(testCase: CorpusCase, clientName: string) {
  return testCase.faces?.find((face) => new RegExp(face.clientName, 'i').test(clientName));
}

/** What the format says a client sees after these events (face applied last). */
function expectedServer(testCase: CorpusCase, fired: (change: CaseChange) => boolean, clientName: string) {
  let server: CaseServer = testCase.server;
  for (const change of testCase.changes ?? []) if (fired(change)) server = { ...server, ...change.server };
  return { ...server, ...faceFor(testCase, clientName)?.server };
}

function toolSummary(tools: { name: string; description?: string; inputSchema: object }[]) {
  return tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
}

/** A client name that no face of the case matches, so that the base definitions show. */
function faceless(testCase: CorpusCase): string {
  const name = ['plain-test-client', 'corpus-runner', 'x'].find((n) => !faceFor(testCase, n));
  if (!name) throw new Error(`${testCase.id}: every test client name matches a face`);
  return name;
}

/** The corpus README, split at its "Held-out set", "Held-out set 2", … "Held-out set 15" headings. */
function readmeSections(): {
  main: string;
  heldOut: string;
  heldOut2: string;
  heldOut3: string;
  heldOut4: string;
  heldOut5: string;
  heldOut6: string;
  heldOut7: string;
  heldOut8: string;
  heldOut9: string;
  heldOut10: string;
  heldOut11: string;
  heldOut12: string;
  heldOut13: string;
  heldOut14: string;
  heldOut15: string;
  heldOut16: string;
  heldOut17: string;
  heldOut18: string;
  heldOut19: string;
  heldOut20: string;
  heldOut21: string;
  heldOut22: string;
  heldOut23: string;
  heldOut24: string;
  heldOut25: string;
  heldOut26: string;
  heldOut27: string;
  heldOut28: string;
  heldOut29: string;
  heldOut30: string;
  heldOut31: string;
  heldOut32: string;
  heldOut33: string;
  heldOut34: string;
  heldOut35: string;
  heldOut36: string;
  heldOut37: string;
  heldOut38: string;
  heldOut39: string;
  heldOut40: string;
  heldOut41: string;
  heldOut42: string;
  heldOut43: string;
  heldOut44: string;
  heldOut45: string;
  heldOut46: string;
  heldOut47: string;
  heldOut48: string;
  heldOut49: string;
  heldOut50: string;
  heldOut51: string;
  heldOut52: string;
  heldOut53: string;
  heldOut54: string;
  heldOut55: string;
  heldOut56: string;
  heldOut57: string;
  heldOut58: string;
  heldOut59: string;
  heldOut60: string;
  heldOut61: string;
  heldOut62: string;
  heldOut63: string;
  heldOut64: string;
  heldOut65: string;
  heldOut66: string;
  heldOut67: string;
  heldOut68: string;
  heldOut69: string;
  heldOut70: string;
  heldOut71: string;
  heldOut72: string;
  heldOut73: string;
  heldOut74: string;
  heldOut75: string;
  heldOut76: string;
  heldOut77: string;
  heldOut78: string;
  heldOut79: string;
  heldOut80: string;
  heldOut81: string;
  heldOut82: string;
  heldOut83: string;
  heldOut84: string;
  heldOut85: string;
  heldOut86: string;
  heldOut87: string;
  heldOut88: string;
  heldOut89: string;
  heldOut90: string;
} {
  const readme = readFileSync(join(CORPUS_DIR, 'README.md'), 'utf8');
  const at = (heading: string) => {
    const found = readme.indexOf(`\n## ${heading}\n`);
    return found < 0 ? readme.length : found;
  };
  const starts = [
    at('Held-out set'),
    at('Held-out set 2'),
    at('Held-out set 3'),
    at('Held-out set 4'),
    at('Held-out set 5'),
    at('Held-out set 6'),
    at('Held-out set 7'),
    at('Held-out set 8'),
    at('Held-out set 9'),
    at('Held-out set 10'),
    at('Held-out set 11'),
    at('Held-out set 12'),
    at('Held-out set 13'),
    at('Held-out set 14'),
    at('Held-out set 15'),
    at('Held-out set 16'),
    at('Held-out set 17'),
    at('Held-out set 18'),
    at('Held-out set 19'),
    at('Held-out set 20'),
    at('Held-out set 21'),
    at('Held-out set 22'),
    at('Held-out set 23'),
    at('Held-out set 24'),
    at('Held-out set 25'),
    at('Held-out set 26'),
    at('Held-out set 27'),
    at('Held-out set 28'),
    at('Held-out set 29'),
    at('Held-out set 30'),
    at('Held-out set 31'),
    at('Held-out set 32'),
    at('Held-out set 33'),
    at('Held-out set 34'),
    at('Held-out set 35'),
    at('Held-out set 36'),
    at('Held-out set 37'),
    at('Held-out set 38'),
    at('Held-out set 39'),
    at('Held-out set 40'),
    at('Held-out set 41'),
    at('Held-out set 42'),
    at('Held-out set 43'),
    at('Held-out set 44'),
    at('Held-out set 45'),
    at('Held-out set 46'),
    at('Held-out set 47'),
    at('Held-out set 48'),
    at('Held-out set 49'),
    at('Held-out set 50'),
    at('Held-out set 51'),
    at('Held-out set 52'),
    at('Held-out set 53'),
    at('Held-out set 54'),
    at('Held-out set 55'),
    at('Held-out set 56'),
    at('Held-out set 57'),
    at('Held-out set 58'),
    at('Held-out set 59'),
    at('Held-out set 60'),
    at('Held-out set 61'),
    at('Held-out set 62'),
    at('Held-out set 63'),
    at('Held-out set 64'),
    at('Held-out set 65'),
    at('Held-out set 66'),
    at('Held-out set 67'),
    at('Held-out set 68'),
    at('Held-out set 69'),
    at('Held-out set 70'),
    at('Held-out set 71'),
    at('Held-out set 72'),
    at('Held-out set 73'),
    at('Held-out set 74'),
    at('Held-out set 75'),
    at('Held-out set 76'),
    at('Held-out set 77'),
    at('Held-out set 78'),
    at('Held-out set 79'),
    at('Held-out set 80'),
    at('Held-out set 81'),
    at('Held-out set 82'),
    at('Held-out set 83'),
    at('Held-out set 84'),
    at('Held-out set 85'),
    at('Held-out set 86'),
    at('Held-out set 87'),
    at('Held-out set 88'),
    at('Held-out set 89'),
    at('Held-out set 90'),
  ];
  // Each section runs from its heading to the next heading found after it (or the end).
  const section = (i: number) => {
    const start = starts[i]!;
    const next = starts.filter((s) => s > start);
    return readme.slice(start, next.length ? Math.min(...next) : readme.length);
  };
  return {
    main: readme.slice(0, Math.min(...starts)),
    heldOut: section(0),
    heldOut2: section(1),
    heldOut3: section(2),
    heldOut4: section(3),
    heldOut5: section(4),
    heldOut6: section(5),
    heldOut7: section(6),
    heldOut8: section(7),
    heldOut9: section(8),
    heldOut10: section(9),
    heldOut11: section(10),
    heldOut12: section(11),
    heldOut13: section(12),
    heldOut14: section(13),
    heldOut15: section(14),
    heldOut16: section(15),
    heldOut17: section(16),
    heldOut18: section(17),
    heldOut19: section(18),
    heldOut20: section(19),
    heldOut21: section(20),
    heldOut22: section(21),
    heldOut23: section(22),
    heldOut24: section(23),
    heldOut25: section(24),
    heldOut26: section(25),
    heldOut27: section(26),
    heldOut28: section(27),
    heldOut29: section(28),
    heldOut30: section(29),
    heldOut31: section(30),
    heldOut32: section(31),
    heldOut33: section(32),
    heldOut34: section(33),
    heldOut35: section(34),
    heldOut36: section(35),
    heldOut37: section(36),
    heldOut38: section(37),
    heldOut39: section(38),
    heldOut40: section(39),
    heldOut41: section(40),
    heldOut42: section(41),
    heldOut43: section(42),
    heldOut44: section(43),
    heldOut45: section(44),
    heldOut46: section(45),
    heldOut47: section(46),
    heldOut48: section(47),
    heldOut49: section(48),
    heldOut50: section(49),
    heldOut51: section(50),
    heldOut52: section(51),
    heldOut53: section(52),
    heldOut54: section(53),
    heldOut55: section(54),
    heldOut56: section(55),
    heldOut57: section(56),
    heldOut58: section(57),
    heldOut59: section(58),
    heldOut60: section(59),
    heldOut61: section(60),
    heldOut62: section(61),
    heldOut63: section(62),
    heldOut64: section(63),
    heldOut65: section(64),
    heldOut66: section(65),
    heldOut67: section(66),
    heldOut68: section(67),
    heldOut69: section(68),
    heldOut70: section(69),
    heldOut71: section(70),
    heldOut72: section(71),
    heldOut73: section(72),
    heldOut74: section(73),
    heldOut75: section(74),
    heldOut76: section(75),
    heldOut77: section(76),
    heldOut78: section(77),
    heldOut79: section(78),
    heldOut80: section(79),
    heldOut81: section(80),
    heldOut82: section(81),
    heldOut83: section(82),
    heldOut84: section(83),
    heldOut85: section(84),
    heldOut86: section(85),
    heldOut87: section(86),
    heldOut88: section(87),
    heldOut89: section(88),
    heldOut90: section(89),
  };
}

/** What a README section lists: its case rows (id, label) and its technique counts. */
function readmeListing(section: string) {
  const rows = [...section.matchAll(/^\| `([a-z0-9-]+)` \| (malicious|benign) \|/gm)].map((m) => [
    m[1],
    m[2],
  ]);
  const counted = [...section.matchAll(/^\| `([a-z-]+)` \| (\d+) \|$/gm)].map((m) => [m[1], Number(m[2])]);
  return { rows: rows.sort(), counted: counted.sort() };
}

/** What the README must list for these cases. */
function listingOf(listed: CorpusCase[]) {
  const techniques = [...new Set(listed.flatMap((c) => c.techniques))];
  return {
    rows: listed.map((c) => [c.id, c.label]).sort(),
    counted: techniques.map((t) => [t, listed.filter((c) => c.techniques.includes(t)).length]).sort(),
  };
}

describe('detection corpus: the cases', () => {
  it('has at least 70 malicious and 70 benign cases, with unique ids', () => {
    expect(malicious.length).toBeGreaterThanOrEqual(70);
    expect(benign.length).toBeGreaterThanOrEqual(70);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it('covers every attack technique with at least three malicious cases', () => {
    const thin = ATTACK_TECHNIQUES.map(
      (t) => [t, malicious.filter((c) => c.techniques.includes(t)).length] as const,
    )
      .filter(([, n]) => n < 3)
      .map(([t, n]) => `${t}: ${n}`);
    expect(thin).toEqual([]);
  });

  it('reaches every face with a client name an evaluator may use', () => {
    const unreached = cases.flatMap((c) =>
      (c.faces ?? [])
        .filter((face) => !CLIENT_NAMES.some((name) => faceFor(c, name) === face))
        .map((face) => `${c.id}: ${face.clientName}`),
    );
    expect(unreached).toEqual([]);
  });

  /** Parses a case that claims to be malicious/broken-case.json, with some fields overridden. */
  function parseBroken(overrides: Record<string, unknown>) {
    const text = JSON.stringify({
      id: 'other-id',
      label: 'malicious',
      techniques: ['plain', 'rug-pull'],
      source: { title: 'Somewhere', url: 'https://example.org/post' },
      notes: 'A case with several mistakes in it.',
      ...overrides,
    });
    const result = parseCase(join(CORPUS_DIR, 'malicious', 'broken-case.json'), text, {
      id: 'broken-case',
      label: 'malicious',
    });
    return result.ok ? [] : result.issues;
  }

  it('names the file and the JSON pointer of a schema problem', () => {
    const issues = parseBroken({
      server: {
        name: 's',
        version: '1',
        tools: [{ name: 'a', inputSchema: { type: 'object' }, colour: 'red' }],
      },
    });
    expect(issues.map(formatIssue)).toEqual([
      expect.stringMatching(/broken-case\.json \/server\/tools\/0: unknown property "colour"$/),
    ]);
  });

  it('names the pointer of every rule a valid-looking case breaks', () => {
    const issues = parseBroken({
      label: 'benign',
      server: {
        name: 's',
        version: '1',
        tools: [{ name: 'a', inputSchema: { type: 'object' }, outputSchema: { type: 'object' } }],
      },
      changes: [{ after: 'tool-call:missing', server: { instructions: 'x' } }],
    });
    expect(issues.map((i) => `${i.pointer}: ${i.message}`)).toEqual([
      '/id: "other-id" differs from the file name "broken-case"',
      '/label: "benign" but the file is in malicious/',
      expect.stringMatching(/^\/techniques\/1: "rug-pull" is not a benign technique/),
      '/changes/0/after: no tool named "missing" in this case',
      '/server/tools/0/result/structuredContent: a tool with an outputSchema needs a result with structuredContent',
    ]);
  });

  it('lists every case in the README table with its label, and the count of each technique', () => {
    expect(readmeListing(readmeSections().main)).toEqual(listingOf(cases));
  });

  it('rejects text that is not JSON, with the file named', () => {
    const result = parseCase('/x/benign/y.json', '{ "id": ', { id: 'y', label: 'benign' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]).toMatchObject({ file: '/x/benign/y.json', pointer: '/' });
  });
});

const HELD_OUT_SETS = [
  { name: 'the held-out set', dir: HELD_OUT_DIR, loaded: heldOutCorpus, section: 'heldOut', least: 45 },
  { name: 'held-out set 2', dir: HELD_OUT_2_DIR, loaded: heldOut2Corpus, section: 'heldOut2', least: 30 },
  { name: 'held-out set 3', dir: HELD_OUT_3_DIR, loaded: heldOut3Corpus, section: 'heldOut3', least: 30 },
  { name: 'held-out set 4', dir: HELD_OUT_4_DIR, loaded: heldOut4Corpus, section: 'heldOut4', least: 35 },
  { name: 'held-out set 5', dir: HELD_OUT_5_DIR, loaded: heldOut5Corpus, section: 'heldOut5', least: 45 },
  {
    name: 'held-out set 6',
    dir: HELD_OUT_6_DIR,
    loaded: heldOut6Corpus,
    section: 'heldOut6',
    least: 45,
    clientRequests: true,
  },
  {
    name: 'held-out set 7',
    dir: HELD_OUT_7_DIR,
    loaded: heldOut7Corpus,
    section: 'heldOut7',
    least: 50,
    clientRequests: true,
  },
  {
    name: 'held-out set 8',
    dir: HELD_OUT_8_DIR,
    loaded: heldOut8Corpus,
    section: 'heldOut8',
    least: 50,
    clientRequests: true,
  },
  {
    name: 'held-out set 9',
    dir: HELD_OUT_9_DIR,
    loaded: heldOut9Corpus,
    section: 'heldOut9',
    least: 50,
    clientRequests: true,
  },
  // Real public text: too few published elicitation attacks exist to require three of each client request.
  { name: 'held-out set 10', dir: HELD_OUT_10_DIR, loaded: heldOut10Corpus, section: 'heldOut10', least: 40 },
  {
    name: 'held-out set 11',
    dir: HELD_OUT_11_DIR,
    loaded: heldOut11Corpus,
    section: 'heldOut11',
    least: 35,
    clientRequests: true,
  },
  // Real public text again, from other sources; about thirty of each was asked for.
  { name: 'held-out set 12', dir: HELD_OUT_12_DIR, loaded: heldOut12Corpus, section: 'heldOut12', least: 30 },
  {
    name: 'held-out set 13',
    dir: HELD_OUT_13_DIR,
    loaded: heldOut13Corpus,
    section: 'heldOut13',
    least: 35,
    clientRequests: true,
  },
  // Real public text a third time, from sources sets 10 and 12 do not use.
  // Only two published payloads encoded for the model were found in sources sets 10 and 12 do not use.
  {
    name: 'held-out set 14',
    dir: HELD_OUT_14_DIR,
    loaded: heldOut14Corpus,
    section: 'heldOut14',
    least: 20,
    fewer: { 'encoded-payload': 2 },
  },
  // Written in our words again like 13, in 45 minutes, so about its size; it covers client requests too.
  {
    name: 'held-out set 15',
    dir: HELD_OUT_15_DIR,
    loaded: heldOut15Corpus,
    section: 'heldOut15',
    least: 35,
    clientRequests: true,
  },
  // Real public text a fourth time, from sources sets 10, 12 and 14 do not use (see its README section).
  // Techniques it holds fewer than three of, and why (no more than three cases from one repository):
  // - invisible-characters, encoded-payload: the unused sources with published smuggled or encoded text
  //   (garak's smuggling probes) are in a repository the set already takes three cases from;
  // - server-instructions, prompt-poisoning, identity-deception: no unused public PoC was found that
  //   poisons initialize.instructions or a prompt, or changes its answers by client name;
  // - exfiltration-parameter, confusable-name, rug-pull: the unused sources hold only these few.
  {
    name: 'held-out set 16',
    dir: HELD_OUT_16_DIR,
    loaded: heldOut16Corpus,
    section: 'heldOut16',
    least: 20,
    fewer: {
      'invisible-characters': 0,
      'encoded-payload': 0,
      'server-instructions': 0,
      'prompt-poisoning': 0,
      'identity-deception': 0,
      'exfiltration-parameter': 2,
      'confusable-name': 2,
      'rug-pull': 1,
    },
  },
  // Written in our words again like 15, in one sitting, so about its size; it covers client requests too.
  {
    name: 'held-out set 17',
    dir: HELD_OUT_17_DIR,
    loaded: heldOut17Corpus,
    section: 'heldOut17',
    least: 35,
    clientRequests: true,
  },
  // Real public text a fifth time, from sources sets 10, 12, 14 and 16 do not use (see its README section).
  // Written in two sittings: the first left it small, the second extended it to the usual size. Techniques it
  // holds fewer than three of, and why: no unused public text was found in either sitting that uses confusable
  // names, schema poisoning, server instructions or faces by client name (the PoCs found for them are all
  // cited by other sets); for rug pulls the unused sources hold only these two.
  {
    name: 'held-out set 18',
    dir: HELD_OUT_18_DIR,
    loaded: heldOut18Corpus,
    section: 'heldOut18',
    least: 20,
    fewer: {
      'confusable-name': 0,
      'schema-poisoning': 0,
      'server-instructions': 0,
      'identity-deception': 0,
      'rug-pull': 2,
    },
  },
  // Written in our words again like 17, in one sitting, so about its size; it covers client requests too.
  {
    name: 'held-out set 19',
    dir: HELD_OUT_19_DIR,
    loaded: heldOut19Corpus,
    section: 'heldOut19',
    least: 35,
    clientRequests: true,
  },
  // Real public text a sixth time, from sources sets 10, 12, 14, 16 and 18 do not use (see its README section).
  // Techniques it holds fewer than three of, and why (no more than three cases from one repository): no
  // unused public text was found that changes its answers by client name; the unused sources found hold only
  // these few poisoned prompts, resources, schemas and instructions (one of them moved into initialize
  // instructions), parameter-exfiltration tools, encoded or invisible payloads and rug pulls, and the
  // repositories that hold more of them already give the set three cases each.
  {
    name: 'held-out set 20',
    dir: HELD_OUT_20_DIR,
    loaded: heldOut20Corpus,
    section: 'heldOut20',
    least: 20,
    fewer: {
      'identity-deception': 0,
      'invisible-characters': 1,
      'encoded-payload': 1,
      'exfiltration-parameter': 2,
      'schema-poisoning': 1,
      'server-instructions': 1,
      'prompt-poisoning': 1,
      'resource-poisoning': 1,
      'rug-pull': 2,
    },
  },
  // Written in our words again like 19, in one sitting, so about its size; it covers client requests too.
  {
    name: 'held-out set 21',
    dir: HELD_OUT_21_DIR,
    loaded: heldOut21Corpus,
    section: 'heldOut21',
    least: 35,
    clientRequests: true,
  },
  // Real public text a seventh time, from sources sets 10 to 20 do not use (see its README section), written in
  // one sitting in parallel with set 21. Techniques it holds fewer than three of, and why (no more than three
  // cases from one repository): the unused public text found in the time holds no confusable names, rug pulls,
  // poisoned initialize instructions, faces by client name or invisible characters that carry a payload (the
  // PoCs that have them are cited by other sets), and only these few poisoned schemas, parameter-exfiltration
  // tools, shadowing mails, poisoned prompts and encoded payloads.
  {
    name: 'held-out set 22',
    dir: HELD_OUT_22_DIR,
    loaded: heldOut22Corpus,
    section: 'heldOut22',
    least: 20,
    fewer: {
      'invisible-characters': 0,
      'confusable-name': 0,
      'server-instructions': 0,
      'rug-pull': 0,
      'identity-deception': 0,
      'exfiltration-parameter': 2,
      'schema-poisoning': 1,
      shadowing: 2,
      'prompt-poisoning': 2,
      'encoded-payload': 2,
    },
  },
  // Written in our words again like 21, in one sitting, so about its size; it covers client requests too.
  {
    name: 'held-out set 23',
    dir: HELD_OUT_23_DIR,
    loaded: heldOut23Corpus,
    section: 'heldOut23',
    least: 35,
    clientRequests: true,
  },
  // Real public text an eighth time, from sources sets 10 to 22 do not use (see its README section), written in one
  // sitting in parallel with set 23. Techniques it holds fewer than three of, and why (no more than three cases from
  // one repository): the unused public text found in the time holds no confusable tool names and no faces by client
  // name, and only one case each of invisible characters, schema poisoning, encoded payloads, poisoned initialize
  // instructions and poisoned prompts (the last two by a stated move).
  {
    name: 'held-out set 24',
    dir: HELD_OUT_24_DIR,
    loaded: heldOut24Corpus,
    section: 'heldOut24',
    least: 20,
    fewer: {
      'invisible-characters': 1,
      'confusable-name': 0,
      'schema-poisoning': 1,
      'server-instructions': 1,
      'prompt-poisoning': 1,
      'identity-deception': 0,
      'encoded-payload': 1,
    },
  },
  // Written in our words again like 23, in one short sitting; it covers client requests too.
  {
    name: 'held-out set 25',
    dir: HELD_OUT_25_DIR,
    loaded: heldOut25Corpus,
    section: 'heldOut25',
    least: 30,
    clientRequests: true,
  },
  {
    name: 'held-out set 26',
    dir: HELD_OUT_26_DIR,
    loaded: heldOut26Corpus,
    section: 'heldOut26',
    least: 20,
    clientRequests: true,
  },
  // Real public text a ninth time, from sources sets 10 to 25 do not use (see its README section), written in one
  // sitting in parallel with set 26. Techniques it holds fewer than three of, and why (no more than three cases from
  // one repository): the unused public text found in the time holds no confusable tool names, rug pulls, poisoned
  // schemas or faces by client name (the PoCs that have them are cited by other sets), and only one case each of
  // invisible characters, parameter exfiltration, poisoned initialize instructions and poisoned prompts (the last
  // two by a stated move) and two encoded payloads.
  {
    name: 'held-out set 27',
    dir: HELD_OUT_27_DIR,
    loaded: heldOut27Corpus,
    section: 'heldOut27',
    least: 20,
    fewer: {
      'invisible-characters': 1,
      'exfiltration-parameter': 1,
      'confusable-name': 0,
      'schema-poisoning': 0,
      'server-instructions': 1,
      'prompt-poisoning': 1,
      'rug-pull': 0,
      'identity-deception': 0,
      'encoded-payload': 2,
    },
  },
  // In our words again like 26, in one short sitting in parallel with set 29; attacks on every client-visible surface.
  {
    name: 'held-out set 28',
    dir: HELD_OUT_28_DIR,
    loaded: heldOut28Corpus,
    section: 'heldOut28',
    least: 20,
    clientRequests: true,
  },
  // Written in our words like 23 and 25, as an attacker who has read scanners' rule lists would word it; it covers
  // client requests too.
  {
    name: 'held-out set 29',
    dir: HELD_OUT_29_DIR,
    loaded: heldOut29Corpus,
    section: 'heldOut29',
    least: 20,
    clientRequests: true,
  },
  // In our words like 28, as published proof-of-concept attacks are written, on every client-visible surface; it
  // covers client requests too.
  {
    name: 'held-out set 30',
    dir: HELD_OUT_30_DIR,
    loaded: heldOut30Corpus,
    section: 'heldOut30',
    least: 20,
    clientRequests: true,
  },
  // Written in our words like 23, 25 and 29, as ordinary product text past scanners' rule lists, on new trades
  // (mortgage servicing, credit unions, payroll, staffing, franchises, cemeteries, marinas, ski resorts, toll roads …).
  {
    name: 'held-out set 31',
    dir: HELD_OUT_31_DIR,
    loaded: heldOut31Corpus,
    section: 'heldOut31',
    least: 20,
    clientRequests: true,
  },
  // In our words like 30, as published proof-of-concept attacks are written, spread evenly over every client-visible
  // surface, on new ground (telescopes, museums, clinics, farms, seaports, charities, EV charging …).
  {
    name: 'held-out set 32',
    dir: HELD_OUT_32_DIR,
    loaded: heldOut32Corpus,
    section: 'heldOut32',
    least: 30,
    clientRequests: true,
  },
  // Written in our words like 23, 25, 29 and 31, as ordinary product text past scanners' rule lists, on new trades
  // (pharmacies, dental labs, notaries, self-storage, pawn shops, fuel distribution, grain elevators, quarries …).
  {
    name: 'held-out set 33',
    dir: HELD_OUT_33_DIR,
    loaded: heldOut33Corpus,
    section: 'heldOut33',
    least: 20,
    clientRequests: true,
  },
  // Real public text a tenth time, from sources sets 10 to 27 do not use (see its README section), written in one
  // sitting in parallel with sets 32 and 33. Techniques it holds fewer than three of, and why (no more than three
  // cases from one repository): the unused public text found in the time holds no poisoned schemas and no faces by
  // client name (the PoCs that have them are cited by other sets), one confusable tool name and one parameter that
  // asks for exfiltrated data, and two each of rug pulls, poisoned initialize instructions (both by a stated move
  // from repository rules files) and poisoned prompts (both by a stated move from user turns).
  {
    name: 'held-out set 34',
    dir: HELD_OUT_34_DIR,
    loaded: heldOut34Corpus,
    section: 'heldOut34',
    least: 20,
    fewer: {
      'exfiltration-parameter': 1,
      'confusable-name': 1,
      'schema-poisoning': 0,
      'server-instructions': 2,
      'prompt-poisoning': 2,
      'rug-pull': 2,
      'identity-deception': 0,
    },
  },
  // In our words like 30 and 32, as published proof-of-concept attacks are written, spread evenly over every
  // client-visible surface, on new ground (aquariums, ferries, bakeries, locksmiths, kennels, riding stables …).
  {
    name: 'held-out set 35',
    dir: HELD_OUT_35_DIR,
    loaded: heldOut35Corpus,
    section: 'heldOut35',
    least: 20,
    clientRequests: true,
  },
  // In our words again, worded like sets 23, 25, 29, 31 and 33 as ordinary product text on new trades (see its README
  // section); written in one short sitting in parallel with set 35 on another branch.
  {
    name: 'held-out set 36',
    dir: HELD_OUT_36_DIR,
    loaded: heldOut36Corpus,
    section: 'heldOut36',
    least: 20,
    clientRequests: true,
  },
  // In our words again, worded like sets 30, 32 and 35 as published proof-of-concept attacks spread evenly over every
  // client-visible surface on new ground (see its README section); written in one short sitting in parallel with set 38.
  {
    name: 'held-out set 37',
    dir: HELD_OUT_37_DIR,
    loaded: heldOut37Corpus,
    section: 'heldOut37',
    least: 20,
    clientRequests: true,
  },
  // In our words again, worded like sets 23, 25, 29, 31, 33 and 36 as ordinary product text on new ground (see its
  // README section); written in one short sitting in parallel with set 37 on another branch.
  {
    name: 'held-out set 38',
    dir: HELD_OUT_38_DIR,
    loaded: heldOut38Corpus,
    section: 'heldOut38',
    least: 20,
    clientRequests: true,
  },
  // In our words again, worded like sets 30, 32, 35 and 37 as published proof-of-concept attacks spread evenly over every
  // client-visible surface on new ground (see its README section); written in one short sitting in parallel with sets 40
  // and 41 on other branches.
  {
    name: 'held-out set 39',
    dir: HELD_OUT_39_DIR,
    loaded: heldOut39Corpus,
    section: 'heldOut39',
    least: 20,
    clientRequests: true,
  },
  // In our words again, worded like sets 23, 25, 29, 31, 33, 36 and 38 as ordinary product text on new ground (see its
  // README section); written in one short sitting while sets 39 and 41 were being written on other branches.
  {
    name: 'held-out set 40',
    dir: HELD_OUT_40_DIR,
    loaded: heldOut40Corpus,
    section: 'heldOut40',
    least: 20,
    clientRequests: true,
  },
  // Real public text an eleventh time, from sources sets 10 to 34 do not use (see its README section), written in one
  // sitting in parallel with sets 39 and 40. Techniques it holds fewer than three of, and why (no more than three
  // cases from one repository): the unused public text found in the time holds no confusable names, rug pulls or
  // faces by client name that are text rather than code, and only one poisoned schema, one poisoned initialize
  // instruction, one poisoned prompt and one encoded payload.
  {
    name: 'held-out set 41',
    dir: HELD_OUT_41_DIR,
    loaded: heldOut41Corpus,
    section: 'heldOut41',
    least: 20,
    fewer: {
      'confusable-name': 0,
      'schema-poisoning': 1,
      'server-instructions': 1,
      'prompt-poisoning': 1,
      'rug-pull': 0,
      'identity-deception': 0,
      'encoded-payload': 1,
    },
  },
  // In our words a forty-second time, like sets 30, 32, 35, 37 and 39 (see its README section), written in one sitting
  // in parallel with sets 43 and 44.
  {
    name: 'held-out set 42',
    dir: HELD_OUT_42_DIR,
    loaded: heldOut42Corpus,
    section: 'heldOut42',
    least: 20,
    clientRequests: true,
  },
  // In our words again, worded like sets 23, 25, 29, 31, 33, 36, 38 and 40 as ordinary product text on new ground (see
  // its README section); written in one short sitting while sets 42 and 44 were being written on other branches.
  {
    name: 'held-out set 43',
    dir: HELD_OUT_43_DIR,
    loaded: heldOut43Corpus,
    section: 'heldOut43',
    least: 20,
    clientRequests: true,
  },
  // Real public text a twelfth time, from sources sets 10 to 41 do not use (see its README section), written in one
  // short sitting in parallel with sets 42 and 43. Techniques it holds fewer than three of, and why (no more than three
  // cases from one repository): the unused public text found in the time is mostly indirect injection planted in
  // documents and tool output, so it holds no poisoned schemas, exfiltration parameters or faces by client name, and
  // only one confusable name, one poisoned initialize instruction, one rug pull, one invisible-character payload, two
  // poisoned prompts, two encoded payloads and two that ask for credentials.
  {
    name: 'held-out set 44',
    dir: HELD_OUT_44_DIR,
    loaded: heldOut44Corpus,
    section: 'heldOut44',
    least: 20,
    fewer: {
      'invisible-characters': 1,
      'sensitive-paths': 2,
      'exfiltration-parameter': 0,
      'confusable-name': 1,
      'schema-poisoning': 0,
      'server-instructions': 1,
      'prompt-poisoning': 2,
      'rug-pull': 1,
      'identity-deception': 0,
      'encoded-payload': 2,
    },
  },
  // In our words a forty-fifth time, like sets 30, 32, 35, 37, 39 and 42 (see its README section), written in one short
  // sitting while sets 46 and 47 were being written on other branches.
  {
    name: 'held-out set 45',
    dir: HELD_OUT_45_DIR,
    loaded: heldOut45Corpus,
    section: 'heldOut45',
    least: 20,
    clientRequests: true,
  },
  // In our words again, worded like sets 23, 25, 29, 31, 33, 36, 38, 40 and 43 as ordinary product text on new ground
  // (see its README section); written in one short sitting while sets 45 and 47 were being written on other branches.
  {
    name: 'held-out set 46',
    dir: HELD_OUT_46_DIR,
    loaded: heldOut46Corpus,
    section: 'heldOut46',
    least: 20,
    clientRequests: true,
  },
  // Real public text a thirteenth time, from sources sets 10 to 44 do not use (see its README section), written in one
  // short sitting in parallel with sets 45 and 46. Techniques it holds fewer than three of, and why (no more than three
  // cases from one repository): the unused public text found in the time is indirect injection planted in documents,
  // pages, mails, logs and tool output (labs' and benchmarks' payload files), so it holds no confusable names, poisoned
  // schemas, rug pulls or faces by client name, and only one invisible-character payload, two payloads that ask for
  // credentials, one exfiltration parameter, one poisoned initialize instruction and two poisoned prompts (all three
  // by stated moves).
  {
    name: 'held-out set 47',
    dir: HELD_OUT_47_DIR,
    loaded: heldOut47Corpus,
    section: 'heldOut47',
    least: 20,
    fewer: {
      'invisible-characters': 1,
      'sensitive-paths': 2,
      'exfiltration-parameter': 1,
      'confusable-name': 0,
      'schema-poisoning': 0,
      'server-instructions': 1,
      'prompt-poisoning': 2,
      'rug-pull': 0,
      'identity-deception': 0,
    },
  },
  // In our words a forty-eighth time, like sets 30, 32, 35, 37, 39, 42 and 45 (see its README section), written in one
  // short sitting while sets 49 and 50 were being written on other branches.
  {
    name: 'held-out set 48',
    dir: HELD_OUT_48_DIR,
    loaded: heldOut48Corpus,
    section: 'heldOut48',
    least: 20,
    clientRequests: true,
  },
  // In our words again, worded like sets 23, 25, 29, 31, 33, 36, 38, 40, 43 and 46 as ordinary product text on new ground
  // (see its README section); written in one short sitting while sets 48 and 50 were being written on other branches.
  {
    name: 'held-out set 49',
    dir: HELD_OUT_49_DIR,
    loaded: heldOut49Corpus,
    section: 'heldOut49',
    least: 20,
    clientRequests: true,
  },
  // Real public text a fourteenth time, from sources sets 10 to 47 do not use (see its README section), written in one
  // short sitting in parallel with sets 48 and 49. Techniques it holds fewer than three of, and why (no more than three
  // cases from one repository): the unused public text found in the time is indirect injection planted in documents,
  // pages, mails, tickets, comments and tool output (labs' and demos' payload files), so it holds no exfiltration
  // parameters, confusable names, poisoned schemas, rug pulls or faces by client name, and only one payload hidden with
  // invisible characters, two encoded payloads, two poisoned resources, one poisoned prompt and one poisoned initialize
  // instruction (the last two and one resource by stated moves).
  {
    name: 'held-out set 50',
    dir: HELD_OUT_50_DIR,
    loaded: heldOut50Corpus,
    section: 'heldOut50',
    least: 20,
    fewer: {
      'invisible-characters': 1,
      'exfiltration-parameter': 0,
      'confusable-name': 0,
      'schema-poisoning': 0,
      'server-instructions': 1,
      'prompt-poisoning': 1,
      'resource-poisoning': 2,
      'rug-pull': 0,
      'identity-deception': 0,
      'encoded-payload': 2,
    },
  },
  // In our words a fifty-first time, like sets 30, 32, 35, 37, 39, 42, 45 and 48 as published proof-of-concept attacks
  // spread evenly over every surface (see its README section), written in one short sitting while sets 52 and 53 were
  // being written on other branches.
  {
    name: 'held-out set 51',
    dir: HELD_OUT_51_DIR,
    loaded: heldOut51Corpus,
    section: 'heldOut51',
    least: 20,
    clientRequests: true,
  },
  // In our words again, worded like sets 23, 25, 29, 31, 33, 36, 38, 40, 43, 46 and 49 as ordinary product text on new
  // ground (see its README section); written in one short sitting while sets 51 and 53 were being written on other branches.
  {
    name: 'held-out set 52',
    dir: HELD_OUT_52_DIR,
    loaded: heldOut52Corpus,
    section: 'heldOut52',
    least: 20,
    clientRequests: true,
  },
  // Real public text a fifteenth time, from sources sets 10 to 50 do not use (see its README section), written in one
  // short sitting in parallel with sets 51 and 52. Techniques it holds fewer than three of, and why (no more than three
  // cases from one repository): the unused public text found in the time is mostly scanners' and red-team libraries'
  // tool-poisoning fixtures and indirect injection planted in tickets, issues, mails, notes and documents, so it holds no
  // payload hidden with invisible characters, no confusable name, no poisoned initialize instruction or prompt and no
  // faces by client name, and only two poisoned schemas, one rug pull and one encoded payload.
  {
    name: 'held-out set 53',
    dir: HELD_OUT_53_DIR,
    loaded: heldOut53Corpus,
    section: 'heldOut53',
    least: 20,
    fewer: {
      'invisible-characters': 0,
      'confusable-name': 0,
      'schema-poisoning': 2,
      'server-instructions': 0,
      'prompt-poisoning': 0,
      'rug-pull': 1,
      'identity-deception': 0,
      'encoded-payload': 1,
    },
  },
  // In our words a fifty-fourth time, like sets 30, 32, 35, 37, 39, 42, 45, 48 and 51, as published proof-of-concept
  // attacks spread evenly over every client-visible surface, on wedding and party ground (see its README section);
  // written in one short sitting while sets 55 and 56 were being written on other branches.
  {
    name: 'held-out set 54',
    dir: HELD_OUT_54_DIR,
    loaded: heldOut54Corpus,
    section: 'heldOut54',
    least: 30,
    clientRequests: true,
  },
  // In our words, worded like set 52 as product text by an attacker who has read scanners' rule lists, on university and
  // research ground (admissions, student loans, scholarships, visas, exam boards, peer review, ethics committees, trial
  // registries, libraries, halls, campus parking, payroll); written in one short sitting in parallel with sets 54 and 56.
  {
    name: 'held-out set 55',
    dir: HELD_OUT_55_DIR,
    loaded: heldOut55Corpus,
    section: 'heldOut55',
    least: 30,
    clientRequests: true,
  },
  // Real public text a sixteenth time, from sources sets 10 to 53 do not use (see its README section), written in one
  // sitting in parallel with sets 54 and 55. It holds 13 malicious cases, not 20: the unused public text found in the
  // time was thin, and much of it is injection found in the wild (repositories' agent files, a review bot's hidden
  // comment, a setup guide's forged harness message, a skill listing) plus a few scanners' and labs' fixtures. Techniques
  // it holds fewer than three of, and why: none of that text hides a payload with invisible characters or an encoding,
  // imitates another tool's name, asks for data through an extra parameter or changes its face by client name, and it
  // holds only one poisoned schema, one poisoned initialize instruction (by a stated move from an AGENTS.md), one poisoned
  // prompt (by a stated move from a skill listing), two poisoned resources, one rug pull and one shadowing tool.
  {
    name: 'held-out set 56',
    dir: HELD_OUT_56_DIR,
    loaded: heldOut56Corpus,
    section: 'heldOut56',
    least: 13,
    fewer: {
      'invisible-characters': 0,
      'exfiltration-parameter': 0,
      shadowing: 1,
      'confusable-name': 0,
      'schema-poisoning': 1,
      'server-instructions': 1,
      'prompt-poisoning': 1,
      'resource-poisoning': 2,
      'rug-pull': 1,
      'identity-deception': 0,
      'encoded-payload': 0,
    },
  },
  // In our words a fifty-seventh time, like sets 30, 32, 35, 37, 39, 42, 45, 48, 51 and 54, as published proof-of-concept
  // attacks spread evenly over every client-visible surface, on club and outdoor ground (see its README section); written
  // in one short sitting while set 58 was being written on another branch.
  {
    name: 'held-out set 57',
    dir: HELD_OUT_57_DIR,
    loaded: heldOut57Corpus,
    section: 'heldOut57',
    least: 20,
    clientRequests: true,
  },
  // In our words, worded like sets 52 and 55 as product text by an attacker who has read scanners' rule lists, on
  // building-trade ground (merchants, hire desks, party walls, asbestos, gas and electrical certificates, planning and
  // building control, CDM files, drawing registers, retentions, snagging, warranties); written in one short sitting while
  // set 57 was being written on another branch, so its section follows set 56's.
  {
    name: 'held-out set 58',
    dir: HELD_OUT_58_DIR,
    loaded: heldOut58Corpus,
    section: 'heldOut58',
    least: 30,
    clientRequests: true,
  },
  // In our words a fifty-ninth time, like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54 and 57, as published proof-of-concept
  // attacks spread evenly over every client-visible surface, on small-shop and agency ground (see its README section);
  // written in one short sitting while set 60 was being written on another branch.
  {
    name: 'held-out set 59',
    dir: HELD_OUT_59_DIR,
    loaded: heldOut59Corpus,
    section: 'heldOut59',
    least: 20,
    clientRequests: true,
  },
  // In our words, worded like set 58 as product text by an attacker who has read scanners' rule lists, on trades and
  // pastimes no set took (heat pumps, septic tanks, boreholes, tree surgeons, pools and hot tubs, saunas, MOT centres,
  // salvage yards, house clearance, vending, bike repair, e-scooter fleets, fantasy football, board game cafés,
  // childminders, heraldry and genealogy societies); written in one short sitting while set 59 was being written on
  // another branch, so its section follows set 58's.
  {
    name: 'held-out set 60',
    dir: HELD_OUT_60_DIR,
    loaded: heldOut60Corpus,
    section: 'heldOut60',
    least: 30,
    clientRequests: true,
  },
  // In our words a sixty-first time, like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57 and 59, as published
  // proof-of-concept attacks spread evenly over every client-visible surface, on personal care, fitness and lessons
  // ground (yoga and Pilates studios, gyms, trainers, physios, podiatrists, orthodontists, massage, spas, nail bars,
  // tanning, dojos, dance, swimming and music lessons, tutoring, dog walkers, catteries; see its README section); written
  // in one short sitting.
  {
    name: 'held-out set 61',
    dir: HELD_OUT_61_DIR,
    loaded: heldOut61Corpus,
    section: 'heldOut61',
    least: 30,
    clientRequests: true,
  },
  // In our words, worded like sets 58 and 60 as product text by an attacker who has read scanners' rule lists, on home
  // services and residential property ground no set took (window cleaners, pest control, carpet cleaning, gutters and
  // roofs, solar and EV chargers, letting agents, tenancy deposits, inventory clerks, service charges, lifts, fire alarms,
  // concierge desks, viewings, removals and storage); written in one short sitting.
  {
    name: 'held-out set 62',
    dir: HELD_OUT_62_DIR,
    loaded: heldOut62Corpus,
    section: 'heldOut62',
    least: 30,
    clientRequests: true,
  },
  // Real public text like sets 10, 12, 14, 16, 18, 20, 22, 24, 27, 34, 41, 44, 47, 50, 53 and 56: injection examples as
  // prompt-injection explainers and blogs in English, French and German published them, re-placed on every
  // client-visible surface including sampling and elicitation, and real MCP servers' own tool definitions.
  {
    name: 'held-out set 63',
    dir: HELD_OUT_63_DIR,
    loaded: heldOut63Corpus,
    section: 'heldOut63',
    least: 20,
    clientRequests: true,
  },
  // In our words a sixty-fourth time, like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59 and 61, as published
  // proof-of-concept attacks spread evenly over every client-visible surface, on online creators' and small online
  // businesses' ground (handmade-goods shops, print-on-demand, stock photos, online courses, webinars, hosting resellers,
  // app beta programmes, game modding, streamers' donations and alerts, fan clubs, membership and tip platforms; see its
  // README section); written in one short sitting.
  {
    name: 'held-out set 64',
    dir: HELD_OUT_64_DIR,
    loaded: heldOut64Corpus,
    section: 'heldOut64',
    least: 30,
    clientRequests: true,
  },
  // In our words, worded like sets 58, 60 and 62 as product text by an attacker who has read scanners' rule lists, on
  // farming and rural services ground no set took (milk collection and dairy contracts, grain stores, egg packing, hay
  // merchants, livestock marts and cattle sales, pony sales, subsidy claims, rural broadband, machinery dealers, farm
  // shop box schemes, agro-dealers); written in one short sitting.
  {
    name: 'held-out set 65',
    dir: HELD_OUT_65_DIR,
    loaded: heldOut65Corpus,
    section: 'heldOut65',
    least: 30,
    clientRequests: true,
  },
  // In our words, like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59, 61 and 64: published proof-of-concept wording
  // over every surface, on motoring ground no set took (car dealers and used-car marketplaces, car hire and van rental,
  // garages, car finance and leasing, private number plates, valeting, tyre fitters, breakdown cover, car auctions; see
  // its README section); written in one short sitting.
  {
    name: 'held-out set 66',
    dir: HELD_OUT_66_DIR,
    loaded: heldOut66Corpus,
    section: 'heldOut66',
    least: 30,
    clientRequests: true,
  },
  // In our words, worded like sets 58, 60, 62 and 65 as product text by an attacker who has read scanners' rule lists, on
  // charity and voluntary sector ground no set took (Gift Aid, direct debit giving, doorstep collections, legacies,
  // trustee boards, grant-giving trusts, volunteer rotas and DBS checks, sponsored challenges, emergency appeal pages,
  // food banks, community centres); written in one short sitting.
  {
    name: 'held-out set 67',
    dir: HELD_OUT_67_DIR,
    loaded: heldOut67Corpus,
    section: 'heldOut67',
    least: 30,
    clientRequests: true,
  },
  // Real public text like sets 10, 12, 14, 16, 18, 20, 22, 24, 27, 34, 41, 44, 47, 50, 53, 56 and 63: injection
  // examples from prompt-injection explainers, blogs and wiki notes in Spanish, Italian, Russian, Korean, Chinese and
  // English, re-placed on every client-visible surface, and real MCP servers' own tool definitions as the benign side.
  {
    name: 'held-out set 68',
    dir: HELD_OUT_68_DIR,
    loaded: heldOut68Corpus,
    section: 'heldOut68',
    least: 20,
    clientRequests: true,
  },
  // In our words, worded like sets 58, 60, 62 and 65 as product text by an attacker who has read scanners' rule lists, on
  // grassroots sport and leisure club ground no set took (amateur football, cricket and hockey leagues, golf and tennis
  // club memberships, umpire appointments, season tickets and match-day hospitality, running clubs and race entries,
  // junior academies and kit orders, bowls clubs, angling permits); written in one short sitting.
  {
    name: 'held-out set 69',
    dir: HELD_OUT_69_DIR,
    loaded: heldOut69Corpus,
    section: 'heldOut69',
    least: 30,
    clientRequests: true,
  },
  // In our words, like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59, 61, 64 and 66: published proof-of-concept
  // wording over every surface, on students' and student life ground no set took (student halls and lets, deposits,
  // student loans, tuition instalments, resits, extensions and appeals, graduation tickets and gowns, students' union
  // societies and balls, textbook exchanges, study abroad, campus jobs, scholarships; see its README section); written in
  // one short sitting.
  {
    name: 'held-out set 70',
    dir: HELD_OUT_70_DIR,
    loaded: heldOut70Corpus,
    section: 'heldOut70',
    least: 30,
    clientRequests: true,
  },
  // In our words, worded like sets 58, 60, 62, 65, 67 and 69 as product text by an attacker who has read scanners' rule
  // lists, on temporary and gig work ground no set took (umbrella company payslips and holiday pots, temp agency
  // timesheets, shift-booking apps, couriers' accounts and substitutes, right-to-work checks, agency pensions, expense
  // claims, micro-task apps, freelance marketplaces); written in one short sitting.
  {
    name: 'held-out set 71',
    dir: HELD_OUT_71_DIR,
    loaded: heldOut71Corpus,
    section: 'heldOut71',
    least: 30,
    clientRequests: true,
  },
  // Real public text like sets 10, 12, 14, 16, 18, 20, 22, 24, 27, 34, 41, 44, 47, 50, 53, 56, 63 and 68: injection
  // examples from explainers, glossaries, courses and slides in Japanese, Turkish, Portuguese, German, French, Polish,
  // Czech, Vietnamese, Chinese, Serbian, Bosnian and English, re-placed on every client-visible surface, and real MCP
  // servers' own tool definitions as the benign side.
  {
    name: 'held-out set 72',
    dir: HELD_OUT_72_DIR,
    loaded: heldOut72Corpus,
    section: 'heldOut72',
    least: 20,
    clientRequests: true,
  },
  // In our words like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59, 61, 64, 66 and 70: published proof-of-concept
  // wording over every client-visible surface, on dental practice and beauty clinic ground (recalls, dental plans and
  // insurance, aligners sold online, dental tourism, aesthetic injectables, clinic gift vouchers).
  {
    name: 'held-out set 73',
    dir: HELD_OUT_73_DIR,
    loaded: heldOut73Corpus,
    section: 'heldOut73',
    least: 30,
    clientRequests: true,
  },
  // In our words, worded like sets 58, 60, 62, 65, 67, 69 and 71 as product text by an attacker who has read scanners'
  // rule lists, on buying, selling and moving home ground no set took (conveyancing and completion funds, estate agents'
  // offers and memoranda of sale, mortgage brokers, surveys and searches, stamp duty, removals and storage, new-build
  // reservations, utility and council tax moves); written in one short sitting.
  {
    name: 'held-out set 74',
    dir: HELD_OUT_74_DIR,
    loaded: heldOut74Corpus,
    section: 'heldOut74',
    least: 30,
    clientRequests: true,
  },
  // Set 75, real public text again: injection examples from Dutch, Indonesian, Ukrainian, Thai and English explainers,
  // glossaries, tutorials and blogs, re-placed on every client-visible surface, and real MCP servers' own tool
  // definitions as the benign side.
  {
    name: 'held-out set 75',
    dir: HELD_OUT_75_DIR,
    loaded: heldOut75Corpus,
    section: 'heldOut75',
    least: 20,
    clientRequests: true,
  },
  // Set 76, in our words again: published proof-of-concept wording on every client-visible surface, re-placed on pets
  // and animal care ground (puppy deposits, breeders, microchip databases, pet insurance claims, rehoming and rescue
  // charities, dog walkers and sitters, grooming, pet food subscriptions, pet couriers).
  {
    name: 'held-out set 76',
    dir: HELD_OUT_76_DIR,
    loaded: heldOut76Corpus,
    section: 'heldOut76',
    least: 30,
    clientRequests: true,
  },
  // In our words, worded like sets 58, 60, 62, 65, 67, 69, 71 and 74 as product text by an attacker who has read
  // scanners' rule lists, on learner driver and driving test ground no set took (driving schools and lesson blocks, test
  // bookings, slot resellers and booking bots, learner insurance and ghost broking, instructor franchises, dashcam and
  // telematics apps); written in one short sitting.
  {
    name: 'held-out set 77',
    dir: HELD_OUT_77_DIR,
    loaded: heldOut77Corpus,
    section: 'heldOut77',
    least: 30,
    clientRequests: true,
  },
  // Set 78, real public text again: injection examples from Norwegian, Arabic and English explainers and glossaries, a
  // prompt collection and repository instruction and prompt files, re-placed on every client-visible surface, and real MCP
  // servers' own tool definitions as the benign side.
  {
    name: 'held-out set 78',
    dir: HELD_OUT_78_DIR,
    loaded: heldOut78Corpus,
    section: 'heldOut78',
    least: 20,
    clientRequests: true,
  },
  // Set 79, in our words again: published proof-of-concept wording on childcare ground (nursery deposits and admissions,
  // babysitting apps, after-school and holiday clubs, childcare vouchers and accounts, subsidy claims), spread over every
  // client-visible surface, and real MCP servers paraphrased from their package descriptions as the benign side.
  {
    name: 'held-out set 79',
    dir: HELD_OUT_79_DIR,
    loaded: heldOut79Corpus,
    section: 'heldOut79',
    least: 30,
    clientRequests: true,
  },
  // In our words, worded like sets 58, 60, 62, 65, 67, 69, 71, 74 and 77 as product text by an attacker who has read
  // scanners' rule lists, on caravan, motorhome and campervan ground no set took (hire and rental, storage yards, dealers
  // and private sales, holiday park pitch fees, touring sites, breakdown and insurance, conversions and habitation
  // checks); written in one short sitting.
  {
    name: 'held-out set 80',
    dir: HELD_OUT_80_DIR,
    loaded: heldOut80Corpus,
    section: 'heldOut80',
    least: 30,
    clientRequests: true,
  },
  // Set 81, real public text again: injection examples from explainer pages, glossaries, gateway and checker docs, a guard
  // test, a lab report, a prompt generator and a planted instructions file, re-placed on every client-visible surface, and
  // real MCP servers' own tool definitions as the benign side.
  {
    name: 'held-out set 81',
    dir: HELD_OUT_81_DIR,
    loaded: heldOut81Corpus,
    section: 'heldOut81',
    least: 20,
    clientRequests: true,
  },
  // In our words an eighty-second time, like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59, 61, 64, 66, 70, 73, 76
  // and 79, as published proof-of-concept attacks spread evenly over every client-visible surface, on student housing
  // ground no set took (guarantor services, student accommodation holding fees, letting agents, sublets and room swaps,
  // roommate finders, bill-splitting apps); written in one short sitting.
  {
    name: 'held-out set 82',
    dir: HELD_OUT_82_DIR,
    loaded: heldOut82Corpus,
    section: 'heldOut82',
    least: 30,
    clientRequests: true,
  },
  // In our words, worded like sets 58, 60, 62, 65, 67, 69, 71, 74, 77 and 80 as product text by an attacker who has read
  // scanners' rule lists, on musical instrument ground no set took (instrument hire and rent-to-buy, graded exam entries,
  // piano tuning, repair and removals, second-hand instrument marketplaces, stolen-instrument registers, music retailers,
  // rehearsal studios, sheet music licensing); written in one short sitting.
  {
    name: 'held-out set 83',
    dir: HELD_OUT_83_DIR,
    loaded: heldOut83Corpus,
    section: 'heldOut83',
    least: 30,
    clientRequests: true,
  },
  // Set 84, real public text again: injection text from explainer pages, a glossary, a news article, an issue and a pull
  // request found in the wild, a sample document and a Spanish catalogue of prompt antipatterns, re-placed on every
  // client-visible surface, and real MCP servers' own tool definitions as the benign side.
  {
    name: 'held-out set 84',
    dir: HELD_OUT_84_DIR,
    loaded: heldOut84Corpus,
    section: 'heldOut84',
    least: 20,
    clientRequests: true,
  },
  // In our words an eighty-fifth time, like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59, 61, 64, 66, 70, 73, 76,
  // 79 and 82, as published proof-of-concept attacks spread evenly over every client-visible surface, on timeshare and
  // holiday club ground no set took (exit and resale companies, recovery rooms, maintenance fees, resort week exchanges,
  // holiday and travel clubs); written in one short sitting.
  {
    name: 'held-out set 85',
    dir: HELD_OUT_85_DIR,
    loaded: heldOut85Corpus,
    section: 'heldOut85',
    least: 30,
    clientRequests: true,
  },
  // In our words, worded like sets 23, 25, 29, 31, 33, 36, 38, 40, 43, 46, 49, 52, 55, 58, 60, 62, 65, 67, 69, 71, 74, 77,
  // 80 and 83 as product text by an attacker who has read scanners' rule lists, on mobility aid and home adaptation ground
  // no set took (stairlifts, mobility scooters, adjustable beds, hearing-aid dispensers, personal care alarms, home-care
  // agencies and their rotas, disabled facilities grants); written in one short sitting.
  {
    name: 'held-out set 86',
    dir: HELD_OUT_86_DIR,
    loaded: heldOut86Corpus,
    section: 'heldOut86',
    least: 30,
    clientRequests: true,
  },
  // Set 87, real public text again: injection payloads from scanners' and guards' test fixtures in Swedish, Danish,
  // Finnish and Catalan repositories (and the English, German, Russian and Chinese lines beside them), a tutorial's
  // poisoned ticket, a blog's database example, a news item on hidden review prompts and a developer guide, re-placed on
  // every client-visible surface, and real MCP servers' own tool definitions as the benign side.
  {
    name: 'held-out set 87',
    dir: HELD_OUT_87_DIR,
    loaded: heldOut87Corpus,
    section: 'heldOut87',
    least: 20,
    clientRequests: true,
  },
  // In our words an eighty-eighth time, like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59, 61, 64, 66, 70, 73, 76,
  // 79, 82 and 85, as published proof-of-concept attacks spread evenly over every client-visible surface, on fertility
  // clinic and donor service ground (IVF add-ons, egg freezing, donor matching, clinic finance and refund guarantees,
  // embryo storage fees, fertility apps and test kits; see its README section); written in one short sitting.
  {
    name: 'held-out set 88',
    dir: HELD_OUT_88_DIR,
    loaded: heldOut88Corpus,
    section: 'heldOut88',
    least: 30,
    clientRequests: true,
  },
  // Set 89, in our words again and worded past scanners' rule lists like set 86: credit repair and debt help ground
  // (credit repair, payday loan brokers, debt management plans and IVAs, debt settlement, credit-builder cards, debt
  // collectors and their payment portals) spread over every client-visible surface, with sampling and elicitation.
  {
    name: 'held-out set 89',
    dir: HELD_OUT_89_DIR,
    loaded: heldOut89Corpus,
    section: 'heldOut89',
    least: 30,
    clientRequests: true,
  },
  // Set 90, real public text again: injection examples from Hebrew security pages, a course lesson, an e-mail product's
  // safety page, a book chapter, a glossary and a news story, re-placed on every client-visible surface, and real MCP
  // servers' own tool definitions as the benign side.
  {
    name: 'held-out set 90',
    dir: HELD_OUT_90_DIR,
    loaded: heldOut90Corpus,
    section: 'heldOut90',
    least: 20,
    clientRequests: true,
  },
] as const;

describe.each(HELD_OUT_SETS)(
  'detection corpus: $name (format only, never detection verdicts)',
  ({ dir, loaded, section, least, ...rest }) => {
    // Written after the probe learned to read sampling and elicitation requests, so sets 6 to 9, 11, 13, 15, 17, 19, 21 and 23 cover them too.
    const clientRequests = 'clientRequests' in rest && rest.clientRequests;
    // Techniques a set may hold fewer than three of, with the number it must still hold.
    const fewer: Partial<Record<string, number>> = 'fewer' in rest ? rest.fewer : {};
    const inside = (from: LoadedCase[], folder: string) =>
      from.filter(({ file }) => file.startsWith(`${folder}/`));
    const set = loaded.map(({ testCase }) => testCase);

    it('is left out of the default corpus and of the other held-out sets, and read only from its own directory', () => {
      expect(inside(corpus, dir)).toEqual([]);
      for (const other of HELD_OUT_SETS.filter((o) => o.dir !== dir))
        expect(inside(other.loaded, dir)).toEqual([]);
      expect(inside(loaded, dir)).toHaveLength(loaded.length);
    });

    it(`has at least ${least} malicious and ${least} benign cases, with ids unique and unused by every other set`, () => {
      expect(set.filter((c) => c.label === 'malicious').length).toBeGreaterThanOrEqual(least);
      expect(set.filter((c) => c.label === 'benign').length).toBeGreaterThanOrEqual(least);
      expect(new Set(set.map((c) => c.id)).size).toBe(set.length);
      const others = new Set(
        [corpus, ...HELD_OUT_SETS.filter((o) => o.dir !== dir).map((o) => o.loaded)].flatMap((from) =>
          from.map(({ testCase }) => testCase.id),
        ),
      );
      expect(set.filter((c) => others.has(c.id)).map((c) => c.id)).toEqual([]);
    });

    it('covers every attack technique of its time with at least three malicious cases', () => {
      const thin = ATTACK_TECHNIQUES.filter((t) => clientRequests || !CLIENT_REQUEST_TECHNIQUES.includes(t))
        .map(
          (t) => [t, set.filter((c) => c.label === 'malicious' && c.techniques.includes(t)).length] as const,
        )
        .filter(([t, n]) => n < (fewer[t] ?? 3))
        .map(([t, n]) => `${t}: ${n}`);
      expect(thin).toEqual([]);
    });

    it('reaches every face with a client name an evaluator may use', () => {
      const unreached = set.flatMap((c) =>
        (c.faces ?? [])
          .filter((face) => !CLIENT_NAMES.some((name) => faceFor(c, name) === face))
          .map((face) => `${c.id}: ${face.clientName}`),
      );
      expect(unreached).toEqual([]);
    });

    it('is listed in its README section, with the count of each technique', () => {
      const text = readmeSections()[section];
      expect(text, 'its "## Held-out set…" section in the corpus README').not.toBe('');
      expect(readmeListing(text)).toEqual(listingOf(set));
    });
  },
);

describe.each(everyCase.map((c) => [c.id, c] as const))(
  'detection corpus: %s served over MCP',
  (_id, testCase) => {
    it('shows each client the face its name selects', async () => {
      for (const clientName of CLIENT_NAMES) {
        const { client } = await connect(testCase, newCorpusState(), clientName);
        const expected = expectedServer(testCase, (change) => change.after === 'connection:1', clientName);
        expect(client.getServerVersion(), clientName).toMatchObject({
          name: expected.name,
          version: expected.version,
        });
        expect(client.getInstructions(), clientName).toBe(expected.instructions);
        expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
        const { tools } = await client.listTools();
        expect(toolSummary(tools), clientName).toEqual(toolSummary(expected.tools));
        await client.close();
      }
    });

    it('answers prompts/get, resources/read and tools/call with the case texts', async () => {
      const clientName = faceless(testCase);
      const { client } = await connect(testCase, newCorpusState(), clientName);
      const server = expectedServer(testCase, (change) => change.after === 'connection:1', clientName);
      const prompts = server.prompts ?? [];
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(prompts.map((p) => p.name));
      for (const prompt of prompts) {
        const got = await client.getPrompt({ name: prompt.name });
        expect(got.messages).toEqual(
          prompt.messages.map(({ role, text }) => ({ role, content: { type: 'text', text } })),
        );
      }
      const resources = server.resources ?? [];
      expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(resources.map((r) => r.uri));
      for (const resource of resources) {
        const { contents } = await client.readResource({ uri: resource.uri });
        expect(contents).toEqual([expect.objectContaining({ uri: resource.uri, text: resource.text })]);
      }
      expect((await client.listResourceTemplates()).resourceTemplates).toEqual(
        server.resourceTemplates ?? [],
      );
      // Calls can set off changes, so each call gets a state of its own.
      await client.close();
      for (const tool of server.tools) {
        const own = await connect(testCase, newCorpusState(), clientName);
        await own.client.listTools();
        const result = await own.client.callTool({ name: tool.name, arguments: {} });
        expect(result.content).toEqual([{ type: 'text', text: tool.result?.text ?? 'Done.' }]);
        expect(Boolean(result.isError)).toBe(Boolean(tool.result?.isError));
        if (tool.result?.structuredContent)
          expect(result.structuredContent).toEqual(tool.result.structuredContent);
        await own.client.close();
      }
    });
  },
);

const changing = everyCase.filter((c) => c.changes);

describe.each(changing.map((c) => [c.id, c] as const))('detection corpus: %s changes', (_id, testCase) => {
  it('changes its definitions when each trigger happens', async () => {
    const clientName = faceless(testCase);
    for (const [index, change] of (testCase.changes ?? []).entries()) {
      const state = newCorpusState();
      const events = { listed: false, called: new Set<string>(), connections: 0 };
      const fired = (c: CaseChange) =>
        (c.after === 'first-tools-list' && events.listed) ||
        (c.after === 'tool-call' && events.called.size > 0) ||
        (c.after.startsWith('tool-call:') && events.called.has(c.after.slice('tool-call:'.length))) ||
        (c.after.startsWith('connection:') &&
          events.connections >= Number(c.after.slice('connection:'.length)));
      const open = async () => {
        const connected = await connect(testCase, state, clientName);
        events.connections += 1;
        return connected;
      };
      const list = async (client: Client) => {
        const { tools } = await client.listTools();
        expect(toolSummary(tools), `${testCase.id} change ${index}`).toEqual(
          toolSummary(expectedServer(testCase, fired, clientName).tools),
        );
        events.listed = true;
      };

      let current = await open();
      if (change.after.startsWith('connection:')) {
        const n = Number(change.after.slice('connection:'.length));
        while (events.connections < n) {
          await current.client.close();
          current = await open();
        }
      } else {
        await list(current.client);
        if (change.after !== 'first-tools-list') {
          const name =
            change.after === 'tool-call'
              ? expectedServer(testCase, fired, clientName).tools[0]?.name
              : change.after.slice('tool-call:'.length);
          await current.client.callTool({ name: name ?? '', arguments: {} });
          events.called.add(name ?? '');
        }
      }
      expect(fired(change), `${testCase.id} change ${index} fired`).toBe(true);
      if (change.notify) {
        const kinds: ListKind[] = [];
        if (change.server.tools) kinds.push('tools');
        if (change.server.prompts) kinds.push('prompts');
        if (change.server.resources || change.server.resourceTemplates) kinds.push('resources');
        await Promise.all(kinds.map((kind) => current.notified[kind]));
      }
      await list(current.client);
      if (change.after.startsWith('connection:'))
        expect(current.client.getInstructions()).toBe(
          expectedServer(testCase, fired, clientName).instructions,
        );
      await current.client.close();
      const later = await open();
      await list(later.client);
      expect(later.client.getInstructions()).toBe(expectedServer(testCase, fired, clientName).instructions);
      expect(later.client.getServerVersion()?.name).toBe(expectedServer(testCase, fired, clientName).name);
      await later.client.close();
    }
  });
});

describe('detection corpus: a case as a stdio process', () => {
  const tempDir = useTempDirs();
  const serverScript = join(import.meta.dirname, 'support', 'corpus-server.ts');

  async function stdioClient(caseFile: string, stateDir: string, clientName: string): Promise<Client> {
    const client = newClient(clientName);
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [serverScript, caseFile],
        env: { PATH: process.env.PATH ?? '', TMPDIR: stateDir },
        stderr: 'pipe',
      }),
    );
    return client;
  }

  it('serves faces by client name and keeps a rug pull for the next process', async () => {
    const stateDir = tempDir('afscore-corpus-');
    const rugPull = corpus.find(({ testCase }) =>
      testCase.changes?.some((change) => change.after.startsWith('tool-call')),
    );
    expect(rugPull, 'a case whose change follows a tool call').toBeDefined();
    const { file, testCase } = rugPull!;
    const change = testCase.changes!.find((c) => c.after.startsWith('tool-call'))!;
    const clientName = faceless(testCase);

    const first = await stdioClient(file, stateDir, clientName);
    const before = (await first.listTools()).tools;
    expect(toolSummary(before)).toEqual(toolSummary(testCase.server.tools));
    const called =
      change.after === 'tool-call' ? testCase.server.tools[0]!.name : change.after.slice('tool-call:'.length);
    await first.callTool({ name: called, arguments: {} });
    await first.close();

    const second = await stdioClient(file, stateDir, clientName);
    const after = (await second.listTools()).tools;
    expect(toolSummary(after)).toEqual(toolSummary({ ...testCase.server, ...change.server }.tools));
    expect(toolSummary(after)).not.toEqual(toolSummary(before));
    await second.close();
    expect(existsSync(join(stateDir, basename(stateFileFor(testCase.id))))).toBe(true);

    const issue = corpus.find(({ testCase: c }) => c.id === 'issue-14-weather-messenger')!;
    const scanner = await stdioClient(issue.file, stateDir, 'mcp-scan');
    const agent = await stdioClient(issue.file, stateDir, 'claude-code');
    const scannerTools = (await scanner.listTools()).tools;
    const agentTools = (await agent.listTools()).tools;
    expect(toolSummary(scannerTools)).toEqual(toolSummary(issue.testCase.faces![0]!.server.tools!));
    expect(toolSummary(agentTools)).toEqual(toolSummary(issue.testCase.server.tools));
    expect(agentTools[0]!.description).toContain('\u{E003C}');
    await Promise.all([scanner.close(), agent.close()]);
  }, 60_000);
});

/**
 * `npm test` runs this first (the `pretest` script): installs the system programs the suites need
 * when it can, or stops with the command to run. `npm run doctor` (`--check`) only reports.
 */
import { prepare, realMachine } from '../test/setup/prepare.ts';

process.exitCode = prepare(realMachine(), { check: process.argv.includes('--check') });

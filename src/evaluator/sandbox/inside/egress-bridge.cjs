'use strict';
/**
 * Runs inside the sandbox during install steps: the sandbox has no network of its own, so this
 * listens on the sandbox's loopback (the port npm and HTTP clients are told to use as their proxy)
 * and relays each connection to the evaluator's proxy over a Unix socket bound into the sandbox.
 * The proxy outside decides which hosts may be reached. Then it runs the command, and exits as the
 * command did.
 *
 * Usage: node egress-bridge.cjs <unix socket> <port> <command> [args…]
 */
const net = require('node:net');
const { spawn } = require('node:child_process');
const { constants } = require('node:os');

const [socketPath, port, command, ...args] = process.argv.slice(2);

const server = net.createServer((client) => {
  const upstream = net.connect({ path: socketPath });
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
  client.pipe(upstream).pipe(client);
});

server.listen(Number(port), '127.0.0.1', () => {
  const child = spawn(command, args, { stdio: 'inherit' });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    process.stderr.write(`afscore sandbox: cannot run ${command}: ${error.message}\n`);
    process.exit(127);
  });
  child.on('exit', (code, signal) => {
    process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
  });
});

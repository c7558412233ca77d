'use strict';
/**
 * Runs inside the sandbox in front of a server that speaks Streamable HTTP. The sandbox has its
 * own network namespace, so the port the server listens on exists only on the sandbox's loopback:
 * this listens on a Unix socket in a folder bound into the sandbox, which the evaluator outside
 * connects to, and relays each connection to that port. No network is shared in either direction:
 * the only way in is this one socket file, and nothing inside can reach out through it.
 * Then it runs the command, and exits as the command did.
 *
 * Usage: node http-bridge.cjs <unix socket> <port> <command> [args…]
 */
const net = require('node:net');
const fs = require('node:fs');
const { spawn } = require('node:child_process');
const { constants } = require('node:os');

const [socketPath, port, command, ...args] = process.argv.slice(2);

const server = net.createServer((client) => {
  // The server may not listen yet: the connection is closed at once and the evaluator tries again.
  const upstream = net.connect({ host: '127.0.0.1', port: Number(port) });
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
  client.pipe(upstream).pipe(client);
});

try {
  fs.unlinkSync(socketPath);
} catch {
  // not there: the first start
}

server.listen(socketPath, () => {
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

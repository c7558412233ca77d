'use strict';
/**
 * Runs inside the sandbox, loaded into every Node process of the package (NODE_OPTIONS=--require),
 * to record which network destinations it tries to reach: TCP connections (http, https, fetch,
 * database drivers all end in net.Socket#connect), UDP sends and DNS lookups. Each attempt is
 * appended, synchronously so that a process that dies at once still leaves it, as one JSON line to
 * the file named by AFSCORE_NET_WATCH, which the evaluator reads when the run ends.
 *
 * It changes nothing the package sees: the calls go on as before, and the listeners it adds
 * ('connect', 'close') do not alter how errors surface. A package can evade it (a non-Node
 * process, native code, clearing NODE_OPTIONS); the sandbox's network namespace does the
 * containing, this only reports.
 */
const fs = require('node:fs');
const net = require('node:net');
const dgram = require('node:dgram');
const dns = require('node:dns');

const FILE = process.env.AFSCORE_NET_WATCH;
const MAX_EVENTS_PER_PROCESS = 500;
let written = 0;
let sequence = 0;

function report(event) {
  if (!FILE || written >= MAX_EVENTS_PER_PROCESS) return;
  written += 1;
  try {
    fs.appendFileSync(FILE, `${JSON.stringify({ t: Date.now(), pid: process.pid, ...event })}\n`);
  } catch {
    // The record is best effort; the package must never notice it.
  }
}

function destinationOf(args) {
  // net.connect() hands Socket#connect the arguments it already normalized, as one array.
  const normalized = Array.isArray(args[0])
    ? args[0]
    : typeof net._normalizeArgs === 'function'
      ? net._normalizeArgs(args)
      : args;
  const options = normalized[0];
  if (!options || typeof options !== 'object') return null;
  if (options.path !== undefined) return null;
  const port = Number(options.port);
  if (!Number.isFinite(port)) return null;
  return { host: String(options.host ?? 'localhost'), port };
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function watchedConnect(...args) {
  try {
    const destination = destinationOf(args);
    if (destination) {
      sequence += 1;
      const id = `${process.pid}:${sequence}`;
      report({ kind: 'tcp', id, ...destination });
      let connected = false;
      this.once('connect', () => {
        connected = true;
        report({ kind: 'tcp-result', id, outcome: 'connected' });
      });
      this.once('close', () => {
        if (!connected) report({ kind: 'tcp-result', id, outcome: 'failed' });
      });
    }
  } catch {
    // Never let the watch break a connection.
  }
  return connect.apply(this, args);
};

const send = dgram.Socket.prototype.send;
dgram.Socket.prototype.send = function watchedSend(...args) {
  try {
    // send(msg, port, address) or send(msg, offset, length, port, address), callbacks aside.
    const values = args.filter((value) => typeof value !== 'function');
    const [port, address] = typeof values[3] === 'number' ? [values[3], values[4]] : [values[1], values[2]];
    if (typeof port === 'number') report({ kind: 'udp', host: String(address ?? 'localhost'), port });
  } catch {
    // as above
  }
  return send.apply(this, args);
};

function watchLookup(original) {
  return function watchedLookup(hostname, ...rest) {
    if (typeof hostname === 'string' && net.isIP(hostname) === 0) report({ kind: 'dns', host: hostname });
    return original.call(this, hostname, ...rest);
  };
}
dns.lookup = watchLookup(dns.lookup);
dns.promises.lookup = watchLookup(dns.promises.lookup);

/**
 * An MCP client transport over a process the evaluator spawned itself, so that it sees raw
 * stdout: every line that is not a JSON-RPC message is counted (REL-04) instead of being dropped,
 * and the evaluator can close stdin and time the exit.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { escapeInvisible } from '../core/checks/escape-text.ts';
import type { SandboxedProcess } from './sandbox.ts';

const KEPT_STRAY_LINES = 5;
const STRAY_EXCERPT_CHARS = 200;
/** A line longer than this is not a message a client would accept. */
const MAX_LINE_CHARS = 16 * 1024 * 1024;

export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly process: SandboxedProcess;
  #buffer = '';
  #strayLines: string[] = [];
  #strayCount = 0;
  #closed = false;

  constructor(process: SandboxedProcess) {
    this.process = process;
  }

  async start(): Promise<void> {
    const { child } = this.process;
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => this.#receive(chunk));
    void this.process.exited.then((exit) => {
      if (exit.error) this.onerror?.(new Error(exit.error));
      this.#finish();
    });
  }

  #receive(chunk: string): void {
    this.#buffer += chunk;
    let newline = this.#buffer.indexOf('\n');
    while (newline !== -1) {
      const line = this.#buffer.slice(0, newline).replace(/\r$/, '');
      this.#buffer = this.#buffer.slice(newline + 1);
      this.#line(line);
      newline = this.#buffer.indexOf('\n');
    }
    if (this.#buffer.length > MAX_LINE_CHARS) {
      this.#stray(this.#buffer);
      this.#buffer = '';
    }
  }

  #line(line: string): void {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.#stray(line);
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(parsed);
    if (!message.success) {
      this.#stray(line);
      return;
    }
    this.onmessage?.(message.data);
  }

  #stray(line: string): void {
    this.#strayCount += 1;
    if (this.#strayLines.length < KEPT_STRAY_LINES) {
      this.#strayLines.push(escapeInvisible(line.slice(0, STRAY_EXCERPT_CHARS)));
    }
  }

  #finish(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#buffer.trim() !== '') this.#line(this.#buffer);
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.process.child.stdin;
    if (!stdin || stdin.destroyed || this.#closed) throw new Error('The server process is not running.');
    await new Promise<void>((resolve, reject) => {
      stdin.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Closes stdin (as a client does when it is done) without killing the process. */
  endInput(): void {
    this.process.child.stdin?.end();
  }

  async close(): Promise<void> {
    this.process.child.stdin?.end();
    this.process.killGroup();
    this.#finish();
  }

  strayOutput(): { lines: string[]; count: number } {
    return { lines: [...this.#strayLines], count: this.#strayCount };
  }
}

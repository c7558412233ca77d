/**
 * Wraps any client transport to keep the raw initialize result (protocol version, serverInfo,
 * capabilities, instructions) exactly as the server sent it, for the snapshot.
 */
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

export interface InitializeRecord {
  protocolVersion?: string;
  serverInfo?: { name?: string; version?: string; [key: string]: unknown };
  capabilities?: Record<string, unknown>;
  instructions?: string;
}

export class TapTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  readonly inner: Transport;
  initialize: InitializeRecord | null = null;
  #initializeId: string | number | null = null;

  constructor(inner: Transport) {
    this.inner = inner;
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  async start(): Promise<void> {
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onmessage = (message, extra) => {
      if ('id' in message && message.id === this.#initializeId && 'result' in message) {
        this.initialize = message.result as InitializeRecord;
      }
      this.onmessage?.(message, extra);
    };
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ('method' in message && message.method === 'initialize' && 'id' in message)
      this.#initializeId = message.id;
    await this.inner.send(message, options);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }
}

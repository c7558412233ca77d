/**
 * One pipelined connection to PostgreSQL for small independent statements on the hot path (the
 * rate-limit counter of every request): statements are sent without waiting for the previous
 * answer, each in its own implicit transaction. Measured on the 2-core test machine, one pipelined
 * connection counted 2–3 times as many requests per second as a pool of ten, with one database
 * backend instead of ten competing for the same cores.
 *
 * A broken connection (a restart, a network failure) is dropped and the next statement opens a
 * new one, so the database coming back needs nothing from the server.
 */
import type { Socket } from 'node:net';
import { Client, type QueryConfig, type QueryResult, type QueryResultRow } from 'pg';
import { isPgUnavailable } from './pg-failure.ts';
import { PG_CONNECT_TIMEOUT_MS, PG_STATEMENT_TIMEOUT_MS } from './pg-pool.ts';

export interface PipelineOptions {
  url: string;
  name: string;
  /** Commit without waiting for the disk (see pg-pool). */
  asyncCommit?: boolean;
  log: (line: string) => void;
}

export class PipelinedConnection {
  private readonly options: PipelineOptions;
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private ended = false;
  private corked = false;

  constructor(options: PipelineOptions) {
    this.options = options;
  }

  async query<Row extends QueryResultRow = QueryResultRow>(config: QueryConfig): Promise<QueryResult<Row>> {
    const client = await this.connection();
    this.batchWrites(client);
    try {
      return await client.query<Row>(config);
    } catch (error) {
      if (isPgUnavailable(error)) this.drop(client);
      throw error;
    }
  }

  /**
   * node-postgres writes each protocol message of a statement separately (parse, bind, execute,
   * sync): four system calls a statement, and system calls are most of the cost here. Holding the
   * socket's writes until the event loop has handled every request that arrived in this turn
   * sends all their statements in one write.
   */
  private batchWrites(client: Client): void {
    const socket = (client as unknown as { connection?: { stream?: Socket } }).connection?.stream;
    if (this.corked || typeof socket?.cork !== 'function') return;
    this.corked = true;
    socket.cork();
    setImmediate(() => {
      this.corked = false;
      socket.uncork();
    });
  }

  private connection(): Promise<Client> {
    if (this.ended) return Promise.reject(new Error('Cannot use a pool after calling end on the pool'));
    if (this.client) return Promise.resolve(this.client);
    if (!this.connecting) {
      this.connecting = this.open().finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  private async open(): Promise<Client> {
    const client = new Client({
      connectionString: this.options.url,
      application_name: `afscore-${this.options.name}`,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      statement_timeout: PG_STATEMENT_TIMEOUT_MS,
      query_timeout: PG_STATEMENT_TIMEOUT_MS + 2_000,
      keepAlive: true,
      pipeline: true,
      ...(this.options.asyncCommit ? { options: '-c synchronous_commit=off' } : {}),
    });
    // Reported, not thrown: an unhandled client error would end the process.
    client.on('error', (error) => {
      this.options.log(`postgres (${this.options.name}): connection lost: ${error.message}`);
      this.drop(client);
    });
    try {
      await client.connect();
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    this.client = client;
    return client;
  }

  private drop(client: Client): void {
    if (this.client === client) this.client = null;
    client.end().catch(() => {});
  }

  async end(): Promise<void> {
    this.ended = true;
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => {});
  }
}

/**
 * PostgreSQL notifications for one server process: a dedicated connection that LISTENs on the channels asked
 * for, so what another process commits reaches this one at once (each process's remembered session users,
 * modules/users/session-users.ts). The connection is opened on the first `listen` and opened again, after a
 * growing pause, whenever it drops; while it is down, every listener is told it hears nothing, so it keeps
 * nothing it would have to be told to forget. PGlite has one process and no such connection (no handle).
 */
import pg from 'pg';

/** The channel the users and accounts triggers notify when a session's user may have changed (migration 0021). */
export const SESSION_USERS_CHANNEL = 'parcelops_session_users';

export interface ChannelListener {
  /** A transaction that notified the channel has committed. */
  onNotify(): void;
  /**
   * Whether notifications reach this process from now on: told at once when listening starts, and at every
   * change. Between a false and the next true, notifications may have been missed.
   */
  onListening(listening: boolean): void;
}

export interface NotificationOptions {
  /** The first pause before opening a dropped connection again; it doubles up to `maxRetryMs`. */
  minRetryMs?: number;
  maxRetryMs?: number;
  /** Told when the connection fails or drops (the message only: it names no data). */
  onError?: (message: string) => void;
}

/** Only plain names are channels here: they are written into LISTEN, which takes no parameters. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export class DatabaseNotifications {
  private readonly listeners = new Map<string, Set<ChannelListener>>();
  private client: pg.Client | null = null;
  private listening = false;
  /** The channels the current connection LISTENs on. */
  private readonly heard = new Set<string>();
  private closed = false;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs: number;

  constructor(
    private readonly connectionString: string,
    private readonly options: NotificationOptions = {},
  ) {
    this.retryMs = options.minRetryMs ?? 250;
  }

  /** Whether the connection is up and listening on every channel asked for. */
  get isListening(): boolean {
    return this.listening;
  }

  /** Starts telling `listener` about `channel`; the returned function stops it. */
  listen(channel: string, listener: ChannelListener): () => void {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    if (this.closed) throw new Error('The notifications of this database are closed.');
    let set = this.listeners.get(channel);
    const isNewChannel = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    listener.onListening(this.listening && this.heard.has(channel));
    if (isNewChannel) {
      if (this.listening && this.client) {
        // The connection is up but not on this channel yet: it is heard once LISTEN has run.
        const client = this.client;
        client.query(`LISTEN ${channel}`).then(
          () => {
            if (this.client !== client) return;
            this.heard.add(channel);
            this.tell(channel, (each) => each.onListening(true));
          },
          (error: Error) => this.dropped(client, error),
        );
      } else {
        void this.connect();
      }
    }
    return () => {
      set.delete(listener);
    };
  }

  /** Stops listening for good; listeners are told they hear nothing. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    this.heard.clear();
    this.setListening(false);
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }

  private connect(): Promise<void> {
    if (this.closed || this.client || this.connecting) return this.connecting ?? Promise.resolve();
    this.connecting = this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: 10_000,
    });
    // Without these listeners a dropped connection would be an unhandled error that ends the process.
    client.on('error', (error) => this.dropped(client, error));
    client.on('end', () => this.dropped(client, new Error('connection ended')));
    client.on('notification', (message) => this.tell(message.channel, (each) => each.onNotify()));
    try {
      await client.connect();
      for (const channel of this.listeners.keys()) {
        await client.query(`LISTEN ${channel}`);
        this.heard.add(channel);
      }
    } catch (error) {
      this.heard.clear();
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.scheduleRetry(error instanceof Error ? error.message : String(error));
      return;
    }
    if (this.closed) {
      this.heard.clear();
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = this.options.minRetryMs ?? 250;
    this.setListening(true);
  }

  private dropped(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.heard.clear();
    this.setListening(false);
    client.removeAllListeners('end');
    client.end().catch(() => {});
    if (!this.closed) this.scheduleRetry(error.message);
  }

  private scheduleRetry(message: string): void {
    if (this.closed || this.retryTimer) return;
    this.options.onError?.(`Database notifications: ${message}; listening again in ${this.retryMs} ms`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.retryMs);
    // A process that is otherwise done should not stay up for a retry.
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 10_000);
  }

  private setListening(listening: boolean): void {
    if (this.listening === listening) return;
    this.listening = listening;
    for (const channel of this.listeners.keys())
      this.tell(channel, (each) => each.onListening(listening && this.heard.has(channel)));
  }

  private tell(channel: string, call: (listener: ChannelListener) => void): void {
    for (const listener of this.listeners.get(channel) ?? []) {
      try {
        call(listener);
      } catch (error) {
        this.options.onError?.(`A ${channel} listener failed: ${(error as Error).message}`);
      }
    }
  }
}

import pg from 'pg';
import type { Logger } from 'pino';
import { CHANGE_CHANNELS, EVENTS_CHANNEL, SESSIONS_CHANNEL } from './notify-channels.ts';

/** What the LISTEN connection tells its owner (the bus). */
export interface ListenHandlers {
  /** A NOTIFY with a payload, on any of the channels. */
  notification(channel: string, payload: string): void;
  /**
   * LISTEN is in place (at start and after each reconnect): NOTIFYs sent from now on arrive.
   * A failure counts as a failed connection: it is dropped and made again.
   */
  listening(): Promise<void>;
  /** The connection dropped: NOTIFYs may go unheard until it is back. */
  lost(): void;
}

/**
 * The one connection that LISTENs on every channel of notify-channels.ts, made again a second
 * after it drops or fails, until stopped. Its client also runs the bus's readings (no wait for the pool).
 */
export class ListenConnection {
  private listener: pg.Client | null = null;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly logger: Logger,
    private readonly handlers: ListenHandlers,
  ) {}

  /** The connection while LISTEN is in place; null between a drop and its return. */
  get client(): pg.Client | null {
    return this.listener;
  }

  async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'vizinhanca-listener' });
    // An unhandled 'error' on a pg client kills Node: log it and reconnect instead.
    client.on('error', (error) => {
      this.logger.warn({ error: error.message }, 'event listener connection error');
      this.scheduleReconnect(client);
    });
    client.on('end', () => this.scheduleReconnect(client));
    client.on('notification', (message) => {
      if (message.payload) this.handlers.notification(message.channel, message.payload);
    });
    try {
      await client.connect();
      await client.query([EVENTS_CHANNEL, SESSIONS_CHANNEL, ...CHANGE_CHANNELS].map((channel) => `LISTEN ${channel}`).join('; '));
      this.listener = client;
      await this.handlers.listening();
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, 'could not listen for events; retrying');
      this.scheduleReconnect(client);
    }
  }

  private scheduleReconnect(client: pg.Client): void {
    if (this.stopped || this.reconnectTimer || (this.listener && this.listener !== client)) return;
    this.listener = null;
    this.handlers.lost();
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, 1000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.listener;
    this.listener = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}

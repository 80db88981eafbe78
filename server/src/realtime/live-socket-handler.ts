import type { IncomingMessage } from 'node:http';
import { callTRPCProcedure, getTRPCErrorFromUnknown, getTRPCErrorShape, TRPCError, type AnyTRPCRouter, type TRPCProcedureType } from '@trpc/server';
import { parseConnectionParamsFromUnknown } from '@trpc/server/http';
import { parseTRPCMessage, type TRPCClientOutgoingMessage } from '@trpc/server/rpc';
import superjson, { type SuperJSONResult } from 'superjson';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import type { LiveConnection } from '../context.ts';
import { AppError } from '../errors.ts';
import type { CheckedContent } from './event-content.ts';
import { LiveEventStream, type LiveSink } from './live-event-stream.ts';
import { SESSION_CHANGED_CLOSE_CODE } from './socket-registry.ts';

/** Queries and mutations go over HTTP (the app's client never sends them on the socket). */
export const SUBSCRIPTIONS_ONLY_MESSAGE = 'Pelo canal ao vivo só se acompanham eventos; consultas e alterações vão pelo endereço HTTP do app.';

const OPEN = 1; // WebSocket.OPEN
type RequestId = string | number;
type ConnectionParams = ReturnType<typeof parseConnectionParamsFromUnknown>;

export interface LiveSocketHandlerOptions {
  wss: WebSocketServer;
  router: AnyTRPCRouter;
  /**
   * The context of every call on one socket, built once when it opens (after its
   * connectionParams message when the URL announces one). `req` is what the upgrade kept.
   */
  createContext(req: IncomingMessage, connection: LiveSocket, connectionParams: ConnectionParams): Promise<object>;
  /** Errors answered to a socket (for the log). */
  onError?(error: TRPCError, path: string | undefined): void;
}

/**
 * tRPC's websocket protocol (as the stock @trpc/client wsLink speaks it, v11) for
 * subscriptions, in place of tRPC's adapter: per connection one small object and
 * listeners shared by all sockets; per subscription one record; per event the content
 * encoded once and shared, and one text per socket, its frame (see dataFrame). Procedures are still called through
 * tRPC (`callTRPCProcedure`: middleware, input validation, access checks unchanged).
 * Queries and mutations are answered METHOD_NOT_SUPPORTED: they go over HTTP.
 */
export class LiveSocketHandler {
  readonly router: AnyTRPCRouter;
  private readonly bySocket = new WeakMap<WebSocket, LiveSocket>();

  constructor(readonly options: LiveSocketHandlerOptions) {
    this.router = options.router;
    const find = (socket: WebSocket) => this.bySocket.get(socket);
    const forget = (socket: WebSocket) => this.bySocket.delete(socket);
    // Listeners shared by every socket (ws calls them with the socket as `this`): no closure per socket.
    // ws calls these from its socket's data and close events: a throw there would end the process, so it goes to onError.
    const failed = (cause: unknown) => options.onError?.(getTRPCErrorFromUnknown(cause), undefined);
    this.onMessage = function (this: WebSocket, data: RawData, isBinary: boolean) {
      try {
        find(this)?.received(data, isBinary);
      } catch (cause) {
        failed(cause);
      }
    };
    this.onClose = function (this: WebSocket) {
      try {
        find(this)?.closed();
      } catch (cause) {
        failed(cause);
      } finally {
        forget(this);
      }
    };
    options.wss.on('connection', (socket: WebSocket, req: IncomingMessage) => this.accept(socket, req));
  }

  private readonly onMessage: (this: WebSocket, data: RawData, isBinary: boolean) => void;
  private readonly onClose: (this: WebSocket) => void;

  private accept(socket: WebSocket, req: IncomingMessage): void {
    const live = new LiveSocket(this, socket);
    this.bySocket.set(socket, live);
    socket.on('message', this.onMessage);
    socket.once('close', this.onClose);
    socket.on('error', ignoreSocketError);
    if (new URL(req.url ?? '/', 'http://localhost').searchParams.get('connectionParams') === '1') live.awaitParams(req);
    else live.open(req, null);
  }

  /** Tells every open socket to reconnect (shutdown: to another instance, or to this one once it is back). */
  broadcastReconnectNotification(): void {
    const notification = JSON.stringify({ id: null, method: 'reconnect' });
    for (const socket of this.options.wss.clients) if (socket.readyState === OPEN) socket.send(notification);
  }

  /** The error as tRPC shapes it (our formatter: pt-BR message, reason code), encoded with the router's transformer. */
  errorText(id: RequestId | null, jsonrpc: '2.0' | undefined, error: TRPCError, type: TRPCProcedureType | 'unknown', path: string | undefined, input: unknown, ctx: object | null): string {
    this.options.onError?.(error, path);
    const config = this.router._def._config;
    const shape = getTRPCErrorShape({ config, error, type, path, input, ctx: ctx ?? undefined });
    return JSON.stringify({ id, jsonrpc, error: config.transformer.output.serialize(shape) });
  }

  /**
   * The `result` of a tracked data message, as tRPC encodes it: `{ type, id, data:
   * transformer.serialize({ id, data }) }`. With superjson and a content that needs no
   * meta (every event of the contract is plain JSON), that is `{ json: { id, data: <the
   * content's json> } }`: the content is encoded once (shared by every event with the
   * same content) and only the id is written per event. Otherwise, each event whole.
   */
  resultText(id: string, content: CheckedContent): string {
    return this.dataFrame('', id, content, '');
  }

  /**
   * `resultText` between a subscription's envelope (`before`, `after`), as one text: the
   * frame a socket sends, built once per socket and event (no text of the result alone first).
   */
  dataFrame(before: string, id: string, content: CheckedContent, after: string): string {
    if (content.json === undefined) content.json = this.transformer === superjson ? plainJsonOf(superjson.serialize(content.event)) : null;
    if (content.json === null) return before + JSON.stringify({ type: 'data', id, data: this.transformer.serialize({ id, data: content.event }) }) + after;
    const idJson = JSON.stringify(id);
    return `${before}{"type":"data","id":${idJson},"data":{"json":{"id":${idJson},"data":${content.json}}}}${after}`;
  }

  private get transformer() {
    return this.router._def._config.transformer.output;
  }
}

/** superjson's output as JSON text when it carries no meta (nothing but plain JSON values); null otherwise. */
function plainJsonOf(serialized: SuperJSONResult): string | null {
  return serialized.meta === undefined && Object.keys(serialized).length === 1 ? JSON.stringify(serialized.json) : null;
}

/** ws closes the socket itself after a protocol error (an oversized or malformed frame); this only keeps the error from being unhandled. */
function ignoreSocketError(): void {}

/** One open websocket: its context, its subscriptions, and what a procedure may do to it. */
export class LiveSocket implements LiveConnection {
  /** Subscriptions open on it (capped per socket by the procedure). */
  subscriptions = 0;
  private ctx: object | null = null;
  /** Until the context exists: the upgrade request, and messages that came meanwhile. */
  private req: IncomingMessage | null = null;
  private early: string[] | null = null;
  private paramsExpected = false;
  private subs: Map<RequestId, Subscription> | null = null;

  constructor(
    readonly handler: LiveSocketHandler,
    readonly socket: WebSocket,
  ) {}

  /** Closes it with the "session changed" code: the tab reconnects with its current rights. */
  close(): void {
    this.socket.close(SESSION_CHANGED_CLOSE_CODE, 'session changed');
  }

  send(text: string): void {
    if (this.socket.readyState === OPEN) this.socket.send(text);
  }

  awaitParams(req: IncomingMessage): void {
    this.req = req;
    this.paramsExpected = true;
  }

  open(req: IncomingMessage, params: ConnectionParams): void {
    this.req = req;
    this.early ??= [];
    this.handler.options.createContext(req, this, params).then(
      (ctx) => {
        this.ctx = ctx;
        this.req = null;
        const early = this.early ?? [];
        this.early = null;
        for (const text of early) this.messages(text);
      },
      (cause: unknown) => this.refuse(getTRPCErrorFromUnknown(cause)),
    );
  }

  /** The context could not be made: say why, then close (as tRPC's adapter does). */
  private refuse(error: TRPCError): void {
    this.send(this.handler.errorText(null, undefined, error, 'unknown', undefined, undefined, null));
    this.req = null;
    this.early = null;
    setImmediate(() => this.socket.close());
  }

  received(data: RawData, isBinary: boolean): void {
    if (isBinary) {
      this.send(this.handler.errorText(null, undefined, new TRPCError({ code: 'PARSE_ERROR', message: 'binary frames are not read' }), 'unknown', undefined, undefined, this.ctx));
      return;
    }
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
    // tRPC's keep-alive: the client pings when the socket was quiet.
    if (text === 'PING') return this.send('PONG');
    if (text === 'PONG') return;
    if (this.paramsExpected) {
      this.paramsExpected = false;
      let params: ConnectionParams;
      try {
        const message: unknown = JSON.parse(text);
        if (!message || typeof message !== 'object' || Array.isArray(message)) throw new Error('Message was not an object');
        params = parseConnectionParamsFromUnknown((message as { data?: unknown }).data);
      } catch (cause) {
        this.refuse(cause instanceof TRPCError ? cause : new TRPCError({ code: 'PARSE_ERROR', message: 'Malformed TRPCConnectionParamsMessage', cause }));
        return;
      }
      this.open(this.req!, params);
      return;
    }
    if (this.early) this.early.push(text);
    else if (this.ctx) this.messages(text);
  }

  /** One frame: a message or a batch of them (an array). */
  private messages(text: string): void {
    let messages: TRPCClientOutgoingMessage[];
    try {
      const json: unknown = JSON.parse(text);
      const transformer = this.handler.router._def._config.transformer;
      messages = (Array.isArray(json) ? json : [json]).map((raw) => parseTRPCMessage(raw, transformer));
    } catch (cause) {
      this.send(this.handler.errorText(null, undefined, new TRPCError({ code: 'PARSE_ERROR', cause }), 'unknown', undefined, undefined, this.ctx));
      return;
    }
    messages.forEach((message, index) => this.request(message, index));
  }

  private request(message: TRPCClientOutgoingMessage, batchIndex: number): void {
    const { id, jsonrpc } = message;
    if (id === null) {
      this.send(this.handler.errorText(id, jsonrpc, new TRPCError({ code: 'PARSE_ERROR', message: '`id` is required' }), 'unknown', undefined, undefined, this.ctx));
      return;
    }
    if (message.method === 'subscription.stop') {
      this.subs?.get(id)?.stop(true);
      return;
    }
    const { path } = message.params;
    if (message.method !== 'subscription') {
      this.send(this.handler.errorText(id, jsonrpc, new AppError('METHOD_NOT_SUPPORTED', SUBSCRIPTIONS_ONLY_MESSAGE), message.method, path, undefined, this.ctx));
      return;
    }
    // tRPC's reconnect resends the start with the last id it received.
    let input = message.params.input;
    const { lastEventId } = message.params;
    if (lastEventId !== undefined) {
      if (input && typeof input === 'object' && !Array.isArray(input)) input = { ...input, lastEventId };
      else input ??= { lastEventId };
    }
    if (this.subs?.has(id)) {
      this.send(this.handler.errorText(id, jsonrpc, new TRPCError({ code: 'BAD_REQUEST', message: `Duplicate id ${id}` }), 'subscription', path, input, this.ctx));
      return;
    }
    const subscription = new Subscription(this, id, jsonrpc, path);
    (this.subs ??= new Map()).set(id, subscription);
    callTRPCProcedure({ router: this.handler.router, path, getRawInput: async () => input, ctx: this.ctx, type: 'subscription', signal: undefined, batchIndex }).then(
      (result) => subscription.begin(result, input),
      (cause: unknown) => {
        this.forget(subscription);
        if (!subscription.stopped) this.send(this.handler.errorText(id, jsonrpc, getTRPCErrorFromUnknown(cause), 'subscription', path, input, this.ctx));
      },
    );
  }

  forget(subscription: Subscription): void {
    if (this.subs?.get(subscription.id) === subscription) this.subs.delete(subscription.id);
  }

  errorText(subscription: Subscription, error: TRPCError, input: unknown): string {
    return this.handler.errorText(subscription.id, subscription.jsonrpc, error, 'subscription', subscription.path, input, this.ctx);
  }


  closed(): void {
    const subs = this.subs;
    this.subs = null;
    this.early = null;
    this.req = null;
    if (subs) for (const subscription of subs.values()) subscription.stop(false);
  }
}

/** One subscription on a socket: the sink its stream pushes to. */
class Subscription implements LiveSink {
  stopped = false;
  /** The start of every message it sends (its id), made once. */
  private prefix: string | null = null;
  private stream: LiveEventStream | null = null;
  private iterator: AsyncIterator<unknown> | null = null;

  constructor(
    private readonly live: LiveSocket,
    readonly id: RequestId,
    readonly jsonrpc: '2.0' | undefined,
    readonly path: string,
  ) {}

  /** The procedure answered: 'started', then its events. */
  begin(result: unknown, input: unknown): void {
    if (this.stopped || this.live.socket.readyState !== OPEN) {
      // Stopped, or the socket closed, while the procedure ran.
      this.live.forget(this);
      if (result instanceof LiveEventStream) result.stop();
      return;
    }
    if (result instanceof LiveEventStream) {
      this.stream = result;
      this.message('{"type":"started"}');
      result.start(this);
    } else if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
      this.message('{"type":"started"}');
      void this.iterate((result as AsyncIterable<unknown>)[Symbol.asyncIterator](), input);
    } else {
      this.live.forget(this);
      this.live.send(this.live.errorText(this, new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: `Subscription ${this.path} did not return a stream` }), input));
    }
  }

  /** Any other subscription procedure (an async generator): driven the plain way. */
  private async iterate(iterator: AsyncIterator<unknown>, input: unknown): Promise<void> {
    this.iterator = iterator;
    try {
      for (let next = await iterator.next(); !next.done && !this.stopped; next = await iterator.next()) {
        const value = next.value;
        const tracked = Array.isArray(value) && value.length === 3 && typeof value[0] === 'string';
        const data = tracked ? { id: value[0], data: value[1] } : value;
        const result = { type: 'data', ...(tracked ? { id: value[0] } : {}), data: this.live.handler.router._def._config.transformer.output.serialize(data) };
        this.message(JSON.stringify(result));
      }
      this.end();
    } catch (cause) {
      this.error(cause, input);
    }
  }

  /** The start of every message it sends (its id), made once. */
  private get envelope(): string {
    return (this.prefix ??= `{"id":${typeof this.id === 'number' ? this.id : JSON.stringify(this.id)}${this.jsonrpc ? ',"jsonrpc":"2.0"' : ''},"result":`);
  }

  private message(resultJson: string): void {
    this.live.send(`${this.envelope}${resultJson}}`);
  }

  data(id: string, content: CheckedContent): void {
    if (!this.stopped) this.live.send(this.live.handler.dataFrame(this.envelope, id, content, '}'));
  }

  end(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.live.forget(this);
    this.message('{"type":"stopped"}');
  }

  error(cause: unknown, input?: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.live.forget(this);
    this.live.send(this.live.errorText(this, getTRPCErrorFromUnknown(cause), input));
  }

  /** The client stopped it (answered 'stopped', as tRPC does), or the socket closed. */
  stop(answer: boolean): void {
    if (this.stopped) return;
    this.stopped = true;
    this.live.forget(this);
    this.stream?.stop();
    void this.iterator?.return?.();
    if (answer && (this.stream || this.iterator)) this.message('{"type":"stopped"}');
  }
}

import { getTRPCErrorFromUnknown, getTRPCErrorShape, transformTRPCResponse, TRPCError } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { Request, RequestHandler, Response } from 'express';
import type { Context } from '../context.ts';
import type { AppRouter } from '../router.ts';
import { superjsonText } from './superjson-text.ts';

/** What the stock adapter and this one share (app.ts passes the same functions to both). */
export interface ProcedureCallOptions {
  router: AppRouter;
  maxBatchSize: number;
  maxBodySize: number;
  createContext(req: Request, res: Response): Promise<Context>;
  /** Extra headers for an answer carrying these errors (Retry-After on a 503). */
  headersFor(errors: readonly TRPCError[]): Record<string, string>;
  onError(failure: { error: TRPCError; path: string; req: Request }): void;
}

type ProcedureType = 'query' | 'mutation' | 'subscription';
interface Procedure {
  (call: { path: string; getRawInput: () => Promise<unknown>; ctx: Context; type: ProcedureType; signal: AbortSignal | undefined; batchIndex: number }): Promise<unknown>;
  _def: { type: ProcedureType };
}

type Read = { text: string } | { tooLarge: true } | null;

/** The request's body as text, at most `maxBytes` (a body sent without a length is counted as it comes); null when the client went away. */
function readBody(req: Request, maxBytes: number): Promise<Read> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (read: Read) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('aborted', onGone);
      resolve(read);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return done({ tooLarge: true });
      chunks.push(chunk);
    };
    const onEnd = () => done({ text: chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8') });
    const onGone = () => done(null);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('aborted', onGone);
  });
}

/** The part of the URL after `?`, unparsed (Express's req.query parses all of it on every read). */
function queryString(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

/**
 * tRPC's queries and mutations over HTTP, answered without the Fetch API: tRPC's stock adapter
 * (mounted after this one) turns every request into a web Request with Headers, an AbortController
 * and a body stream, and its answer into a Response piped through a WritableStream, about 0.4 ms
 * of CPU a request on a 2-core server (decision 036). Here the same router is called the way that
 * adapter calls it (the procedure with its path, raw input, context, type and batch index; errors
 * through the router's errorFormatter and superjson; the status tRPC derives from them) and the
 * answer is written as one string. Only what the app's client sends is taken (GET of queries,
 * JSON POST of mutations, batched or not); anything else (a streamed or SSE answer asked for, an
 * unknown procedure, the wrong method, JSON that does not parse, a batch too large) goes on to the
 * stock adapter, which answers it in its own words, with the body already read handed to it as text.
 */
export function procedureCalls(options: ProcedureCallOptions): RequestHandler {
  const { router } = options;
  const config = router._def._config;
  const procedures = router._def.procedures as unknown as Record<string, Procedure | undefined>;
  const procedureAt = (path: string) => (Object.hasOwn(procedures, path) ? procedures[path] : undefined);

  return async (req, res, next) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'POST') return next();
    const accept = req.headers['trpc-accept'] ?? req.headers.accept;
    if (accept?.includes('application/jsonl') || accept?.includes('text/event-stream')) return next();
    if (method === 'POST' && !req.headers['content-type']?.startsWith('application/json')) return next();
    const params = new URLSearchParams(queryString(req.url));
    if (params.has('connectionParams')) return next();
    const isBatch = params.get('batch') === '1';
    const pathText = req.path.slice(req.path.lastIndexOf('/') + 1);
    const paths = isBatch ? decodeURIComponent(pathText).split(',') : [decodeURIComponent(pathText)];
    if (paths.length > options.maxBatchSize) return next();
    const type = method === 'GET' ? 'query' : 'mutation';
    const calls = paths.map(procedureAt);
    if (calls.some((procedure) => procedure?._def.type !== type)) return next();

    let body: string | undefined;
    let callError: TRPCError | null = null;
    if (method === 'POST') {
      const read = await readBody(req, options.maxBodySize);
      if (read === null) return;
      if ('tooLarge' in read) {
        res.setHeader('Connection', 'close');
        callError = new TRPCError({ code: 'PAYLOAD_TOO_LARGE' });
      } else {
        body = read.text;
      }
    }
    // Anything the stock adapter would refuse in its own words goes to it, with the body it can no longer read.
    const handOn = () => {
      if (body !== undefined) (req as { body?: unknown }).body = body;
      next();
    };

    // An empty body is a JSON error to tRPC (the client always sends one): its words.
    if (body === '') return handOn();
    let inputs: unknown[] = [];
    if (!callError) {
      try {
        const sent = method === 'GET' ? params.get('input') : body;
        const parsed: unknown = sent ? JSON.parse(sent) : undefined;
        if (parsed !== undefined) {
          if (!isBatch) inputs = [config.transformer.input.deserialize(parsed)];
          else if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return handOn();
          else inputs = paths.map((_, index) => {
            const input = (parsed as Record<string, unknown>)[index];
            return input === undefined ? undefined : config.transformer.input.deserialize(input);
          });
        }
      } catch {
        return handOn();
      }
    }

    let ctx: Context | undefined;
    if (!callError) {
      try {
        ctx = await options.createContext(req, res);
      } catch (cause) {
        callError = getTRPCErrorFromUnknown(cause);
      }
    }

    const results = await Promise.all(
      calls.map(async (procedure, index): Promise<{ data: unknown } | { error: TRPCError }> => {
        const path = paths[index]!;
        try {
          if (callError) throw callError;
          const data = await procedure!({ path, getRawInput: async () => inputs[index], ctx: ctx!, type, signal: undefined, batchIndex: index });
          return { data };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          options.onError({ error, path, req });
          return { error };
        }
      }),
    );

    // Each call's part of the answer as tRPC writes it, and the untransformed one it derives the status from.
    const untransformed: ({ error: ReturnType<typeof getTRPCErrorShape> } | { result: { data: unknown } })[] = [];
    const texts: string[] = [];
    results.forEach((result, index) => {
      if ('error' in result) {
        const shape = { error: getTRPCErrorShape({ config, ctx, error: result.error, input: inputs[index], path: paths[index]!, type }) };
        untransformed.push(shape);
        texts.push(JSON.stringify(transformTRPCResponse(config, shape)));
      } else {
        untransformed.push({ result: { data: result.data } });
        texts.push(`{"result":{"data":${superjsonText(result.data)}}}`);
      }
    });
    const errors = results.flatMap((result) => ('error' in result ? [result.error] : []));

    res.statusCode = getHTTPStatusCode(isBatch ? untransformed : untransformed[0]!);
    res.setHeader('Vary', 'trpc-accept, accept');
    res.setHeader('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(options.headersFor(errors))) res.setHeader(name, value);
    res.end(isBatch ? `[${texts.join(',')}]` : texts[0]);
  };
}

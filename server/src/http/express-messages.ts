import http from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

type MessageClasses = { IncomingMessage: typeof http.IncomingMessage; ServerResponse: typeof http.ServerResponse };

/**
 * The request and response classes of the HTTP server, whose objects are born with the Express app's
 * prototypes once `adopt(app)` has run (before that, Node's own). Express gives every request and response
 * the app's prototypes with Object.setPrototypeOf. Changing the prototype of objects already made kept
 * about a third of every request's young objects alive through V8's next scavenge: copied, promoted, then
 * collected again by full collections every second or so under load, half the CPU of a request to a bare
 * Express server (decision 046). Born with them, Express's call finds the prototype already set and
 * changes nothing.
 *
 * Node's IncomingMessage and ServerResponse are plain functions: each class runs Node's on the new object.
 * Were they ever classes (which cannot be called), Node's own are kept and Express works as before.
 */
export function expressMessageClasses(base: MessageClasses = { IncomingMessage: http.IncomingMessage, ServerResponse: http.ServerResponse }): {
  classes: Partial<MessageClasses>;
  adopt(app: Express): void;
} {
  const callable = (constructor: unknown) => typeof constructor === 'function' && !Function.prototype.toString.call(constructor).startsWith('class');
  if (!callable(base.IncomingMessage) || !callable(base.ServerResponse)) return { classes: {}, adopt: () => undefined };
  const runIncoming = base.IncomingMessage as unknown as (this: http.IncomingMessage, socket: Socket) => void;
  const runResponse = base.ServerResponse as unknown as (this: http.ServerResponse, req: http.IncomingMessage, options?: unknown) => void;
  function AppRequest(this: http.IncomingMessage, socket: Socket) {
    runIncoming.call(this, socket);
  }
  function AppResponse(this: http.ServerResponse, req: http.IncomingMessage, options?: unknown) {
    runResponse.call(this, req, options);
  }
  AppRequest.prototype = base.IncomingMessage.prototype;
  AppResponse.prototype = base.ServerResponse.prototype;
  return {
    // Each makes its object with whatever its `.prototype` holds at that moment (see adopt).
    classes: { IncomingMessage: AppRequest as unknown as typeof http.IncomingMessage, ServerResponse: AppResponse as unknown as typeof http.ServerResponse },
    adopt(app) {
      // Express's app.request and app.response descend from Node's prototypes (express/lib/request.js, response.js).
      AppRequest.prototype = app.request;
      AppResponse.prototype = app.response;
    },
  };
}

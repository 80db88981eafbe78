// What the server and its first-screen renderer (client/src/server-render.tsx, built into dist/ssr)
// hand each other: the renderer runs the client's own route loaders, the server answers their queries.

/** A query answered for the page: the entry of the client's query cache it fills. */
export interface FirstScreenAnswer {
  queryKey: readonly unknown[];
  data: unknown;
}

/**
 * What the page at an address is: somewhere else (a guard or an alias redirected), or its answers
 * and, for an address without a query string, the markup the browser's first render will hydrate.
 */
export type FirstScreen = { redirect: string } | { answers: FirstScreenAnswer[]; markup: string | null };

/** Calls one query procedure of the app router (`listings.byId`) as the page's own caller. */
export type ProcedureCall = (path: string, input: unknown) => Promise<unknown>;

export interface RenderOptions {
  /** The answers to the loaders' queries, asked of the server in-process with the request's context. */
  call: ProcedureCall;
  /** The condominium's time zone (CONDO_TIMEZONE), as the page's meta tag tells the browser. */
  timeZone: string;
  /** The server's clock when it made the page, sent with it: "now" for this render and the browser's hydration. */
  now: Date;
  /** Gives up past this many milliseconds: a loader that hangs must not hold the page. */
  budgetMs: number;
  /** Errors React met while rendering (the page is then served without markup). */
  onError?: (error: unknown) => void;
}

/** What client/src/server-render.tsx exports. */
export type RenderFirstScreen = (url: string, options: RenderOptions) => Promise<FirstScreen | null>;

/** The app's version from the root package.json (vite.config.ts `define`). */
declare const __APP_VERSION__: string;

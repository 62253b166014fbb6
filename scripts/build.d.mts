export const root: string;
/** The compiled server's entry (dist/server/main.js). */
export const builtServer: string;
/** True when the built web app is missing or older than any of its sources. */
export function isWebBuildStale(): boolean;
/** Builds the browser bundle (dist/web) and the server renderer (dist/ssr); exits the process on failure. */
export function buildWeb(): void;
/** Builds the web app when it is missing or stale. */
export function ensureWebBuild(): void;
/** Compiles the server into dist/server (or beside `outfile`), with its migrations. */
export function buildServer(outfile?: string): Promise<void>;
/** Builds the web app and the server when they are missing or stale. */
export function ensureBuild(): Promise<void>;

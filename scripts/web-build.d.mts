export const root: string;
/** True when the built web app is missing or older than any of its sources. */
export function isWebBuildStale(): boolean;
/** Builds the browser bundle (dist/web) and the server renderer (dist/ssr); exits the process on failure. */
export function buildWeb(): void;
/** Builds the web app when it is missing or stale. */
export function ensureWebBuild(): void;

export const root: string;
/** True when the built web app is missing or older than any of its sources. */
export function isWebBuildStale(): boolean;
/** Builds the web app with Vite when it is missing or stale. */
export function ensureWebBuild(): void;

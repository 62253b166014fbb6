export const INITIAL_JS_BUDGET_KB: number;
export type InitialBundle = {
  files: { file: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
};
/** Measures the initial JavaScript of the build in `outDir` (the folder holding index.html). */
export function measureInitialBundle(outDir: string): InitialBundle;
export function formatKb(bytes: number): string;

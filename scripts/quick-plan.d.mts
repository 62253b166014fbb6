export interface Change {
  /** Relative to the repository's root. */
  file: string;
  deleted: boolean;
}

/** A vitest stage: nothing to run, the chosen test files, or whole projects for the reasons in `why`. */
export type TestStage = { mode: 'none' } | { mode: 'tests'; tests: string[] } | { mode: 'all'; why: string[] };

export interface QuickPlan {
  lint: { mode: 'files'; files: string[] } | { mode: 'all'; why: string };
  format: { mode: 'files'; files: string[] } | { mode: 'all'; why: string };
  /** Why the OpenAPI document is linted, or null when the change cannot alter it. */
  openapi: string | null;
  /** The projects `shared`, `web` and `scripts` the change reaches. */
  unit: TestStage & { projects: string[] };
  /** The projects `server` and `server-mocks`, on PGlite. */
  server: TestStage;
  notes: string[];
}

/** Each file's imports that are files of the graph, by path relative to the root. */
export type ImportGraph = Record<string, string[]>;

/** Files a test runs as a process rather than importing, with the tests that run them. */
export const startedByTests: Record<string, string[]>;

export function projectOf(test: string): 'server' | 'web' | 'shared' | 'scripts';
export function importsOf(text: string): string[];
export function importGraph(sources: Record<string, string>): ImportGraph;
export function hubsOf(graph: ImportGraph): Set<string>;
export function testsReaching(graph: ImportGraph, changed: string[]): string[];
export function planQuickCheck(changes: Change[], graph: ImportGraph): QuickPlan;
export function readImportGraph(root: string): ImportGraph;

/** The change since where HEAD left its upstream (or `since`), with uncommitted edits and new files. */
export function readChange(root: string, options?: { since?: string }): { base: string; baseName: string; changes: Change[] };

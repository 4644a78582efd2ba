/**
 * The pure part of `npm run compatibility` (scripts/compatibility-runs.js, plain JavaScript), typed
 * once for the tests that read it.
 */

/** One recorded run of the end-to-end suite on an n8n version (docs/compatibility-runs.json). */
export interface Run {
	n8n: string;
	setup: string;
	result: string;
	date: string;
	n8nWorkflow?: string;
	passed?: number;
	failed?: number;
	node?: string;
	reason?: string;
	guards?: string[];
	failedFiles?: string[];
	note?: string;
	package?: string;
}

export interface CompatibilityRuns {
	RUNS_BEGIN: string;
	RUNS_END: string;
	parseArgs(argv: string[]): { check: boolean; n8n?: string; setup: string; dryRun: boolean; installTimeoutMinutes: number; help: boolean };
	resolveVersions(spec: string, view: { versions: string[]; distTags: Record<string, string> }): string[];
	guardsIn(text: string): string[];
	installFailureReason(output: string): string;
	startFailureReason(output: string): string;
	recordRun(results: Run[], run: Run): Run[];
	runsTable(results: Run[]): string[];
	withRunsTable(readme: string, results: Run[]): string;
	satisfies(version: string, range: string): boolean;
	peerRangeProblems(range: string, results: Run[]): string[];
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const compatibilityRuns = require('../../scripts/compatibility-runs.js') as CompatibilityRuns;

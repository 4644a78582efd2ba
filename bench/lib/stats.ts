/** Summaries and table formatting shared by every benchmark. */

export interface Summary {
	median: number;
	min: number;
	max: number;
	runs: number;
}

export function summarize(values: number[]): Summary {
	if (values.length === 0) return { median: NaN, min: NaN, max: NaN, runs: 0 };
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: values.length };
}

/** Nearest-rank percentile of unsorted values (p in 0..100). */
export function percentile(values: number[], p: number): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function fixed(value: number, digits = 1): string {
	if (!Number.isFinite(value)) return '-';
	return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** "median (min–max)". */
export function spread(summary: Summary, digits = 1): string {
	if (summary.runs === 0) return '-';
	if (summary.runs === 1) return fixed(summary.median, digits);
	return `${fixed(summary.median, digits)} (${fixed(summary.min, digits)}–${fixed(summary.max, digits)})`;
}

export function ratio(value: number, digits = 1): string {
	return Number.isFinite(value) ? `${fixed(value, digits)}×` : '-';
}

export const mib = (bytes: number) => bytes / 1024 / 1024;

/** A GitHub-flavoured Markdown table; the first column is left-aligned, the others right-aligned. */
export function markdownTable(header: string[], rows: string[][]): string {
	const align = header.map((_, index) => (index === 0 ? '---' : '---:'));
	return [header, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

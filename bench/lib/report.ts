/** What each benchmark hands back, and the Markdown report they make together. */
import { machineLines, type Machine } from './machine';
import { markdownTable } from './stats';

export interface Target {
	name: string;
	met: boolean;
	value: string;
}

export interface Section {
	id: string;
	title: string;
	/** Markdown: tables, then notes. */
	body: string;
	targets: Target[];
	/** Raw numbers, kept in the JSON copy of the report. */
	data?: unknown;
}

export function renderReport(options: { machine: Machine; command: string; settings: string; sections: Section[]; minutes: number }): string {
	const { machine, sections } = options;
	const targets = sections.flatMap((section) => section.targets);
	return [
		'# Benchmarks',
		'',
		`Written by \`${options.command}\` (bench/index.ts); ${options.settings}. Every number is a median over`,
		'the runs, with min and max beside it; every ratio compares contenders measured in the same run.',
		`Everything ran on 127.0.0.1; the whole run took ${options.minutes.toFixed(1)} minutes.`,
		'',
		...machineLines(machine),
		'',
		'## Targets',
		'',
		markdownTable(['Target', 'Measured', 'Met'], targets.map((target) => [target.name, target.value, target.met ? 'yes' : '**no**'])),
		'',
		...sections.flatMap((section) => [`## ${section.title}`, '', section.body, '']),
	].join('\n');
}

/**
 * bench/RESULTS.md with the footprint measured again: its section replaced by the given run's,
 * whatever the rest of the report was measured by. Every `npm run bench` calls this (the footprint
 * runs in each, from the tarball `npm pack` makes of the checkout), so the published size the report
 * states is always the current tarball's, never a note added by hand. Its rows in the Targets table
 * are the run's too: none since the footprint became information, so an older report loses them.
 */
export function withFootprint(results: string, footprint: Section, command: string, date: string): string {
	const lines = results.split('\n').filter((line) => !line.startsWith('| footprint:'));
	if (footprint.targets.length > 0) {
		const header = lines.indexOf('| Target | Measured | Met |');
		if (header < 0) throw new Error('bench/RESULTS.md has no Targets table for the footprint targets');
		const end = lines.findIndex((line, index) => index > header && !line.startsWith('|'));
		lines.splice(end < 0 ? lines.length : end, 0, ...footprint.targets.map((target) => `| ${target.name} | ${target.value} | ${target.met ? 'yes' : '**no**'} |`));
	}

	const start = lines.findIndex((line) => /^## \d+\. Footprint/.test(line));
	if (start < 0) throw new Error('bench/RESULTS.md has no Footprint section');
	const next = lines.findIndex((line, index) => index > start && line.startsWith('## '));
	const section = [`## ${footprint.title}`, '', `Measured by \`${command}\` on ${date} (every bench run rewrites this section).`, '', footprint.body, ''];
	lines.splice(start, (next < 0 ? lines.length : next) - start, ...section);
	return lines.join('\n');
}

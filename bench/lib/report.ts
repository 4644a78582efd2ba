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

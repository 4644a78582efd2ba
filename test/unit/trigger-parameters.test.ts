/**
 * One reading of each parameter of the Print Store Trigger: only setup/settings.ts asks n8n for
 * them (`getNodeParameter`), so a parameter's fallback and meaning are written once, and a reader
 * who wants to know what a field does finds every use through that file's functions. (The editor's
 * list of statuses reads the Store as it is being edited, `getCurrentNodeParameter`: that is the
 * editor's, not a run's.) The rule is also run on a sample that breaks it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from '../helpers/source-files';

const root = path.resolve(__dirname, '..', '..');
const TRIGGER = 'nodes/PrintStoreTrigger';
const SETTINGS = `${TRIGGER}/setup/settings.ts`;


/** The lines of a file, other than settings.ts, that read a parameter, as `file:line`. */
function readingsOutsideSettings(file: string, source: string): string[] {
	if (file === SETTINGS) return [];
	return source
		.split('\n')
		.flatMap((line, index) => (/\.getNodeParameter\s*\(/.test(line) ? [`${file}:${index + 1}`] : []));
}

test("the trigger's parameters are read in setup/settings.ts alone", () => {
	const files = sourceFiles(TRIGGER);
	expect(files).toContain(SETTINGS);
	expect(readFileSync(path.join(root, SETTINGS), 'utf8')).toMatch(/\.getNodeParameter\s*\(/);
	expect(files.flatMap((file) => readingsOutsideSettings(file, readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
});

test('the check finds a reading elsewhere', () => {
	const sample = "const kinds = ctx.getNodeParameter('events', ['status', 'details']) as string[];";
	expect(readingsOutsideSettings(`${TRIGGER}/catchUp/runCatchUp.ts`, sample)).toEqual([`${TRIGGER}/catchUp/runCatchUp.ts:1`]);
	expect(readingsOutsideSettings(SETTINGS, sample)).toEqual([]);
});

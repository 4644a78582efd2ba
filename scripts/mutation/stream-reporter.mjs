/**
 * A Stryker reporter that appends each mutant's result to reports/mutation/<group>.partial.jsonl as
 * soon as it is known. Stryker writes its JSON report only at the end of a run; a run stopped before
 * then (a time limit) still leaves, here, every mutant it tested, for scripts/mutation/report.mjs.
 */
import fs from 'node:fs';
import path from 'node:path';

import { commonTokens, declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';

class StreamReporter {
	static inject = [commonTokens.options];

	constructor(options) {
		this.file = path.resolve(options.jsonReporter.fileName.replace(/\.json$/, '.partial.jsonl'));
		fs.mkdirSync(path.dirname(this.file), { recursive: true });
		fs.writeFileSync(this.file, '');
	}

	write(entry) {
		fs.appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
	}

	onMutationTestingPlanReady({ mutantPlans }) {
		const planned = {};
		for (const { mutant } of mutantPlans) {
			const file = path.relative(process.cwd(), mutant.fileName);
			planned[file] = (planned[file] ?? 0) + 1;
		}
		this.write({ planned, started: new Date().toISOString() });
	}

	onMutantTested(result) {
		this.write({
			file: path.relative(process.cwd(), result.fileName),
			id: result.id,
			mutatorName: result.mutatorName,
			replacement: result.replacement,
			location: result.location,
			status: result.status,
			statusReason: result.statusReason?.slice(0, 300),
			static: result.static,
			at: new Date().toISOString(),
		});
	}
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'stream', StreamReporter)];

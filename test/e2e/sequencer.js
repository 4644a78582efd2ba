// Runs the end-to-end files in a stable order: first those that run n8n with the suite's own
// settings, then those that restart it with others (each leaves its settings to the next file, which
// restores the suite's: test/e2e/setup/settings.ts; last, no file has to), then *.last.test.ts
// files, which check what the whole run left behind (n8n's log and every execution) for secrets.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/** The files that restart n8n with settings of their own, in the order they run. */
const WITH_OTHER_SETTINGS = ['n8n-3-settings.single.test.ts', 'n8n-3-manual-runs.queue.test.ts', 'out-of-reach.test.ts'];

class SettingsLast extends Sequencer {
	sort(tests) {
		const rank = (test) => {
			const file = path.basename(test.path);
			if (file.endsWith('.last.test.ts')) return WITH_OTHER_SETTINGS.length + 1;
			return WITH_OTHER_SETTINGS.indexOf(file) + 1;
		};
		return [...tests].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
	}
}

module.exports = SettingsLast;

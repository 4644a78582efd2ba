// Runs the end-to-end files in a stable order, with *.last.test.ts files after all others: they
// check what the whole run left behind (n8n's log and every execution) for secrets.
const Sequencer = require('@jest/test-sequencer').default;

class LastOnesLast extends Sequencer {
	sort(tests) {
		const last = (test) => (test.path.endsWith('.last.test.ts') ? 1 : 0);
		return [...tests].sort((a, b) => last(a) - last(b) || a.path.localeCompare(b.path));
	}
}

module.exports = LastOnesLast;

/** The shared pace of one run's parallel requests: a slow-down asked of one holds back all. */
import { Pacing } from '../../nodes/shared/transport/pacing';

test('every request waits out the longest slow-down in force, and no longer', async () => {
	const pacing = new Pacing();
	const start = Date.now();
	pacing.slowDown(120, start);
	pacing.slowDown(30, start); // a shorter hold never shortens the longer one
	const waited = await Promise.all([0, 1, 2].map(async () => {
		await pacing.waitTurn();
		return Date.now() - start;
	}));
	for (const ms of waited) expect(ms).toBeGreaterThanOrEqual(115);
});

test('with no slow-down in force, a request goes at once (before any timer fires)', async () => {
	const pacing = new Pacing();
	pacing.slowDown(10_000, Date.now() - 20_000);
	let timerFired = false;
	const timer = setTimeout(() => (timerFired = true), 0);
	await pacing.waitTurn();
	expect(timerFired).toBe(false);
	clearTimeout(timer);
});

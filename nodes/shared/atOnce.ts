/**
 * Runs `perJob` on each job in turn, at most `atOnce` at a time, until every job has run or
 * `stopped()` says to take no more. Each job is released from `jobs` as it is taken, so a long list
 * holds only the jobs still to run (Create's batches: PrintStore/orderRun/batches.ts; the catch-up's
 * status histories: PrintStoreTrigger/catchUp/readStore.ts).
 */
export async function runAtOnce<T>(
	jobs: Array<T | undefined>,
	atOnce: number,
	perJob: (job: T) => Promise<void>,
	stopped: () => boolean = () => false,
): Promise<void> {
	let next = 0;
	const worker = async () => {
		while (!stopped() && next < jobs.length) {
			const job = jobs[next] as T;
			jobs[next++] = undefined;
			await perJob(job);
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(atOnce, jobs.length)) }, worker));
}

/**
 * Peer (c) of the create benchmark: a plain Node client (fetch, i.e. undici) that maps the same CRM
 * records to order items and posts the same batches straight to the sandbox, with the same
 * concurrency as the node (which sends one batch at a time). Runs in its own process, as n8n does,
 * so it does not share an event loop with the sandbox. Prints one JSON line.
 *
 * Usage (from bench/create.ts): node --import tsx bench/plain-client.ts '<json options>'
 */
import { crmRecord, orderItemFor } from './lib/workload';

interface PlainClientOptions {
	url: string;
	accessToken: string;
	subscriptionKey: string;
	items: number;
	batchSize: number;
	concurrency: number;
}

async function main() {
	const options = JSON.parse(process.argv[2]) as PlainClientOptions;
	const headers = {
		Authorization: `Bearer ${options.accessToken}`,
		'Ocp-Apim-Subscription-Key': options.subscriptionKey,
		'Content-Type': 'application/json',
		Accept: 'application/json',
	};
	const starts: number[] = [];
	for (let start = 0; start < options.items; start += options.batchSize) starts.push(start);

	const started = performance.now();
	let created = 0;
	let next = 0;
	const worker = async () => {
		while (next < starts.length) {
			const start = starts[next++];
			const end = Math.min(start + options.batchSize, options.items);
			const Items = [];
			for (let index = start; index < end; index++) Items.push(orderItemFor(crmRecord(index)));
			const response = await fetch(options.url, { method: 'POST', headers, body: JSON.stringify({ Items }) });
			const orders = (await response.json()) as unknown[];
			if (!response.ok || !Array.isArray(orders) || orders.length !== Items.length) {
				throw new Error(`batch at ${start} answered ${response.status}: ${JSON.stringify(orders).slice(0, 300)}`);
			}
			created += orders.length;
		}
	};
	await Promise.all(Array.from({ length: options.concurrency }, worker));
	const ms = performance.now() - started;
	process.stdout.write(`${JSON.stringify({ ms, created, requests: starts.length })}\n`);
}

main().catch((error: Error) => {
	process.stderr.write(`${error.stack}\n`);
	process.exit(1);
});

/**
 * Where the Print Store node's CPU time goes, from a V8 CPU profile (.cpuprofile) of a process that
 * ran it: each sample inside the node's runOrders() (nodes/PrintStore/orderRun/runOrders.ts) is counted once, under the first of these
 * that is on its stack: n8n resolving a parameter (getNodeParameter: the order-item expression),
 * the transport and n8n's HTTP helper with OAuth2 (apiRequestWithStatus), else the node's own code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string };
	children?: number[];
}

export interface NodeCpu {
	/** CPU samples inside runOrders, ms. */
	nodeMs: number;
	parameterMs: number;
	requestMs: number;
	ownMs: number;
}

/** The largest .cpuprofile in a folder (the main thread's). */
export function largestProfile(folder: string): string {
	const files = readdirSync(folder).filter((file) => file.endsWith('.cpuprofile'));
	if (files.length === 0) throw new Error(`no CPU profile in ${folder}`);
	return path.join(folder, files.sort((a, b) => statSync(path.join(folder, b)).size - statSync(path.join(folder, a)).size)[0]);
}

export function nodeCpu(file: string): NodeCpu {
	const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
	const is = (node: ProfileNode, name: string, file: string) => node.callFrame.functionName === name && node.callFrame.url.includes(file);
	const result: NodeCpu = { nodeMs: 0, parameterMs: 0, requestMs: 0, ownMs: 0 };
	profile.samples.forEach((leaf, index) => {
		const ms = (profile.timeDeltas[index] ?? 0) / 1000;
		let parameter = false;
		let request = false;
		for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
			const node = byId.get(id)!;
			if (is(node, '_getNodeParameter', 'n8n-core')) parameter = true;
			if (is(node, 'apiRequestWithStatus', 'transport')) request = true;
			if (!is(node, 'runOrders', 'orderRun/runOrders')) continue;
			result.nodeMs += ms;
			if (parameter) result.parameterMs += ms;
			else if (request) result.requestMs += ms;
			else result.ownMs += ms;
			break;
		}
	});
	return result;
}

/**
 * Workflow JSON: the examples in examples/ made ready for an instance (its credential put on every
 * Print Store node), and small generated workflows for tests.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { WorkflowJson, WorkflowNode } from './client';
import { REPO_ROOT } from './runtime';

export const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');
export const PACKAGE_NODE_PREFIX = 'n8n-nodes-print-store.';
export const PRINT_STORE_TYPE = `${PACKAGE_NODE_PREFIX}printStore`;
export const CREDENTIAL_TYPE = 'printStoreOAuth2Api';
export const MANUAL_TRIGGER_TYPE = 'n8n-nodes-base.manualTrigger';

export interface CredentialRef {
	id: string;
	name: string;
}

export function exampleFiles(): string[] {
	return readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.sort();
}

export function loadExample(file: string): WorkflowJson {
	return JSON.parse(readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as WorkflowJson;
}

/** A copy whose package nodes (action and trigger) all use the given credential. */
export function withCredential(workflow: WorkflowJson, credential: CredentialRef): WorkflowJson {
	const copy = structuredClone(workflow);
	for (const node of copy.nodes) {
		if (node.type.startsWith(PACKAGE_NODE_PREFIX) || node.credentials?.[CREDENTIAL_TYPE]) {
			node.credentials = { ...node.credentials, [CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } };
		}
	}
	return copy;
}

export function findNode(workflow: WorkflowJson, name: string): WorkflowNode {
	const node = workflow.nodes.find((candidate) => candidate.name === name);
	if (!node) throw new Error(`Workflow "${workflow.name}" has no node named "${name}"`);
	return node;
}

/** Nodes that start the workflow on their own once it is active (not the Manual Trigger). */
export function activatableTriggers(workflow: WorkflowJson): WorkflowNode[] {
	return workflow.nodes.filter(
		(node) => node.type !== MANUAL_TRIGGER_TYPE && (/trigger$/i.test(node.type) || node.type === 'n8n-nodes-base.webhook'),
	);
}

export function manualTrigger(workflow: WorkflowJson): WorkflowNode | undefined {
	return workflow.nodes.find((node) => node.type === MANUAL_TRIGGER_TYPE);
}

const TRIGGER_NAME = 'Start';

export interface NodeTestWorkflow {
	workflow: WorkflowJson;
	triggerName: string;
	nodeName: string;
}

/**
 * Manual Trigger → (given items, via Edit Fields + Split Out) → one Print Store node.
 * Run it with N8nClient.runManually(id, triggerName) and read `nodeName`'s output.
 */
export function printStoreTestWorkflow(options: {
	name: string;
	parameters: Record<string, unknown>;
	credential: CredentialRef;
	items?: Array<Record<string, unknown>>;
	nodeName?: string;
	continueOnFail?: boolean;
	/** The Print Store node's version (default 1, as workflows saved by the first release). */
	typeVersion?: number;
}): NodeTestWorkflow {
	const nodeName = options.nodeName ?? 'Print Store';
	const nodes: WorkflowNode[] = [
		{ id: randomUUID(), name: TRIGGER_NAME, type: MANUAL_TRIGGER_TYPE, typeVersion: 1, position: [0, 0], parameters: {} },
	];
	const connections: Record<string, unknown> = {};
	let previous = TRIGGER_NAME;
	const connect = (from: string, to: string) => {
		connections[from] = { main: [[{ node: to, type: 'main', index: 0 }]] };
	};
	if (options.items) {
		nodes.push(
			{
				id: randomUUID(),
				name: 'Input items',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: { mode: 'raw', jsonOutput: JSON.stringify({ items: options.items }), options: {} },
			},
			{
				id: randomUUID(),
				name: 'One item each',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [440, 0],
				parameters: { fieldToSplitOut: 'items', include: 'noOtherFields', options: {} },
			},
		);
		connect(previous, 'Input items');
		connect('Input items', 'One item each');
		previous = 'One item each';
	}
	nodes.push({
		id: randomUUID(),
		name: nodeName,
		type: PRINT_STORE_TYPE,
		typeVersion: options.typeVersion ?? 1,
		position: [660, 0],
		parameters: options.parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: options.credential.id, name: options.credential.name } },
		...(options.continueOnFail ? { onError: 'continueRegularOutput' } : {}),
	});
	connect(previous, nodeName);
	return { workflow: { name: options.name, nodes, connections, settings: { executionOrder: 'v1' } }, triggerName: TRIGGER_NAME, nodeName };
}

import type { INode } from 'n8n-workflow';

import { InvalidValue } from './errors';

/**
 * The store field's name as the node's editor shows it, for errors that name it: Print Store shows
 * "Store" (a picker) from version 5 on, the trigger from version 2 on; older versions keep the text
 * field "Store ID" their workflows saved.
 */
export function storeFieldName(node: Pick<INode, 'type' | 'typeVersion'>): string {
	const pickerFrom = node.type.endsWith('printStoreTrigger') ? 2 : 5;
	return (node.typeVersion ?? 1) >= pickerFrom ? 'Store' : 'Store ID';
}

/** A character no ID or path segment may carry (C0 controls and DEL). */
export function isControlCharacter(character: string): boolean {
	const code = character.charCodeAt(0);
	return code < 0x20 || code === 0x7f;
}

/**
 * The value of an n8n resource locator (`{ __rl: true, mode, value }`: a field with "From List" and
 * "By ID" modes); anything else as it is. A field that became a locator in a later node version holds
 * a plain value in workflows saved before, so reads accept both.
 */
export function locatorValue(value: unknown): unknown {
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
	const locator = value as { __rl?: unknown; mode?: unknown; value?: unknown };
	// n8n marks a locator with __rl; its own extractValue goes by mode and value.
	if (locator.__rl === true || ('mode' in locator && 'value' in locator)) return locator.value ?? '';
	return value;
}

/**
 * IDs go into URL paths. Characters that would move the request elsewhere are refused before
 * anything is sent; the transport still encodes every segment, so nothing can leave its segment.
 */
export function checkPathId(value: unknown, field: string): string {
	// An ID picked in a resource locator (e.g. Store ID from version 5 on) is its value.
	value = locatorValue(value);
	if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
	if (typeof value !== 'string') throw new InvalidValue(field, `must be text, got ${typeof value}`);
	const id = value.trim();
	if (id === '') throw new InvalidValue(field, 'is required');
	if (id === '.' || id === '..' || id.split(/[\\/]/).some((part) => part === '..')) {
		throw new InvalidValue(field, `"${id}" is not a valid ID: ".." is not allowed`);
	}
	const bad = id.match(/[/?#\\]/);
	if (bad) throw new InvalidValue(field, `"${id}" is not a valid ID: it contains "${bad[0]}"`);
	if ([...id].some(isControlCharacter)) throw new InvalidValue(field, `"${id}" is not a valid ID: it contains a control character`);
	if (id.length > 200) throw new InvalidValue(field, 'is longer than 200 characters');
	return id;
}

import type { IDataObject } from 'n8n-workflow';

/** A JSON object that is no list: the one shape check the package uses for what it reads. */
/**
 * Keys that could reach an object's prototype when a value is copied or merged. The package never
 * lets one into what it builds or sends.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

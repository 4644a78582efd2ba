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

/** JSON text parsed, or why it is not JSON (the parser's words): each caller reports it its own way. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
	try {
		return { ok: true, value: JSON.parse(text) as unknown };
	} catch (error) {
		return { ok: false, problem: (error as Error).message };
	}
}

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

/**
 * A field of a record by the first of its names that it has, in any case (StatusID, statusId and
 * statusID alike): services and callers spell the same field differently.
 */
export function readField(record: Record<string, unknown>, ...names: string[]): unknown {
	for (const name of names) if (record[name] !== undefined) return record[name];
	const lower = new Map(Object.keys(record).map((key) => [key.toLowerCase(), key]));
	for (const name of names) {
		const key = lower.get(name.toLowerCase());
		if (key !== undefined) return record[key];
	}
	return undefined;
}

/** JSON text parsed, or why it is not JSON (the parser's words): each caller reports it its own way. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
	try {
		return { ok: true, value: JSON.parse(text) as unknown };
	} catch (error) {
		return { ok: false, problem: (error as Error).message };
	}
}

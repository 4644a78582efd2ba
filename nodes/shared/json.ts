import type { IDataObject } from 'n8n-workflow';

/** A JSON object that is no list: the one shape check the package uses for what it reads. */
export function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Step one of the order path: the order item of one input item, as the user defined it (editor
 * fields, JSON, or the input item itself), in the API's field names and not yet checked; and how
 * errors name its fields in each mode.
 */
export type InputMode = 'fields' | 'json' | 'inputItem';

/** Where callback URLs merged into a draft came from, so an error names the field that held them. */
export interface OrderItemDraft {
	mode: InputMode;
	value: unknown;
	/** Editor labels of fields set from outside the order item (e.g. the Status Callback URL field). */
	labels?: Record<string, string>;
}

export const JSON_ROOT = 'Order Item (JSON)';
const FIELDS_ROOT = 'Order Item';
const INPUT_ROOT = 'Input Item';

/** What an error calls the whole order item in each mode; a field is `<root>.<path>`. */
export function rootLabel(mode: InputMode): string {
	return mode === 'json' ? JSON_ROOT : mode === 'inputItem' ? INPUT_ROOT : FIELDS_ROOT;
}

/** Where the user removes a field of the order item, in each mode. */
export function whereToRemove(mode: InputMode): string {
	if (mode === 'json') return 'Remove it from the JSON';
	if (mode === 'inputItem') return 'Remove it from the input items (or from the Field Mapping)';
	return 'Remove it from Additional Fields';
}

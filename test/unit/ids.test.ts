/** IDs that go into URL paths (nodes/shared/ids.ts): what is accepted as given, and the exact refusal for the rest. */
import { InvalidValue } from '../../nodes/shared/errors';
import { checkPathId } from '../../nodes/shared/ids';

function refusal(value: unknown): string {
	try {
		checkPathId(value, 'Order ID');
	} catch (error) {
		if (error instanceof InvalidValue) return `${error.field}: ${error.problem}`;
		throw error;
	}
	throw new Error(`expected ${JSON.stringify(value)} to be refused`);
}

describe('checkPathId accepts', () => {
	test.each([
		['a plain ID', 'ord_1', 'ord_1'],
		['a finite number, as text', 42, '42'],
		['zero', 0, '0'],
		['a negative fraction', -1.5, '-1.5'],
		['spaces around, trimmed', ' \t store_1 \n', 'store_1'],
		['a space inside', 'a b', 'a b'],
		['dots that are not a whole segment', 'a..b', 'a..b'],
		['a leading double dot inside a segment', '..a', '..a'],
		['a trailing double dot inside a segment', 'a..', 'a..'],
		['a single dot inside', 'v1.2', 'v1.2'],
		['characters above the control range', 'caf\u00e9\u0080', 'caf\u00e9\u0080'],
		['exactly 200 characters', 'x'.repeat(200), 'x'.repeat(200)],
	])('%s', (_name, value, expected) => {
		expect(checkPathId(value, 'Order ID')).toBe(expected);
	});
});

describe('checkPathId refuses', () => {
	test.each([
		['undefined', undefined, 'Order ID: must be text, got undefined'],
		['null', null, 'Order ID: must be text, got object'],
		['an object', { id: 1 }, 'Order ID: must be text, got object'],
		['a boolean', true, 'Order ID: must be text, got boolean'],
		['NaN', Number.NaN, 'Order ID: must be text, got number'],
		['Infinity', Number.POSITIVE_INFINITY, 'Order ID: must be text, got number'],
		['an empty string', '', 'Order ID: is required'],
		['only spaces', '   ', 'Order ID: is required'],
		['"."', '.', 'Order ID: "." is not a valid ID: ".." is not allowed'],
		['".."', '..', 'Order ID: ".." is not a valid ID: ".." is not allowed'],
		['".." after a slash', 'a/..', 'Order ID: "a/.." is not a valid ID: ".." is not allowed'],
		['".." between slashes', 'a/../b', 'Order ID: "a/../b" is not a valid ID: ".." is not allowed'],
		['".." between backslashes', 'a\\..\\b', 'Order ID: "a\\..\\b" is not a valid ID: ".." is not allowed'],
		['a slash', 'a/b', 'Order ID: "a/b" is not a valid ID: it contains "/"'],
		['a question mark', 'a?b', 'Order ID: "a?b" is not a valid ID: it contains "?"'],
		['a hash', 'a#b', 'Order ID: "a#b" is not a valid ID: it contains "#"'],
		['a backslash', 'a\\b', 'Order ID: "a\\b" is not a valid ID: it contains "\\"'],
		['the first of several bad characters', 'a?b/c', 'Order ID: "a?b/c" is not a valid ID: it contains "?"'],
		['a NUL', 'a\u0000b', 'Order ID: "a\u0000b" is not a valid ID: it contains a control character'],
		['a unit separator (0x1f)', 'a\u001fb', 'Order ID: "a\u001fb" is not a valid ID: it contains a control character'],
		['DEL (0x7f)', 'a\u007fb', 'Order ID: "a\u007fb" is not a valid ID: it contains a control character'],
		['201 characters', 'x'.repeat(201), 'Order ID: is longer than 200 characters'],
	])('%s', (_name, value, expected) => {
		expect(refusal(value)).toBe(expected);
	});
});

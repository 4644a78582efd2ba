/** Custom API Call paths: what is read as which endpoint, and what is refused, with the words the user reads. */
import { parseApiPath } from '../../nodes/PrintStore/actions/custom/customApiCall.operation';
import { problem } from '../helpers/invalid-value';

test.each([
	['an encoded control character', '/user%01', 'Path: must not contain control characters (in "user%01")'],
	['an encoded DEL', '/store/a%7Fb', 'Path: must not contain control characters (in "a%7Fb")'],
	['a backslash', '/store\\main', 'Path: must not contain "\\"'],
	['a malformed escape', '/store/a%E0%A4%A', 'Path: has a malformed escape in "a%E0%A4%A"'],
	['a "." segment', '/store/./user', 'Path: "." and ".." segments are not allowed'],
	['an encoded "." segment', '/store/%2E/user', 'Path: "." and ".." segments are not allowed'],
])('%s is refused', (_name, path, expected) => {
	expect(problem(() => parseApiPath(path))).toBe(expected);
});

test('the characters next to the refused ones pass: space (0x20) and tilde (0x7E)', () => {
	expect(parseApiPath('/store/a%20b/x~y')).toEqual(['store', 'a b', 'x~y']);
});

test('spaces around the path are dropped; a colon inside a segment is no URL scheme', () => {
	expect(parseApiPath('  /user  ')).toEqual(['user']);
	expect(parseApiPath('/store/a:b')).toEqual(['store', 'a:b']);
});

test('only a leading api/v1 is dropped: /api/v1 alone names no endpoint, api/v1 further on is part of the path', () => {
	expect(problem(() => parseApiPath('/api/v1'))).toBe('Path: must name an endpoint below /api/v1, e.g. /user');
	expect(parseApiPath('/store/api/v1')).toEqual(['store', 'api', 'v1']);
});

describe('custom API call paths', () => {
	test.each([
		['/user', ['user']],
		['user', ['user']],
		['/api/v1/store/s1/order/PS-1/status', ['store', 's1', 'order', 'PS-1', 'status']],
		['/store/a%20b/order', ['store', 'a b', 'order']],
	])('%s', (path, segments) => {
		expect(parseApiPath(path)).toEqual(segments);
	});

	test.each([
		['https://evil.example/api/v1/user', 'not a full URL'],
		['//evil.example/user', 'not a full URL'],
		['/store/../user', '".." segments are not allowed'],
		['/store/%2e%2e/user', '".." segments are not allowed'],
		['/store/a%2Fb', 'encoded slashes'],
		['/store/a%5Cb', 'encoded slashes'],
		['/user?login=x', 'Query Parameters'],
		['/', 'must name an endpoint'],
		['', 'is required'],
	])('%s is refused', (path, expected) => {
		expect(problem(() => parseApiPath(path))).toContain(expected);
	});
});

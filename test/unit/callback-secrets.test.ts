/** Callback URLs: the secret's two forms, the store added in the same form, and the secret hidden wherever it appears (nodes/shared/callbacks/urls.ts, nodes/shared/hideSecrets.ts). */
import { pathFormUrl, secretPlacement, triggerCallbackUrl, withSecretQuery, withStore } from '../../nodes/shared/callbacks/urls';
import { hideCallbackSecrets, hideSecretsInText, SECRET_MARKER } from '../../nodes/shared/hideSecrets';

const id = '0b9f2c84-6f1e-4f57-9a3e-2d4c7b1e8a90';
const base = `https://n8n.example.com/webhook/${id}/status`;
const pathForm = `https://n8n.example.com/webhook/${id}/${id}/status/abc123`;

describe('withSecretQuery', () => {
	test('starts the query with ? when the URL has none', () => {
		expect(withSecretQuery(base, 'abc123')).toBe(`${base}?secret=abc123`);
	});

	test('adds to an existing query with &', () => {
		expect(withSecretQuery(`${base}?x=1`, 'abc123')).toBe(`${base}?x=1&secret=abc123`);
	});

	test('encodes the secret', () => {
		expect(withSecretQuery(base, 'a b&c/d')).toBe(`${base}?secret=a%20b%26c%2Fd`);
	});
});

describe('withStore', () => {
	test('after a query-form secret: &store=, encoded', () => {
		expect(withStore(`${base}?secret=abc`, 'store 1/2')).toBe(`${base}?secret=abc&store=store%201%2F2`);
	});

	test('after a query-form secret that follows another parameter, in any case', () => {
		expect(withStore(`${base}?x=1&SECRET=abc`, 's1')).toBe(`${base}?x=1&SECRET=abc&store=s1`);
	});

	test('after a path-form secret: one more path segment, encoded', () => {
		expect(withStore(pathForm, 'store 1/2')).toBe(`${pathForm}/store%201%2F2`);
	});

	test('trailing slashes are not doubled', () => {
		expect(withStore(`${pathForm}//`, 's1')).toBe(`${pathForm}/s1`);
	});

	test('a query that holds no secret stays after the new segment', () => {
		expect(withStore(`${pathForm}?x=1`, 's1')).toBe(`${pathForm}/s1?x=1`);
	});

	test('"secret=" inside a path segment is not a query-form secret', () => {
		expect(withStore(`${base}/secret=abc`, 's1')).toBe(`${base}/secret=abc/s1`);
	});
});

describe('hideSecretsInText', () => {
	test('the query form, in any case, after ? or &, up to the next parameter', () => {
		expect(hideSecretsInText(`${base}?Secret=abc&x=1 and ${base}?x=1&SECRET=def#frag`)).toBe(
			`${base}?Secret=${SECRET_MARKER}&x=1 and ${base}?x=1&SECRET=${SECRET_MARKER}#frag`,
		);
	});

	test('the path form of both webhooks, up to the next segment or query', () => {
		expect(hideSecretsInText(`${pathForm}/s1?x=1`)).toBe(`https://n8n.example.com/webhook/${id}/${id}/status/${SECRET_MARKER}/s1?x=1`);
		expect(hideSecretsInText(`https://h/webhook/${id}/${id}/details/abc123`)).toBe(`https://h/webhook/${id}/${id}/details/${SECRET_MARKER}`);
	});

	test('a /status/ path without a webhook ID before it is not a secret', () => {
		expect(hideSecretsInText('https://h/orders/42/status/shipped')).toBe('https://h/orders/42/status/shipped');
	});

	test('known secrets of 8 characters or more are hidden wherever they appear, every time', () => {
		expect(hideSecretsInText('token 12345678 and again 12345678', ['12345678'])).toBe(`token ${SECRET_MARKER} and again ${SECRET_MARKER}`);
	});

	test('a known secret shorter than 8 characters is left alone (it would hide ordinary words)', () => {
		expect(hideSecretsInText('order 1234567', ['1234567'])).toBe('order 1234567');
	});

	test('text with nothing to hide is unchanged', () => {
		expect(hideSecretsInText('secret santa at /status/ page', ['longsecret'])).toBe('secret santa at /status/ page');
	});
});

describe('hideCallbackSecrets', () => {
	test('hides in strings inside lists, and returns a new list only when something changed', () => {
		const list = ['plain', `${base}?secret=abc`];
		const hidden = hideCallbackSecrets(list);
		expect(hidden).toEqual(['plain', `${base}?secret=${SECRET_MARKER}`]);
		expect(list[1]).toBe(`${base}?secret=abc`);
		const clean = ['plain', 1, null];
		expect(hideCallbackSecrets(clean)).toBe(clean);
	});

	test('hides in nested objects, copying only the objects on the way to a secret', () => {
		const untouched = { NameFirst: 'Ada' };
		const order = { Recipient: untouched, Details: { Url: `${base}?secret=abc`, Count: 2 } };
		const hidden = hideCallbackSecrets(order);
		expect(hidden).toEqual({ Recipient: { NameFirst: 'Ada' }, Details: { Url: `${base}?secret=${SECRET_MARKER}`, Count: 2 } });
		expect(hidden.Recipient).toBe(untouched);
		expect(order.Details.Url).toBe(`${base}?secret=abc`);
	});

	test('known secrets reach every level', () => {
		expect(hideCallbackSecrets({ a: ['x 12345678'] }, ['12345678'])).toEqual({ a: [`x ${SECRET_MARKER}`] });
	});

	test('numbers, booleans, null and undefined are returned as they are', () => {
		expect(hideCallbackSecrets(42)).toBe(42);
		expect(hideCallbackSecrets(true)).toBe(true);
		expect(hideCallbackSecrets(null)).toBeNull();
		expect(hideCallbackSecrets(undefined)).toBeUndefined();
	});
});

describe('both forms, and the trigger\'s addresses', () => {
	test('hidden in the query form and the path form, the rest of the URL kept', () => {
		expect(hideCallbackSecrets(withSecretQuery(base, 'abc123'))).toBe(`${base}?secret=${SECRET_MARKER}`);
		expect(pathFormUrl(base, id, 'abc123')).toBe(`https://n8n.example.com/webhook/${id}/${id}/status/abc123`);
		expect(hideCallbackSecrets(pathForm)).toBe(`https://n8n.example.com/webhook/${id}/${id}/status/${SECRET_MARKER}`);
		expect(hideCallbackSecrets(withStore(pathForm, 'store_1'))).toBe(`https://n8n.example.com/webhook/${id}/${id}/status/${SECRET_MARKER}/store_1`);
		expect(hideCallbackSecrets(withStore(withSecretQuery(base, 'abc123'), 'store_1'))).toBe(`${base}?secret=${SECRET_MARKER}&store=store_1`);
	});

	test("where a trigger's secret goes: as its option says; else the query from version 2.1 on (n8n's log never shows it), the path before", () => {
		expect([2.1, 3, 2, 1.1, 1, undefined].map((typeVersion) => secretPlacement({ name: 'T', typeVersion }, undefined))).toEqual(['query', 'query', 'path', 'path', 'path', 'path']);
		expect(secretPlacement({ name: 'T', typeVersion: 2.1 }, 'path')).toBe('path');
		expect(secretPlacement({ name: 'T', typeVersion: 1 }, 'query')).toBe('query');
		expect(secretPlacement({ name: 'T', typeVersion: 2 }, 'elsewhere')).toBe('path');
	});

	test("a trigger's addresses: path form, query form, for odd secrets or without a webhook ID the query form", () => {
		const node = { name: 'Print Store Trigger', webhookId: id };
		const root = 'https://n8n.example.com/webhook';
		expect(triggerCallbackUrl(`${root}/`, 'wf1', node, 'status', 'abc123', 'path')).toBe(`${root}/${id}/${id}/status/abc123`);
		expect(triggerCallbackUrl(root, 'wf1', node, 'details', 'abc123', 'path')).toBe(`${root}/${id}/${id}/details/abc123`);
		expect(triggerCallbackUrl(root, 'wf1', node, 'details', 'abc123', 'query')).toBe(`${root}/${id}/details?secret=abc123`);
		expect(triggerCallbackUrl(root, 'wf1', node, 'status', 'a/b c', 'path')).toBe(`${root}/${id}/status?secret=a%2Fb%20c`);
		expect(triggerCallbackUrl(root, 'wf1', { name: 'My Trigger' }, 'status', 'abc123', 'path')).toBe(`${root}/wf1/my%20trigger/status?secret=abc123`);
	});
});

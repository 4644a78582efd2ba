import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../../shared/displayOptions';
import { InvalidValue } from '../../../shared/errors';
import { isControlCharacter } from '../../../shared/ids';
import { parseJson } from '../../../shared/json';
import { apiRequestWithStatus } from '../../../shared/transport';
import { forEachItem } from '../../perItem/run';
import { CREDENTIALS, type ApiOperation } from '../../../shared/apiCalls';

/** The API call: any method and path, so only reads are repeated; the one status code every call shares. */
export const api: ApiOperation = { name: 'custom.request', actsOnce: 'unlessRead', meanings: { 401: CREDENTIALS } };

/**
 * Any endpoint below /api/v1, through the same transport as every other operation: both the OAuth2
 * token and the subscription key, safe retries, the same errors. It replaces n8n's own "Custom API
 * Call", which runs the HTTP Request node and cannot add the subscription key to an OAuth2 credential.
 */
/**
 * Its entry in every resource's Operation list (version 1 also has it as a resource), and what an
 * AI model reads about it as a tool.
 */
export const option: INodePropertyOptions = {
	name: 'Custom API Call',
	value: 'customApiCall',
	description: 'Call any endpoint of the API with this credential (token and subscription key)',
	action: 'Make custom API call',
};
export const toolDescription =
	'Call any endpoint of the print store API (a method and a path below /api/v1) for what the other print store tools do not cover. Returns the API\'s answer.';

export const description: INodeProperties[] = showFor({ show: { operation: ['customApiCall'] } }, [
	{
		displayName:
			'Calls any endpoint of the API with this credential: the access token and the subscription key are added for you. Only paths below /api/v1 of the API Base URL are allowed.',
		name: 'customApiCallNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Method',
		name: 'method',
		type: 'options',
		options: [
			{ name: 'DELETE', value: 'DELETE' },
			{ name: 'GET', value: 'GET' },
			{ name: 'PATCH', value: 'PATCH' },
			{ name: 'POST', value: 'POST' },
			{ name: 'PUT', value: 'PUT' },
		],
		default: 'GET',
		description: 'HTTP method of the request. Only GET is retried after a failure: a repeated write could act twice.',
	},
	{
		displayName: 'Path',
		name: 'path',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. /store/store_1001/order/PS-100001',
		description:
			'Path below /api/v1, such as /user or /store/{storeID}/order/{orderID}/status. Put query parameters under Query Parameters, not in the path.',
	},
	{
		displayName: 'Query Parameters',
		name: 'queryParameters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Query Parameter',
		default: {},
		options: [
			{
				displayName: 'Parameter',
				name: 'parameter',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	},
	{
		displayName: 'Body (JSON)',
		name: 'body',
		type: 'json',
		// Shown for the methods that send a body; a top-level JSON field n8n asks to be required.
		required: true,
		default: '{}',
		description: 'JSON body of the request',
		displayOptions: { show: { method: ['POST', 'PUT', 'PATCH'] } },
	},
]);

/**
 * The user's path as raw segments below /api/v1. Anything that could send the request (and its
 * credentials) elsewhere is refused before anything is sent: full URLs, `.` and `..` segments,
 * encoded slashes, query strings and fragments.
 */
export function parseApiPath(value: unknown): string[] {
	const field = 'Path';
	const path = String(value ?? '').trim();
	if (path === '') throw new InvalidValue(field, 'is required, e.g. /user');
	if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) {
		throw new InvalidValue(field, `must be a path below /api/v1, not a full URL (got "${path}")`);
	}
	if (/[?#]/.test(path)) throw new InvalidValue(field, 'must not contain "?" or "#": put query parameters under Query Parameters');
	if (path.includes('\\')) throw new InvalidValue(field, 'must not contain "\\"');
	const segments = path
		.replace(/^\/+/, '')
		.replace(/^api\/v1(\/|$)/i, '')
		.split('/')
		.filter((segment) => segment !== '');
	if (segments.length === 0) throw new InvalidValue(field, 'must name an endpoint below /api/v1, e.g. /user');
	return segments.map((segment) => {
		let decoded: string | undefined;
		try {
			decoded = decodeURIComponent(segment);
		} catch {
			// Reported below, outside the catch.
		}
		if (decoded === undefined) throw new InvalidValue(field, `has a malformed escape in "${segment}"`);
		if (decoded === '.' || decoded === '..') throw new InvalidValue(field, '"." and ".." segments are not allowed');
		if (/[/\\]/.test(decoded)) throw new InvalidValue(field, `must not contain encoded slashes (in "${segment}")`);
		if ([...decoded].some(isControlCharacter)) throw new InvalidValue(field, `must not contain control characters (in "${segment}")`);
		return decoded;
	});
}

function queryOf(value: unknown): IDataObject | undefined {
	const entries = (value as { parameter?: Array<{ name?: unknown; value?: unknown }> } | undefined)?.parameter ?? [];
	const qs: IDataObject = {};
	for (const [index, entry] of entries.entries()) {
		const name = String(entry.name ?? '').trim();
		if (!name) throw new InvalidValue(`Query Parameters[${index}].Name`, 'is required');
		qs[name] = String(entry.value ?? '');
	}
	return Object.keys(qs).length > 0 ? qs : undefined;
}

function bodyOf(value: unknown): IDataObject | IDataObject[] | undefined {
	let body = value;
	if (typeof body === 'string') {
		if (body.trim() === '') return undefined;
		const parsed = parseJson(body);
		if (!parsed.ok) throw new InvalidValue('Body (JSON)', `is not valid JSON (${parsed.problem})`);
		body = parsed.value;
	}
	if (body === null || typeof body !== 'object') throw new InvalidValue('Body (JSON)', 'must be a JSON object or list');
	return body as IDataObject | IDataObject[];
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const method = this.getNodeParameter('method', itemIndex, 'GET') as IHttpRequestMethods;
		const path = parseApiPath(this.getNodeParameter('path', itemIndex, ''));
		const qs = queryOf(this.getNodeParameter('queryParameters', itemIndex, {}));
		const body = ['POST', 'PUT', 'PATCH'].includes(method) ? bodyOf(this.getNodeParameter('body', itemIndex, '{}')) : undefined;
		const response = await apiRequestWithStatus.call(this, { operation: api, method, path, qs, body });
		const answer = response.body as unknown;
		if (Array.isArray(answer)) return answer as IDataObject[];
		if (answer && typeof answer === 'object' && Object.keys(answer).length > 0) return answer as IDataObject;
		if (typeof answer === 'string' && answer !== '') return { statusCode: response.statusCode, body: answer };
		return { statusCode: response.statusCode };
	});
}

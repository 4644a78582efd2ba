/**
 * What each way of defining an order sends, field by field, read from the sandbox's request log:
 * every field of the spec's Order request and order item can be set, and arrives under the spec's
 * own name (test/fixtures/spec-fields.ts, written from the spec alone).
 */
import type { IDataObject } from 'n8n-workflow';

import { ALL_KEYS, keysOf, SPEC } from '../fixtures/spec-fields';
import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

const fill = (names: readonly string[], prefix: string) => Object.fromEntries(names.map((name) => [name, `${prefix}-${name}`]));
const recipient = fill(SPEC.recipient, 'r');
const customer = fill(SPEC.customer, 'c');
const productDetails = { DeliveryMethod: 'Standard', ProductionSpeedDays: 3, FileURL: 'https://files.example/a.pdf', TemplateDataURL: 'https://files.example/data.json', IntelligentMailingSerialNumber: 'IM-1' };
const CALLBACKS = { StatusCallbackUrl: 'https://n8n.example/webhook/s', StatusDetailsCallbackUrl: 'https://n8n.example/webhook/d' };

/** A complete order item in the spec's shape: every field of every object set. */
const completeOrderItem = {
	Product: { ID: 'postcard-4x6', Quantity: 2, ...productDetails, TemplateFields: { headline: 'Hi' } },
	Products: [{ ID: 'letter-2-sheet', Quantity: 1, ...productDetails, TemplateFields: { footer: 'Bye' } }],
	Recipient: recipient,
	Recipients: [fill(SPEC.recipient, 'r2')],
	EddmDeliveryAreas: [{ PostalCode: '62701', CarrierRoute: 'C001', TargetAudience: 'All' }],
	Customer: customer,
	Payments: [{ ExpectedAmount: 12.5, ID: 'pay-1', Method: 'CreditCard' }],
	PartnerOrderReference: 'complete-1',
	...CALLBACKS,
	BillingVariables: [{ key: 'costCenter', value: 'MKT-7' }],
	ProductRecipients: [{ DeliveryMethod: 'Standard', ProductID: 'postcard-4x6', RecipientID: 'r-RecipientKey', Quantity: 2 }],
};

async function sentBody(parameters: IDataObject, items: IDataObject[] = [{}]) {
	const result = await runPrintStore({ parameters, items, credentials: await credentialsFor(env.sandbox) });
	expect(result.error).toBeUndefined();
	const creates = (await env.api.requests()).filter((entry) => entry.method === 'POST' && entry.path.endsWith('/order'));
	expect(creates).toHaveLength(1);
	return creates[0].body as Record<string, unknown>;
}

const create = { resource: 'order', operation: 'create', storeId: '', options: { testMode: true, maxRetries: 2 } };

test('JSON: the order item is sent exactly as given, with TestMode and MaxRetries beside Items', async () => {
	const body = await sentBody({ ...create, storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: JSON.stringify(completeOrderItem) });
	expect(keysOf(body)).toEqual(ALL_KEYS);
	expect(body).toEqual({ Items: [completeOrderItem], TestMode: true, MaxRetries: 2 });
});

test('Fields Below: every field of the editor arrives under the spec’s name', async () => {
	const body = await sentBody({
		...create,
		storeId: env.sandbox.storeId,
		inputMode: 'fields',
		productId: 'postcard-4x6',
		quantity: 2,
		productOptions: { ...productDetails, templateFields: { field: [{ name: 'headline', value: 'Hi' }] } },
		recipient,
		partnerOrderReference: 'complete-1',
		additionalFields: {
			products: { product: [{ ID: 'letter-2-sheet', Quantity: 1, ...productDetails, TemplateFields: '{"footer": "Bye"}' }] },
			recipients: { recipient: [fill(SPEC.recipient, 'r2')] },
			billingVariables: { variable: [{ key: 'costCenter', value: 'MKT-7' }] },
			customer: { details: customer },
			eddmDeliveryAreas: { area: [{ PostalCode: '62701', CarrierRoute: 'C001', TargetAudience: 'All' }] },
			payments: { payment: [{ ExpectedAmount: 12.5, ID: 'pay-1', Method: 'CreditCard' }] },
			productRecipients: { link: [{ ProductID: 'postcard-4x6', RecipientID: 'r-RecipientKey', Quantity: 2, DeliveryMethod: 'Standard' }] },
		},
		statusCallbacks: 'custom',
		statusCallbackUrl: CALLBACKS.StatusCallbackUrl,
		statusDetailsCallbackUrl: CALLBACKS.StatusDetailsCallbackUrl,
	});
	expect(keysOf(body)).toEqual(ALL_KEYS);
	expect(body).toEqual({ Items: [completeOrderItem], TestMode: true, MaxRetries: 2 });
});

test('Input Item Fields: a flat record mapped field by field arrives under the spec’s names', async () => {
	const record: IDataObject = {};
	const mapping: IDataObject[] = [];
	const map = (orderField: string, value: unknown, extra: IDataObject = {}) => {
		const inputField = `in_${mapping.length}`;
		record[inputField] = value as IDataObject[string];
		mapping.push({ orderField, source: 'field', inputField, ...extra });
	};
	map('Product.ID', 'postcard-4x6');
	map('Product.Quantity', 2);
	for (const [name, value] of Object.entries(productDetails)) map(`Product.${name}`, value);
	map('Product.TemplateFields.*', 'Hi', { templateFieldName: 'headline' });
	for (const [name, value] of Object.entries(recipient)) map(`Recipient.${name}`, value);
	for (const [name, value] of Object.entries(customer)) map(`Customer.${name}`, value);
	for (const name of ['Products', 'Recipients', 'EddmDeliveryAreas', 'Payments', 'BillingVariables', 'ProductRecipients', 'PartnerOrderReference', 'StatusCallbackUrl', 'StatusDetailsCallbackUrl'] as const) {
		map(name, completeOrderItem[name]);
	}
	const body = await sentBody(
		{ ...create, storeId: env.sandbox.storeId, inputMode: 'inputItem', itemShape: 'mapped', fieldMapping: { field: mapping } },
		[record],
	);
	expect(keysOf(body)).toEqual(ALL_KEYS);
	expect(body).toEqual({ Items: [completeOrderItem], TestMode: true, MaxRetries: 2 });
});

test('without Test Mode or Max Retries set, neither is sent', async () => {
	const body = await sentBody({ resource: 'order', operation: 'create', storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: JSON.stringify({ Product: { ID: 'postcard-4x6', Quantity: 1 }, Recipient: { NameFirst: 'A' } }) });
	expect(Object.keys(body)).toEqual(['Items']);
});

test('Max Retries 0 and Test Mode off are sent as such, not left out', async () => {
	const body = await sentBody({ ...create, options: { testMode: false, maxRetries: 0 }, storeId: env.sandbox.storeId, inputMode: 'json', orderItemJson: JSON.stringify(completeOrderItem) });
	expect(body).toEqual({ Items: [completeOrderItem], TestMode: false, MaxRetries: 0 });
});

test('Fields Below: an expression in a later entry of a list of fields is read for each item', async () => {
	const parameters = {
		...create,
		storeId: env.sandbox.storeId,
		inputMode: 'fields',
		productId: 'postcard-4x6',
		quantity: 1,
		recipient,
		additionalFields: { products: { product: [{ ID: 'flyer-a5', Quantity: 1 }, { ID: 'flyer-a5', Quantity: '={{ $json.qty }}' }] } },
	};
	const result = await runPrintStore({ parameters, items: [{ qty: 2 }, { qty: 3 }], credentials: await credentialsFor(env.sandbox) });
	expect(result.error).toBeUndefined();
	const sent = (await env.api.requests()).filter((entry) => entry.method === 'POST' && entry.path.endsWith('/order'));
	const items = sent.flatMap((entry) => (entry.body as { Items: IDataObject[] }).Items);
	expect(items.map((item) => (item.Products as IDataObject[]).map((product) => product.Quantity))).toEqual([
		[1, 2],
		[1, 3],
	]);
});

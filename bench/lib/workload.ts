/**
 * The workload every create benchmark uses: CRM-style contact records, mapped to Print Store order
 * items the way the README shows. The same mapping exists three times, once per contender: as the
 * n8n expression in the Print Store node's "Order Item (JSON)", inside the HTTP Request node's JSON
 * body, and as a plain function for the plain client.
 */

/** One CRM record. Kept free of nested functions: its source text is also run in n8n's Code node. */
export function crmRecord(index: number) {
	return {
		crmId: `crm-${index}`,
		firstName: `Customer${index}`,
		lastName: 'Example',
		email: `customer${index}@example.com`,
		street: `${index} Main Street`,
		city: 'Springfield',
		state: 'IL',
		zip: '62701',
		country: 'US',
		quantity: 100 + (index % 50),
	};
}

export type CrmRecord = ReturnType<typeof crmRecord>;

/** The record → order item mapping, as n8n expression source (inside `{{ }}`). */
export const ORDER_ITEM_EXPRESSION =
	"{ Product: { ID: 'postcard-4x6', Quantity: $json.quantity, DeliveryMethod: 'Standard' }, " +
	'Recipient: { NameFirst: $json.firstName, NameLast: $json.lastName, AddressLine1: $json.street, City: $json.city, ' +
	'Province: $json.state, Postalcode: $json.zip, Country: $json.country }, PartnerOrderReference: $json.crmId }';

/** The same mapping as a function, for the plain client. */
export function orderItemFor(record: CrmRecord) {
	return {
		Product: { ID: 'postcard-4x6', Quantity: record.quantity, DeliveryMethod: 'Standard' },
		Recipient: {
			NameFirst: record.firstName,
			NameLast: record.lastName,
			AddressLine1: record.street,
			City: record.city,
			Province: record.state,
			Postalcode: record.zip,
			Country: record.country,
		},
		PartnerOrderReference: record.crmId,
	};
}

/** n8n Code node source that outputs `count` CRM records, one item each. */
export function crmRecordsCode(count: number): string {
	return [
		`const crmRecord = ${crmRecord.toString()};`,
		`const items = new Array(${count});`,
		`for (let i = 0; i < ${count}; i++) items[i] = { json: crmRecord(i) };`,
		'return items;',
	].join('\n');
}

/**
 * The same mapping for "Define Order Using: Input Item Fields": set once in the editor, no
 * expression, so n8n evaluates nothing per item.
 */
export const INPUT_ITEM_MAPPING = [
	{ orderField: 'Product.ID', source: 'value', value: 'postcard-4x6' },
	{ orderField: 'Product.Quantity', source: 'field', inputField: 'quantity' },
	{ orderField: 'Product.DeliveryMethod', source: 'value', value: 'Standard' },
	{ orderField: 'Recipient.NameFirst', source: 'field', inputField: 'firstName' },
	{ orderField: 'Recipient.NameLast', source: 'field', inputField: 'lastName' },
	{ orderField: 'Recipient.AddressLine1', source: 'field', inputField: 'street' },
	{ orderField: 'Recipient.City', source: 'field', inputField: 'city' },
	{ orderField: 'Recipient.Province', source: 'field', inputField: 'state' },
	{ orderField: 'Recipient.Postalcode', source: 'field', inputField: 'zip' },
	{ orderField: 'Recipient.Country', source: 'field', inputField: 'country' },
	{ orderField: 'PartnerOrderReference', source: 'field', inputField: 'crmId' },
];

export type OrderMode = 'json' | 'fields' | 'inputItem';

/** The Create parameters for each way of defining the order, all giving the same order items. */
export function createParameters(storeId: string, mode: OrderMode, batchSize: number, parallelBatches: number): Record<string, unknown> {
	const common = { resource: 'order', operation: 'create', storeId, options: { batchSize, parallelBatches } };
	if (mode === 'inputItem') return { ...common, inputMode: 'inputItem', itemShape: 'mapped', fieldMapping: { field: INPUT_ITEM_MAPPING } };
	if (mode === 'json') return { ...common, inputMode: 'json', orderItemJson: `={{ JSON.stringify(${ORDER_ITEM_EXPRESSION}) }}` };
	return {
		...common,
		inputMode: 'fields',
		productId: 'postcard-4x6',
		quantity: '={{ $json.quantity }}',
		productOptions: { DeliveryMethod: 'Standard' },
		recipient: {
			NameFirst: '={{ $json.firstName }}',
			NameLast: '={{ $json.lastName }}',
			AddressLine1: '={{ $json.street }}',
			City: '={{ $json.city }}',
			Province: '={{ $json.state }}',
			Postalcode: '={{ $json.zip }}',
			Country: '={{ $json.country }}',
		},
		partnerOrderReference: '={{ $json.crmId }}',
	};
}

/**
 * The trigger's filters, through n8n-core's WebhookContext and real HTTP (test/helpers/trigger.ts):
 * what each filter lets through, and, as much, what it keeps out.
 */
import type { INodeParameters } from 'n8n-workflow';

import { startTrigger, useTriggerHosts } from '../helpers/trigger';

const hosts = useTriggerHosts();

/** Posts the events to the status webhook of a trigger with these parameters; returns what it emitted. */
async function emitted(parameters: INodeParameters, events: object[], kind: 'status' | 'details' = 'status') {
	const host = await startTrigger({ parameters });
	hosts.push(host);
	await host.activate();
	const delivery = await host.post(kind, JSON.stringify(events), { query: `?secret=${host.secret()}` });
	expect(delivery.status).toBe(200);
	return (delivery.emitted ?? []).map((event) => `${event.OrderID}:${event.StatusID ?? ''}:${event.StatusDescription ?? ''}`);
}

const event = (order: string, StatusID: number | string | undefined, StatusDescription: string | undefined) => ({ OrderID: order, StatusID, StatusDescription });

test('a picked status lets only that status through, however it is written', async () => {
	const result = await emitted({ statuses: ['Shipped'] }, [
		event('a', 4, 'Shipped'),
		event('b', 3, 'Printed'),
		event('c', 5, 'Delivered'),
		event('d', undefined, 'SHIPPED!'),
		event('e', undefined, 'Ship ped'),
		event('f', 9, undefined),
	]);
	expect(result).toEqual(['a:4:Shipped', 'd::SHIPPED!', 'e::Ship ped']);
});

test('Other Statuses: names match without case, spaces or punctuation; numbers match the status ID; blank entries are ignored', async () => {
	const result = await emitted({ otherStatuses: ' in-production ,, 7 , -1 ,' }, [
		event('a', 2, 'In Production'),
		event('b', 7, 'Custom'),
		event('c', '7', 'Custom as text'),
		event('d', -1, 'Negative'),
		event('e', 3, 'Printed'),
		event('f', 70, 'Seventy'),
		event('g', undefined, undefined),
	]);
	expect(result).toEqual(['a:2:In Production', 'b:7:Custom', 'c:7:Custom as text', 'd:-1:Negative']);
});

test('a number typed in Other Statuses is not a name: a description "7" does not match it', async () => {
	const result = await emitted({ otherStatuses: '7' }, [event('a', 3, '7'), event('b', 7, 'Seven')]);
	expect(result).toEqual(['b:7:Seven']);
});

test('no status picked or typed: every status passes, unreadable ones too', async () => {
	const result = await emitted({ statuses: [], otherStatuses: ' , ' }, [event('a', 3, 'Printed'), event('b', undefined, undefined)]);
	expect(result).toEqual(['a:3:Printed', 'b::']);
});

test('Events left empty: both webhooks start the workflow', async () => {
	expect(await emitted({ events: [] }, [event('a', 3, 'Printed')], 'status')).toEqual(['a:3:Printed']);
	expect(await emitted({ events: [] }, [event('b', 3, 'Printed')], 'details')).toEqual(['b:3:Printed']);
});

test('Events: status only keeps the details webhook out', async () => {
	expect(await emitted({ events: ['status'] }, [event('a', 3, 'Printed')], 'details')).toEqual([]);
	expect(await emitted({ events: ['status'] }, [event('b', 3, 'Printed')], 'status')).toEqual(['b:3:Printed']);
});

test('Completed Orders Only off: completed, not completed and unknown all pass', async () => {
	const result = await emitted({ completedOnly: false }, [
		{ ...event('a', 5, 'Delivered'), Completed: true },
		{ ...event('b', 5, 'Delivered'), Completed: false },
		event('c', 5, 'Delivered'),
	]);
	expect(result).toEqual(['a:5:Delivered', 'b:5:Delivered', 'c:5:Delivered']);
});

test('Other Statuses: an entry with digits and words is a name, not an ID', async () => {
	const result = await emitted({ otherStatuses: 'Stage 7, 8th stage' }, [
		event('a', 7, 'Printed'),
		event('b', 8, 'Printed'),
		event('c', 1, 'Stage 7'),
		event('d', 1, '8th Stage'),
	]);
	expect(result).toEqual(['c:1:Stage 7', 'd:1:8th Stage']);
});

test('Other Statuses with names only: an event whose status ID is text that is no number does not pass', async () => {
	const result = await emitted({ otherStatuses: 'Out for delivery' }, [event('a', 'ABC', 'Printed'), event('b', 'XYZ', 'Out for Delivery')]);
	expect(result).toEqual(['b:XYZ:Out for Delivery']);
});

test('Other Statuses: a typed ID of several digits matches that status ID only', async () => {
	const result = await emitted({ otherStatuses: '12' }, [event('a', 12, 'Twelve'), event('b', 1, 'One'), event('c', 2, 'Two')]);
	expect(result).toEqual(['a:12:Twelve']);
});

test('an event without a status ID never matches a typed ID, not even 0', async () => {
	expect(await emitted({ otherStatuses: '0' }, [event('a', undefined, 'Printed'), event('b', 0, 'Zero')])).toEqual(['b:0:Zero']);
});

test('an event without a status description never matches a typed name, even one of punctuation only', async () => {
	expect(await emitted({ otherStatuses: '---' }, [event('a', 3, undefined), event('b', 4, '- - -')])).toEqual(['b:4:- - -']);
});

test('Other Statuses with words and digits: an event whose status ID is text that is no number does not pass', async () => {
	const result = await emitted({ otherStatuses: 'Stage 7, 8th stage' }, [event('a', 'ABC', 'Printed'), event('b', 'XYZ', 'Stage 7')]);
	expect(result).toEqual(['b:XYZ:Stage 7']);
});

test('a typed number of several digits is not a name either: a description "12" does not match it', async () => {
	expect(await emitted({ otherStatuses: '12' }, [event('a', 3, '12'), event('b', 12, 'Twelve')])).toEqual(['b:12:Twelve']);
});

/**
 * The one status-matching rule (shared/statuses.ts) that the trigger's Statuses, Wait Until Status
 * and Get Many's status filter share: a wanted status is an ID (an integer) or a name (any case,
 * spaces and punctuation ignored).
 */
import { matchesOrder, NO_FILTERS } from '../../nodes/shared/lists/orderList';
import { isStatusId, matchesStatus, statusIdOf, statusMatcher } from '../../nodes/shared/statuses';

const shipped = { StatusID: 4, StatusDescription: 'In Production' };

test.each([
	['the name as shown', ['In Production'], true],
	['another case', ['in production'], true],
	['spaces and punctuation ignored', ['in-production', 'INPRODUCTION'], true],
	['spaces around a name', ['  In Production '], true],
	['the ID', ['4'], true],
	['the ID with spaces around it', [' 4 '], true],
	['one of several', ['Delivered', '4'], true],
	['another name', ['Delivered'], false],
	['another ID', ['5'], false],
	['a name that only starts the same', ['In'], false],
	['nothing wanted', [], false],
	['blank entries only', ['', '  '], false],
	['a name of punctuation only', ['--'], false],
])('%s: %j', (_case, wanted, expected) => {
	expect(matchesStatus(shipped, wanted)).toBe(expected);
});

test('an ID is an integer, a minus sign allowed; digits are never a name', () => {
	expect(['4', '-1', ' 12 '].map(isStatusId)).toEqual([true, true, true]);
	expect(['4a', '1.5', 'Status 4', ''].map(isStatusId)).toEqual([false, false, false, false]);
	expect(matchesStatus({ StatusID: -1, StatusDescription: 'Failed' }, ['-1'])).toBe(true);
	// A name that starts with digits is a name: "3D Printed" is not the ID 3.
	expect(matchesStatus({ StatusID: 3, StatusDescription: '3D Printed' }, ['3D Printed'])).toBe(true);
	expect(matchesStatus({ StatusID: 3, StatusDescription: 'Printed' }, ['3D Printed'])).toBe(false);
	// A description of digits is matched by ID only: "4" is the ID 4.
	expect(matchesStatus({ StatusID: 9, StatusDescription: '4' }, ['4'])).toBe(false);
});

test('a name of punctuation only matches a description of punctuation only, never a blank or missing one', () => {
	expect(matchesStatus({ StatusID: 4, StatusDescription: '- - -' }, ['---'])).toBe(true);
	expect(matchesStatus({ StatusID: 4, StatusDescription: '  ' }, ['---'])).toBe(false);
	expect(matchesStatus({ StatusID: 4 }, ['---'])).toBe(false);
});

test("the record's ID as a number or as text of digits; a record whose status cannot be read matches nothing", () => {
	expect(matchesStatus({ StatusID: '4', StatusDescription: null }, ['4'])).toBe(true);
	expect(matchesStatus({ StatusID: ' 4 ' }, ['4'])).toBe(true);
	expect([4, '4', '-2', '', null, undefined, 'four', Number.NaN].map(statusIdOf)).toEqual([4, 4, -2, undefined, undefined, undefined, undefined, undefined]);
	expect(matchesStatus({ StatusID: null, StatusDescription: null }, ['4', 'Shipped'])).toBe(false);
	expect(matchesStatus({}, ['4', 'Shipped'])).toBe(false);
	expect(matchesStatus({ StatusDescription: '' }, ['Shipped'])).toBe(false);
});

test('prepared once, it answers for each record as matchesStatus does', () => {
	const matches = statusMatcher(['shipped', '7']);
	expect([{ StatusDescription: 'Shipped' }, { StatusID: 7 }, { StatusID: 6, StatusDescription: 'Delivered' }].map(matches)).toEqual([true, true, false]);
});

test("Get Many's status filter uses the rule: a name in another case or spelling, the ID, a negative ID", () => {
	const order = { ID: 'o1', StatusID: 4, StatusDescription: 'In Production' };
	const passes = (statuses: string[]) => matchesOrder(order, { ...NO_FILTERS, statuses });
	expect([['in-production'], ['IN PRODUCTION'], ['4'], ['Shipped'], ['5']].map(passes)).toEqual([true, true, true, false, false]);
	expect(matchesOrder({ StatusID: -1, StatusDescription: 'Failed' }, { ...NO_FILTERS, statuses: ['-1'] })).toBe(true);
});

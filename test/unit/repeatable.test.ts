/** Which API calls may be sent again after a failure that leaves their outcome unknown, as each operation declares (isRepeatable). */
import { isRepeatable } from '../../nodes/shared/apiCalls';
import { API } from '../helpers/api-operations';

test.each<[string, string, boolean]>([
	// Writes that act once: a second create could order twice, a second join or removal could report failure for one that worked.
	['order.create', 'POST', false],
	['store.joinWithInviteKey', 'POST', false],
	['store.removeApplicationAssociation', 'DELETE', false],
	// Reads, and pricing, change nothing.
	['order.getPriceQuote', 'POST', true],
	['order.get', 'GET', true],
	['order.getStatusHistory', 'GET', true],
	['user.getCurrent', 'GET', true],
	// A custom call is repeated only for the methods that read.
	['custom.request', 'GET', true],
	['custom.request', 'HEAD', true],
	['custom.request', 'POST', false],
	['custom.request', 'PUT', false],
	['custom.request', 'PATCH', false],
	['custom.request', 'DELETE', false],
])('%s %s may be repeated: %s', (operation, method, expected) => {
	expect(isRepeatable(API[operation], method)).toBe(expected);
});

/**
 * A workflow saved with an operation this version of the node does not have (written by hand or by
 * a newer version) fails with an error naming it, before any request (no credential is even read).
 */
import { runPrintStore, StoredCredentials } from '../helpers/engine';

test.each([
	['order', 'archive'],
	['user', 'delete'],
])('resource "%s", operation "%s": the operation is named as unknown', async (resource, operation) => {
	const result = await runPrintStore({ parameters: { resource, operation }, credentials: new StoredCredentials() });
	expect(result.error?.message).toBe(`The operation "${operation}" is not known for "${resource}"`);
});

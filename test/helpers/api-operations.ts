/**
 * The API calls as the operations declare them (each `*.operation.ts` exports its `api`), by name,
 * for tests that build failures or ask about retries without sending a request.
 */
import { api as customRequest } from '../../nodes/PrintStore/actions/custom/customApiCall.operation';
import { operations } from '../../nodes/PrintStore/actions/router';
import type { ApiOperation } from '../../nodes/shared/apiCalls';

export const API: Record<string, ApiOperation> = Object.fromEntries([
	...Object.values(operations).flatMap((resource) => Object.values(resource).map((operation) => [operation.api.name, operation.api] as const)),
	[customRequest.name, customRequest],
]);

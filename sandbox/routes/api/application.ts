/** DELETE /application/{applicationID}/store/{storeID}: remove an application-store association. */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../context';
import { ApiError } from '../../errors';
import { canWriteApplication, canWriteStore } from '../../domain/permissions';
import { associationParams } from './schemas';

export function applicationRoutes(ctx: SandboxContext) {
	return async function applications(app: FastifyInstance): Promise<void> {
		app.delete<{ Params: { applicationID: string; storeID: string } }>(
			'/application/:applicationID/store/:storeID',
			{ schema: { params: associationParams } },
			async (request) => {
				const caller = request.caller!;
				const { applicationID, storeID } = request.params;
				const store = ctx.state.stores.get(storeID);
				if (!canWriteApplication(caller.user, applicationID, caller.applicationId) || !canWriteStore(caller.user, store)) {
					throw new ApiError(
						400,
						'Insufficient privileges: removing an association needs (Application.All.Write, or Application.Self.Write for the calling application) and (Store.All.Write, or Store.Self.Write for a store you administer)',
					);
				}
				if (!store || !store.applications.has(applicationID)) {
					throw new ApiError(400, `No association exists between application '${applicationID}' and store '${storeID}'`);
				}
				store.applications.delete(applicationID);
				return {};
			},
		);
	};
}

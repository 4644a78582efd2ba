/**
 * The /api/v1 plugin: body parsing rules and authentication for the seven endpoints of the spec, the
 * two lists it names, and the files status records link to when they live on the API host.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../context';
import { notFoundHandler } from '../../errors';
import { applyProfiles } from '../../plugins/profile-hooks';
import { actThenFail, injectFaults, logRequests } from '../../plugins/request-hooks';
import { applicationRoutes } from './application';
import { authenticate } from './auth';
import { normalizeBodyHeaders } from './body-rules';
import { apiFileRoutes } from './files';
import { orderListRoutes } from './order-list';
import { orderRoutes } from './orders';
import { productRoutes } from './products';
import { storeRoutes } from './store';
import { userRoutes } from './user';

export function apiRoutes(ctx: SandboxContext) {
	return async function api(app: FastifyInstance): Promise<void> {
		// JSON only: fastify's text/plain parser would hand the schema a string.
		app.removeContentTypeParser('text/plain');
		// Structured-syntax JSON types (application/vnd.example+json) are JSON too.
		app.addContentTypeParser(/^application\/[\w.!#$%&'*^`|~-]+\+json$/i, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
		// First: the request log, and faults decided before authentication and before any handler.
		logRequests(app, ctx);
		app.addHook('onRequest', injectFaults(ctx));
		app.addHook('onSend', actThenFail);
		// After actThenFail, so a 500 it puts in place of an answer gets the profile's error shape too.
		app.addHook('onSend', applyProfiles(ctx));
		// Unknown endpoints under /api/v1 are logged and faulted like the others.
		app.setNotFoundHandler(notFoundHandler);
		app.addHook('onRequest', normalizeBodyHeaders);
		app.addHook('onRequest', authenticate(ctx));
		await app.register(storeRoutes(ctx));
		await app.register(orderRoutes(ctx));
		await app.register(orderListRoutes(ctx));
		await app.register(productRoutes(ctx));
		await app.register(userRoutes(ctx));
		await app.register(applicationRoutes(ctx));
		await app.register(apiFileRoutes(ctx));
	};
}

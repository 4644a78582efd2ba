/** GET /user: the current user; `?login=` may name the current user or, for privileged callers, another. */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../context';
import { ApiError } from '../../errors';
import { has } from '../../domain/permissions';
import { usernameWithDomain } from '../../domain/state';
import type { UserRecord } from '../../domain/types';
import { userQuery } from './schemas';

export function userView(user: UserRecord) {
	return {
		ID: user.id,
		Username: user.username,
		UsernameWithDomain: usernameWithDomain(user),
		FirstName: user.firstName,
		LastName: user.lastName,
		Email: user.email,
		Phone: user.phone,
		IsServiceUser: user.isServiceUser,
		_meta: { Messages: [] as string[] },
	};
}

/** Service users and holders of Application.All.Write may look up any user by login. */
const mayLookUpOthers = (user: UserRecord) => user.isServiceUser || has(user, 'Application.All.Write');

export function userRoutes(ctx: SandboxContext) {
	return async function users(app: FastifyInstance): Promise<void> {
		app.get<{ Querystring: { login?: string } }>('/user', { schema: { querystring: userQuery } }, async (request) => {
			const caller = request.caller!.user;
			const login = request.query.login;
			if (login === undefined || login === '') return userView(caller);
			const target = ctx.state.userByLogin(login);
			if (target && (target.id === caller.id || mayLookUpOthers(caller))) return userView(target);
			// Unknown, or not visible to this caller: the same answer, so logins cannot be probed.
			throw new ApiError(404, `No user with login '${login}' is visible to you`);
		});
	};
}

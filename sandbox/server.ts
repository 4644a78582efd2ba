/**
 * startSandbox(): one self-contained Print Store API on 127.0.0.1 with its own OAuth2 server,
 * state, clock, callback dispatcher, fault injection and file host. Several can run in one process.
 */
import OAuth2Server from '@node-oauth/oauth2-server';
import type { AddressInfo } from 'node:net';
import { CallbackDispatcher } from './domain/callbacks';
import { AutoAdvance } from './domain/clock';
import { buildServer } from './app';
import type { SandboxContext } from './context';
import { ApiError } from './errors';
import { Faults } from './domain/faults';
import { FileLinks } from './domain/file-links';
import { FileCache } from './domain/files';
import { buildFileHost } from './file-host';
import { TOKEN_PATH } from './plugins/request-hooks';
import { Lifecycle } from './domain/lifecycle';
import { ListPagesSetting } from './domain/list-pages';
import { ListQueryNamesSetting, type ListQueryNames } from './domain/list-query-names';
import { Profiles } from './domain/profiles';
import { AUTHORIZATION_CODE_LIFETIME_SECONDS, createModel, REFRESH_TOKEN_LIFETIME_SECONDS } from './domain/oauth/model';
import { newSecret, TokenStore, type OAuthUser } from './domain/oauth/store';
import { resolveOptions, type SandboxOptions } from './options';
import { RequestLog, type FileRequestEntry } from './domain/request-log';
import { ADMIN_USERNAME, MAIN_APPLICATION_ID, MAIN_STORE_ID } from './domain/seed';
import { SandboxState } from './domain/state';

export type { SandboxOptions } from './options';

export interface SeedSummary {
	subscriptionKey: string;
	users: Array<{
		username: string;
		password: string;
		id: string;
		usernameWithDomain: string;
		isServiceUser: boolean;
		permissions: string[];
		stores: Array<{ storeId: string; role: 'admin' | 'member' }>;
		role: string;
	}>;
	stores: Array<{
		id: string;
		companyName: string;
		available: boolean;
		applications: string[];
		members: Array<{ userId: string; role: 'admin' | 'member' }>;
		note: string;
	}>;
	inviteKeys: Array<{ key: string; storeId: string; used: boolean; note: string }>;
	applications: Array<{ id: string; name: string; clientId: string; clientSecret: string; note: string }>;
}

export interface IssuedTokens {
	accessToken: string;
	refreshToken: string;
	expiresIn: number;
}

export interface Sandbox {
	baseUrl: string;
	apiUrl: string;
	/** The file host's origin (proofs as signed links, public page renders; see README.md, Files). */
	filesUrl: string;
	authorizationUrl: string;
	tokenUrl: string;
	clientId: string;
	clientSecret: string;
	applicationId: string;
	subscriptionKey: string;
	inviteKey: string;
	storeId: string;
	/** Alice's (the administrator's) pair via the seeded client; valid again after every reset. */
	tokens: { accessToken: string; refreshToken: string };
	seed: SeedSummary;
	control: boolean;
	redirectUris: string[];
	/** The profiles it was started with (the control API can change them; reset restores these). */
	profiles: string[];
	/** The order list's query names it was started with (the control API can change them; reset restores these). */
	listQueryNames: ListQueryNames;
	issueTokens(username: string, clientId?: string): Promise<IssuedTokens>;
	close(): Promise<void>;
}


/** Requests the file host remembers (far more than a test or a workflow run makes). */
const FILE_REQUEST_LOG_CAPACITY = 10_000;

function urlHost(host: string): string {
	if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
	return host.includes(':') ? `[${host}]` : host;
}

function seedSummary(state: SandboxState): SeedSummary {
	const seed = state.seed;
	return {
		subscriptionKey: state.subscriptionKey,
		users: seed.users.map((u) => ({
			username: u.username,
			password: u.password,
			id: u.id,
			usernameWithDomain: `${u.username}@print-store.test`,
			isServiceUser: u.isServiceUser,
			permissions: [...u.permissions],
			stores: seed.stores.flatMap((s) => s.members.filter((m) => m.userId === u.id).map((m) => ({ storeId: s.id, role: m.role }))),
			role: u.role,
		})),
		stores: seed.stores.map((s) => ({
			id: s.id,
			companyName: s.companyName,
			available: s.available,
			applications: [...s.applications],
			members: s.members.map((m) => ({ ...m })),
			note: s.note,
		})),
		inviteKeys: seed.inviteKeys.map((k) => ({ key: k.key, storeId: k.storeId, used: k.usedBy !== null, note: k.note })),
		applications: seed.applications.map((a) => ({ id: a.id, name: a.name, clientId: a.id, clientSecret: a.clientSecret, note: a.note })),
	};
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const opts = resolveOptions(options);
	const state = new SandboxState(opts.subscriptionKey);
	const tokens = new TokenStore();
	const faults = new Faults();
	const requestLog = new RequestLog();
	const profiles = new Profiles(opts.profiles);
	const listQueryNames = new ListQueryNamesSetting(opts.listQueryNames);
	const listPages = new ListPagesSetting();
	const callbacks = new CallbackDispatcher({
		attempts: opts.callbackAttempts,
		baseDelayMs: opts.callbackBaseDelayMs,
		timeoutMs: opts.callbackTimeoutMs,
		prepare: (url, kind, body) => profiles.callback(url, kind, body),
	});
	let baseUrl = '';
	let filesUrl = '';
	const fileLinks = new FileLinks(() => baseUrl, () => filesUrl);
	const files = new FileCache();
	const fileRequests = new RequestLog<FileRequestEntry>(FILE_REQUEST_LOG_CAPACITY);
	const lifecycle = new Lifecycle(state, callbacks, fileLinks);
	const clock = new AutoAdvance(lifecycle);
	const accessTokenLifetime = () => faults.tokenLifetimeSeconds ?? opts.accessTokenLifetimeSeconds;
	const model = createModel({
		state,
		store: tokens,
		redirectUris: opts.redirectUris,
		accessTokenLifetime,
		forcedLifetime: () => faults.tokenLifetimeSeconds,
		clientCredentials: () => profiles.clientCredentials(),
	});
	const oauth = new OAuth2Server({
		model,
		accessTokenLifetime: opts.accessTokenLifetimeSeconds,
		refreshTokenLifetime: REFRESH_TOKEN_LIFETIME_SECONDS,
		authorizationCodeLifetime: AUTHORIZATION_CODE_LIFETIME_SECONDS,
		allowEmptyState: true,
		allowBearerTokensInQueryString: false,
		alwaysIssueNewRefreshToken: true,
	} as OAuth2Server.ServerOptions);

	async function issueTokens(username: string, clientId = MAIN_APPLICATION_ID): Promise<IssuedTokens> {
		const user = state.userByLogin(username);
		if (!user) throw new ApiError(404, `No user '${username}'`);
		const client = await model.getClient(clientId, null as unknown as string);
		if (!client) throw new ApiError(404, `No OAuth2 client '${clientId}'`);
		const lifetime = accessTokenLifetime();
		const oauthUser: OAuthUser = { id: user.id, username: user.username };
		const now = Date.now();
		const saved = await model.saveToken(
			{
				accessToken: newSecret('at'),
				accessTokenExpiresAt: new Date(now + lifetime * 1000),
				refreshToken: newSecret('rt'),
				refreshTokenExpiresAt: new Date(now + REFRESH_TOKEN_LIFETIME_SECONDS * 1000),
				client,
				user: oauthUser,
			},
			client,
			oauthUser,
		);
		if (!saved) throw new ApiError(500, 'Could not save the token');
		return { accessToken: saved.accessToken, refreshToken: saved.refreshToken!, expiresIn: lifetime };
	}

	const initial = await issueTokens(ADMIN_USERNAME);
	const initialEntry = tokens.accessTokens.get(initial.accessToken)!;

	const ctx: SandboxContext = {
		options: opts,
		state,
		tokens,
		oauth,
		faults,
		requestLog,
		callbacks,
		lifecycle,
		clock,
		profiles,
		listQueryNames,
		listPages,
		fileLinks,
		files,
		fileRequests,
		get baseUrl() {
			return baseUrl;
		},
		get filesUrl() {
			return filesUrl;
		},
		issueTokens,
		async reset() {
			state.reset();
			requestLog.clear();
			callbacks.clear();
			callbacks.endOutage();
			callbacks.resetPolicy();
			callbacks.clearRoutes();
			faults.clear();
			profiles.reset();
			listQueryNames.reset();
			listPages.reset();
			fileLinks.reset();
			files.clear();
			fileRequests.clear();
			clock.set(opts.advanceEveryMs);
			// The printed pair stays usable across resets, whatever was expired before.
			const now = Date.now();
			initialEntry.issuedAt = now;
			initialEntry.accessTokenExpiresAt = new Date(now + opts.accessTokenLifetimeSeconds * 1000);
			initialEntry.refreshTokenExpiresAt = new Date(now + REFRESH_TOKEN_LIFETIME_SECONDS * 1000);
			tokens.save(initialEntry);
		},
	};

	const app = buildServer(ctx);
	await app.listen({ port: opts.port, host: opts.host });
	const address = app.server.address() as AddressInfo;
	baseUrl = `http://${urlHost(opts.host)}:${address.port}`;
	const fileHost = buildFileHost(ctx);
	try {
		await fileHost.listen({ port: opts.filesPort, host: opts.host });
	} catch (error) {
		await app.close();
		throw error;
	}
	filesUrl = `http://${urlHost(opts.host)}:${(fileHost.server.address() as AddressInfo).port}`;
	clock.set(opts.advanceEveryMs);

	const main = state.seed.applications.find((a) => a.id === MAIN_APPLICATION_ID)!;
	const unusedInvite = state.seed.inviteKeys.find((k) => k.usedBy === null && state.seed.stores.find((s) => s.id === k.storeId)?.available)!;
	let closed = false;
	return {
		baseUrl,
		apiUrl: `${baseUrl}/api/v1`,
		filesUrl,
		authorizationUrl: `${baseUrl}/oauth/authorize`,
		tokenUrl: `${baseUrl}${TOKEN_PATH}`,
		clientId: main.id,
		clientSecret: main.clientSecret,
		applicationId: main.id,
		subscriptionKey: state.subscriptionKey,
		inviteKey: unusedInvite.key,
		storeId: MAIN_STORE_ID,
		tokens: { accessToken: initial.accessToken, refreshToken: initial.refreshToken },
		seed: seedSummary(state),
		control: opts.control,
		redirectUris: opts.redirectUris,
		profiles: [...opts.profiles],
		listQueryNames: { ...opts.listQueryNames },
		issueTokens,
		async close() {
			if (closed) return;
			closed = true;
			clock.stop();
			callbacks.close();
			faults.cancelSleeps();
			await Promise.all([app.close(), fileHost.close()]);
		},
	};
}

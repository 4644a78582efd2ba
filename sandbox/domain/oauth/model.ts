/** The @node-oauth/oauth2-server model over the sandbox's applications, users and TokenStore. */
import { timingSafeEqual } from 'node:crypto';
import type OAuth2Server from '@node-oauth/oauth2-server';
import type { SandboxState } from '../state';
import { newSecret, type OAuthClient, type OAuthUser, type TokenEntry, type TokenStore } from './store';

export const REFRESH_TOKEN_LIFETIME_SECONDS = 30 * 24 * 3600;
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 300;

/** n8n's OAuth2 callback path; any loopback origin with it is accepted as a redirect URI. */
const N8N_CALLBACK_PATH = '/rest/oauth2-credential/callback';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface ModelDeps {
	state: SandboxState;
	store: TokenStore;
	redirectUris: string[];
	/** Current access-token lifetime (the option, or the fault override). */
	accessTokenLifetime: () => number;
	/** Fault injection: tokens older than this many seconds count as expired. */
	forcedLifetime: () => number | undefined;
	/** Whether the client credentials grant is on (profile client-credentials). */
	clientCredentials?: () => boolean;
}

function sameSecret(a: string, b: string): boolean {
	const left = Buffer.from(a);
	const right = Buffer.from(b);
	return left.length === right.length && timingSafeEqual(left, right);
}

export function isAcceptedRedirectUri(uri: string, configured: string[]): boolean {
	if (configured.includes(uri)) return true;
	try {
		const url = new URL(uri);
		return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.pathname === N8N_CALLBACK_PATH && url.search === '' && url.hash === '';
	} catch {
		return false;
	}
}

export type SandboxModel = OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel & OAuth2Server.ClientCredentialsModel;

export function createModel(deps: ModelDeps): SandboxModel {
	const { state, store } = deps;

	const clientFor = (id: string): OAuthClient | undefined => {
		if (!state.applications.has(id)) return undefined;
		return {
			id,
			grants: deps.clientCredentials?.() ? ['authorization_code', 'refresh_token', 'client_credentials'] : ['authorization_code', 'refresh_token'],
			redirectUris: deps.redirectUris,
			accessTokenLifetime: deps.accessTokenLifetime(),
			refreshTokenLifetime: REFRESH_TOKEN_LIFETIME_SECONDS,
		};
	};

	return {
		async getClient(clientId: string, clientSecret: string | null) {
			const application = state.applications.get(clientId);
			if (!application) return null;
			// The authorize step asks without a secret; the token step always with one.
			if (clientSecret !== null && clientSecret !== undefined && !sameSecret(clientSecret, application.clientSecret)) {
				return null;
			}
			return clientFor(clientId) ?? null;
		},

		/**
		 * A client signing in as itself (client credentials) acts as the seeded service user; the store
		 * associations that count are its own application's, as for every token.
		 */
		async getUserFromClient() {
			const service = [...state.users.values()].find((user) => user.isServiceUser);
			return service ? { id: service.id, username: service.username } : false;
		},

		async validateRedirectUri(redirectUri: string) {
			return isAcceptedRedirectUri(redirectUri, deps.redirectUris);
		},

		async generateAccessToken() {
			return newSecret('at');
		},

		async generateRefreshToken() {
			return newSecret('rt');
		},

		async generateAuthorizationCode() {
			return newSecret('code');
		},

		async saveAuthorizationCode(code, client, user) {
			const entry = {
				authorizationCode: code.authorizationCode,
				expiresAt: code.expiresAt,
				redirectUri: code.redirectUri,
				scope: code.scope,
				codeChallenge: code.codeChallenge,
				codeChallengeMethod: code.codeChallengeMethod,
				client: client as OAuthClient,
				user: user as OAuthUser,
			};
			store.codes.set(entry.authorizationCode, entry);
			return entry;
		},

		async getAuthorizationCode(authorizationCode: string) {
			return store.codes.get(authorizationCode) ?? null;
		},

		/** Codes are single-use: the first exchange deletes it, a second finds nothing (invalid_grant). */
		async revokeAuthorizationCode(code) {
			return store.codes.delete(code.authorizationCode);
		},

		async saveToken(token, client, user) {
			const entry: TokenEntry = {
				accessToken: token.accessToken,
				accessTokenExpiresAt: token.accessTokenExpiresAt ?? new Date(Date.now() + deps.accessTokenLifetime() * 1000),
				refreshToken: token.refreshToken,
				refreshTokenExpiresAt: token.refreshTokenExpiresAt,
				scope: token.scope,
				client: client as OAuthClient,
				user: user as OAuthUser,
				issuedAt: Date.now(),
			};
			store.save(entry);
			// The library reports expires_in as the whole seconds left when it answers, which reads
			// 3599 (or 0 for a 1 s token) a millisecond later; half a second of slack reports the
			// configured lifetime. The stored expiry is untouched.
			return { ...entry, accessTokenExpiresAt: new Date(entry.accessTokenExpiresAt.getTime() + 500) };
		},

		async getAccessToken(accessToken: string) {
			const entry = store.accessTokens.get(accessToken);
			if (!entry) return null;
			const forced = deps.forcedLifetime();
			if (forced === undefined) return entry;
			const forcedExpiry = entry.issuedAt + forced * 1000;
			if (forcedExpiry >= entry.accessTokenExpiresAt.getTime()) return entry;
			return { ...entry, accessTokenExpiresAt: new Date(forcedExpiry) };
		},

		async getRefreshToken(refreshToken: string) {
			const entry = store.refreshTokens.get(refreshToken);
			if (!entry || !entry.refreshToken) return null;
			return {
				refreshToken: entry.refreshToken,
				refreshTokenExpiresAt: entry.refreshTokenExpiresAt,
				scope: entry.scope,
				client: entry.client,
				user: entry.user,
			};
		},

		/**
		 * A refresh issues a new refresh token, but the old one stays usable until it expires: clients
		 * such as n8n may refresh from two requests at once, and the loser must not be locked out.
		 */
		async revokeToken() {
			return true;
		},
	};
}

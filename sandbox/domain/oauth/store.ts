/**
 * Authorization codes, access tokens and refresh tokens of one sandbox (in memory).
 * The protocol itself is @node-oauth/oauth2-server's; this is only its storage.
 */
import { randomBytes } from 'node:crypto';

export interface OAuthClient {
	id: string;
	grants: string[];
	redirectUris: string[];
	accessTokenLifetime: number;
	refreshTokenLifetime: number;
}

/** What the library carries around as "user": enough to find the UserRecord again. */
export interface OAuthUser {
	id: string;
	username: string;
}

export interface CodeEntry {
	authorizationCode: string;
	expiresAt: Date;
	redirectUri: string;
	scope?: string[];
	codeChallenge?: string;
	codeChallengeMethod?: string;
	client: OAuthClient;
	user: OAuthUser;
}

export interface TokenEntry {
	accessToken: string;
	accessTokenExpiresAt: Date;
	refreshToken?: string;
	refreshTokenExpiresAt?: Date;
	scope?: string[];
	client: OAuthClient;
	user: OAuthUser;
	issuedAt: number;
}

export const newSecret = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

export class TokenStore {
	readonly codes = new Map<string, CodeEntry>();
	readonly accessTokens = new Map<string, TokenEntry>();
	readonly refreshTokens = new Map<string, TokenEntry>();

	save(entry: TokenEntry): void {
		this.accessTokens.set(entry.accessToken, entry);
		if (entry.refreshToken) this.refreshTokens.set(entry.refreshToken, entry);
	}

	/** Control API: every access token issued so far expires now; refresh tokens stay valid. */
	expireAllAccessTokens(): number {
		const past = new Date(Date.now() - 1000);
		for (const entry of this.accessTokens.values()) entry.accessTokenExpiresAt = past;
		return this.accessTokens.size;
	}
}

/** Options of startSandbox() and their defaults. */
import { parseListQueryNames, type ListQueryNames } from './domain/list-query-names';
import { parseProfiles, type ProfileName } from './domain/profiles';

export interface SandboxOptions {
	/** 0 = a free port (default for startSandbox; the CLI defaults to 8787). */
	port?: number;
	/** The file host's port (same host); 0 = a free port (default for startSandbox; the CLI defaults to port + 1). */
	filesPort?: number;
	/** Default 127.0.0.1. */
	host?: string;
	/** Enables the /_sandbox control API; default false (then every /_sandbox path answers 404). */
	control?: boolean;
	/** Default 3600. */
	accessTokenLifetimeSeconds?: number;
	/** Auto-advance every order one status step on this interval; 0/undefined = off. */
	advanceEveryMs?: number;
	/** Default 5. */
	callbackAttempts?: number;
	/** Default 500; delay before retry n is base * 2^(n-1). */
	callbackBaseDelayMs?: number;
	/** Default 5000. */
	callbackTimeoutMs?: number;
	/** Redirect URIs accepted for the seeded clients, in addition to the defaults. */
	redirectUris?: string[];
	/** Fastify logger; default false. */
	logger?: boolean;
	/** Profiles active from the start and after every reset (names, or comma-separated lists); default none. */
	profiles?: string[];
	/**
	 * Query parameter names of the order list (not under profile `sandbox-shapes`), by role (page, size,
	 * statuses, createdAfter, createdBefore, details); roles left out keep their default names. Active
	 * from the start and after every reset.
	 */
	listQueryNames?: Partial<ListQueryNames>;
	/**
	 * The subscription key the API accepts (default the seed's, `sandbox-subscription-key-0001`). The
	 * nodes derive their callback and resume secrets from the credential's key and client secret: n8n
	 * instances side by side on one machine, each with a sandbox of a key of its own, cannot answer
	 * for each other's executions.
	 */
	subscriptionKey?: string;
}

export const DEFAULT_REDIRECT_URIS = [
	'http://localhost:5678/rest/oauth2-credential/callback',
	'http://127.0.0.1:5678/rest/oauth2-credential/callback',
];

export interface ResolvedOptions {
	port: number;
	filesPort: number;
	host: string;
	control: boolean;
	accessTokenLifetimeSeconds: number;
	advanceEveryMs: number;
	callbackAttempts: number;
	callbackBaseDelayMs: number;
	callbackTimeoutMs: number;
	redirectUris: string[];
	logger: boolean;
	profiles: ProfileName[];
	listQueryNames: ListQueryNames;
	subscriptionKey: string | undefined;
}

function positive(name: string, value: number | undefined, fallback: number, allowZero = false): number {
	if (value === undefined) return fallback;
	if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
		throw new RangeError(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${value}`);
	}
	return value;
}

function subscriptionKey(key: string | undefined): string | undefined {
	if (key === undefined) return undefined;
	if (!/^[\x21-\x7e]{8,}$/.test(key)) throw new RangeError('subscriptionKey must be at least 8 printable characters without spaces');
	return key;
}

export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
	return {
		port: positive('port', options.port, 0, true),
		filesPort: positive('filesPort', options.filesPort, 0, true),
		host: options.host ?? '127.0.0.1',
		control: options.control ?? false,
		accessTokenLifetimeSeconds: positive('accessTokenLifetimeSeconds', options.accessTokenLifetimeSeconds, 3600),
		advanceEveryMs: positive('advanceEveryMs', options.advanceEveryMs, 0, true),
		callbackAttempts: Math.floor(positive('callbackAttempts', options.callbackAttempts, 5)),
		callbackBaseDelayMs: positive('callbackBaseDelayMs', options.callbackBaseDelayMs, 500, true),
		callbackTimeoutMs: positive('callbackTimeoutMs', options.callbackTimeoutMs, 5000),
		redirectUris: [...new Set([...DEFAULT_REDIRECT_URIS, ...(options.redirectUris ?? [])])],
		logger: options.logger ?? false,
		profiles: parseProfiles(options.profiles),
		listQueryNames: parseListQueryNames(options.listQueryNames),
		subscriptionKey: subscriptionKey(options.subscriptionKey),
	};
}

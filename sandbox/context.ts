/** Everything one sandbox instance owns, handed to each route plugin. No module-level state. */
import type OAuth2Server from '@node-oauth/oauth2-server';
import type { CallbackDispatcher } from './domain/callbacks';
import type { AutoAdvance } from './domain/clock';
import type { Faults } from './domain/faults';
import type { FileLinks } from './domain/file-links';
import type { FileCache } from './domain/files';
import type { Lifecycle } from './domain/lifecycle';
import type { ListPagesSetting } from './domain/list-pages';
import type { ListQueryNamesSetting } from './domain/list-query-names';
import type { Profiles } from './domain/profiles';
import type { TokenStore } from './domain/oauth/store';
import type { ResolvedOptions } from './options';
import type { FileRequestEntry, RequestLog } from './domain/request-log';
import type { SandboxState } from './domain/state';

export interface SandboxContext {
	options: ResolvedOptions;
	state: SandboxState;
	tokens: TokenStore;
	oauth: OAuth2Server;
	faults: Faults;
	requestLog: RequestLog;
	callbacks: CallbackDispatcher;
	lifecycle: Lifecycle;
	clock: AutoAdvance;
	/** The answers the sandbox plays where the spec is silent (domain/profiles.ts). */
	profiles: Profiles;
	/** The order list's query names (domain/list-query-names.ts). */
	listQueryNames: ListQueryNamesSetting;
	/** What the order list does at given pages (domain/list-pages.ts). */
	listPages: ListPagesSetting;
	/** Where the files of status records live, their addresses and signatures (domain/file-links.ts). */
	fileLinks: FileLinks;
	/** The proofs and page renders built so far (domain/files.ts). */
	files: FileCache;
	/** What the file host received (GET /_sandbox/files/requests). */
	fileRequests: RequestLog<FileRequestEntry>;
	/** Set once the server listens. */
	baseUrl: string;
	/** The file host's origin; set once it listens. */
	filesUrl: string;
	/** Issues a token pair without the browser flow (startSandbox's issueTokens, POST /_sandbox/tokens). */
	issueTokens(username: string, clientId?: string): Promise<{ accessToken: string; refreshToken: string; expiresIn: number }>;
	/** Restores the seed (POST /_sandbox/reset). */
	reset(): Promise<void>;
}

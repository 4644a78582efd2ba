/**
 * `npm run sandbox -- [options]`: start a sandbox and print what a user needs to connect.
 * Options: --port N (or PORT; default 8787), --files-port N (default port + 1), --host H (default 127.0.0.1), --control,
 * --token-lifetime SECONDS, --advance-every MS, --callback-attempts N, --callback-base-delay MS,
 * --callback-timeout MS, --redirect-uri URL (repeatable), --profile NAME (repeatable or comma-separated),
 * --list-query-names ROLE=NAME,... (repeatable), --quiet, --json, --help.
 */
import { parseArgs } from 'node:util';
import { STATUSES } from './domain/lifecycle';
import { DEFAULT_LIST_QUERY_NAMES, LIST_QUERY_ROLES, listQueryNamesFromFlag, ListQueryNamesError } from './domain/list-query-names';
import { parseProfiles, PROFILE_DESCRIPTIONS, PROFILE_NAMES, ProfileError } from './domain/profiles';
import { startSandbox, type Sandbox, type SandboxOptions } from './server';

const HELP = `Print Store sandbox: a local, stateful Print Store API with its own OAuth2 server.

Usage: npm run sandbox -- [options]

  --port N                  port to listen on (default: $PORT or 8787; 0 = any free port)
  --files-port N            port of the file host, the second server proofs and page renders may
                            live on (default: port + 1; with --port 0 any free port)
  --host HOST               interface to bind (default 127.0.0.1)
  --control                 enable the /_sandbox control API (reset, advance orders, faults, logs)
  --token-lifetime SECONDS  access-token lifetime (default 3600)
  --advance-every MS        move every open order one status step every MS milliseconds (default off)
  --callback-attempts N     attempts per status callback (default 5)
  --callback-base-delay MS  first retry delay, doubled on each retry (default 500)
  --callback-timeout MS     timeout of one callback attempt (default 5000)
  --redirect-uri URL        accept this OAuth2 redirect URI too (repeatable)
  --profile NAME            answer as another plausible service would where the spec is silent
                            (repeatable or comma-separated; default none). Profiles:
${PROFILE_NAMES.map((name) => `                              ${name.padEnd(22)}${PROFILE_DESCRIPTIONS[name]}`).join('\n')}
                            documented (the provider's shapes, the default) is accepted and selects none
  --list-query-names ROLE=NAME,...
                            query parameter names of the order list (not under sandbox-shapes), e.g.
                            page=pg,size=per (repeatable). Roles and their defaults:
                            ${LIST_QUERY_ROLES.map((role) => `${role}=${DEFAULT_LIST_QUERY_NAMES[role]}`).join(', ')}
  --quiet                   print only the listening line
  --json                    print the connection details as one JSON object
  --help                    show this help
`;

function numberOption(name: string, value: string | undefined): number | undefined {
	if (value === undefined) return undefined;
	const parsed = Number(value);
	if (!Number.isFinite(parsed) || parsed < 0) {
		process.stderr.write(`--${name} needs a non-negative number, got '${value}'\n`);
		process.exit(2);
	}
	return parsed;
}

function parse(): { options: SandboxOptions; quiet: boolean; json: boolean } {
	let values;
	try {
		({ values } = parseArgs({
			options: {
				port: { type: 'string' },
				'files-port': { type: 'string' },
				host: { type: 'string' },
				control: { type: 'boolean' },
				'token-lifetime': { type: 'string' },
				'advance-every': { type: 'string' },
				'callback-attempts': { type: 'string' },
				'callback-base-delay': { type: 'string' },
				'callback-timeout': { type: 'string' },
				'redirect-uri': { type: 'string', multiple: true },
				profile: { type: 'string', multiple: true },
				'list-query-names': { type: 'string', multiple: true },
				quiet: { type: 'boolean' },
				json: { type: 'boolean' },
				help: { type: 'boolean' },
			},
			strict: true,
		}));
	} catch (error) {
		process.stderr.write(`${(error as Error).message}\n\n${HELP}`);
		process.exit(2);
	}
	if (values.help) {
		process.stdout.write(HELP);
		process.exit(0);
	}
	let profiles: string[];
	try {
		profiles = parseProfiles(values.profile);
	} catch (error) {
		if (!(error instanceof ProfileError)) throw error;
		process.stderr.write(`--profile: ${error.message}\n`);
		process.exit(2);
	}
	let listQueryNames: SandboxOptions['listQueryNames'];
	try {
		listQueryNames = listQueryNamesFromFlag(values['list-query-names']);
	} catch (error) {
		if (!(error instanceof ListQueryNamesError)) throw error;
		process.stderr.write(`--list-query-names: ${error.message}\n`);
		process.exit(2);
	}
	const port = numberOption('port', values.port ?? process.env.PORT) ?? 8787;
	return {
		options: {
			port,
			filesPort: numberOption('files-port', values['files-port']) ?? (port === 0 ? 0 : port + 1),
			host: values.host ?? '127.0.0.1',
			control: values.control ?? false,
			accessTokenLifetimeSeconds: numberOption('token-lifetime', values['token-lifetime']),
			advanceEveryMs: numberOption('advance-every', values['advance-every']),
			callbackAttempts: numberOption('callback-attempts', values['callback-attempts']),
			callbackBaseDelayMs: numberOption('callback-base-delay', values['callback-base-delay']),
			callbackTimeoutMs: numberOption('callback-timeout', values['callback-timeout']),
			redirectUris: values['redirect-uri'],
			profiles,
			listQueryNames,
		},
		quiet: values.quiet ?? false,
		json: values.json ?? false,
	};
}

function details(sandbox: Sandbox, options: SandboxOptions) {
	return {
		baseUrl: sandbox.baseUrl,
		apiUrl: sandbox.apiUrl,
		authorizationUrl: sandbox.authorizationUrl,
		tokenUrl: sandbox.tokenUrl,
		filesUrl: sandbox.filesUrl,
		clientId: sandbox.clientId,
		clientSecret: sandbox.clientSecret,
		applicationId: sandbox.applicationId,
		subscriptionKey: sandbox.subscriptionKey,
		storeId: sandbox.storeId,
		inviteKey: sandbox.inviteKey,
		redirectUris: sandbox.redirectUris,
		tokens: { ...sandbox.tokens, user: 'alice', expiresInSeconds: options.accessTokenLifetimeSeconds ?? 3600 },
		control: sandbox.control,
		advanceEveryMs: options.advanceEveryMs ?? 0,
		profiles: sandbox.profiles,
		listQueryNames: sandbox.listQueryNames,
		seed: sandbox.seed,
	};
}

function print(sandbox: Sandbox, options: SandboxOptions): void {
	const row = (label: string, value: string) => `  ${label.padEnd(22)}${value}`;
	const s = sandbox.seed;
	const joinable = (storeId: string) => s.stores.some((st) => st.id === storeId && st.available);
	const unusedOthers = s.inviteKeys
		.filter((k) => !k.used && k.key !== sandbox.inviteKey && joinable(k.storeId))
		.map((k) => k.key);
	const lines = [
		'',
		`Print Store sandbox listening on ${sandbox.baseUrl}`,
		'',
		'Connection (what the n8n credential needs):',
		row('Base URL', sandbox.baseUrl),
		row('API URL', sandbox.apiUrl),
		row('Authorization URL', sandbox.authorizationUrl),
		row('Access token URL', sandbox.tokenUrl),
		row('File host', `${sandbox.filesUrl}  (signed proof links and page renders; no credentials)`),
		row('Client ID', sandbox.clientId),
		row('Client secret', sandbox.clientSecret),
		row('Subscription key', sandbox.subscriptionKey),
		row('Redirect URIs', sandbox.redirectUris[0]),
		...sandbox.redirectUris.slice(1).map((uri) => row('', uri)),
		row('', '(and any http://localhost:<port>/rest/oauth2-credential/callback)'),
		'',
		'Data:',
		row('Application ID', sandbox.applicationId),
		row('Main store ID', `${sandbox.storeId}  (associated with the application)`),
		...s.stores.filter((st) => st.id !== sandbox.storeId).map((st) => row('Store', `${st.id}  (${st.note})`)),
		row('Unused invite key', sandbox.inviteKey),
		row('Other invite keys', `${unusedOthers.join(', ')} (unused, same store)`),
		...s.inviteKeys.filter((k) => k.used || !joinable(k.storeId)).map((k) => row('', `${k.key} (${k.note})`)),
		row('Second client', `${s.applications[1].clientId} / ${s.applications[1].clientSecret}  (${s.applications[1].note})`),
		'',
		'Users (username / password for the login page; permissions; stores):',
		...s.users.map((u) => {
			const permissions = u.permissions.length ? u.permissions.join(', ') : 'no permissions';
			const stores = u.stores.length ? u.stores.map((m) => `${m.role} of ${m.storeId}`).join(', ') : 'no store';
			return `  ${`${u.username} / ${u.password}`.padEnd(42)}${permissions}; ${stores}${u.isServiceUser ? '; service user' : ''}`;
		}),
		'',
		`Ready-made tokens for scripts (alice via ${sandbox.clientId}, access token valid ${options.accessTokenLifetimeSeconds ?? 3600} s):`,
		row('Access token', sandbox.tokens.accessToken),
		row('Refresh token', sandbox.tokens.refreshToken),
		'',
		`Order statuses: ${STATUSES.map((st) => `${st.StatusID} ${st.StatusDescription}`).join(', ')}`,
		options.advanceEveryMs
			? `Auto-advance: every ${options.advanceEveryMs} ms each open order moves one status step`
			: 'Auto-advance: off (orders stay Received unless advanced; see --advance-every or the control API)',
		sandbox.profiles.length > 0
			? `Profiles: ${sandbox.profiles.map((name) => `${name} (${PROFILE_DESCRIPTIONS[name as keyof typeof PROFILE_DESCRIPTIONS]})`).join('; ')}`
			: 'Profiles: none (answers as documented in sandbox/README.md; see --profile)',
		...(!sandbox.profiles.includes('sandbox-shapes')
			? [`Order list query names: ${LIST_QUERY_ROLES.map((role) => `${role}=${sandbox.listQueryNames[role]}`).join(', ')}`]
			: []),
		sandbox.control
			? `Control API: ON at ${sandbox.baseUrl}/_sandbox (reset, tokens, advance, clock, counts, requests, callbacks, faults, profile, list-query-names, files)`
			: 'Control API: off (start with --control to enable /_sandbox)',
		'',
		'Try it:',
		`  curl -s -H "Ocp-Apim-Subscription-Key: ${sandbox.subscriptionKey}" -H "Authorization: Bearer ${sandbox.tokens.accessToken}" ${sandbox.apiUrl}/user`,
		'',
		'Press Ctrl+C to stop.',
		'',
	];
	process.stdout.write(lines.join('\n'));
}

async function main(): Promise<void> {
	const { options, quiet, json } = parse();
	let sandbox: Sandbox;
	try {
		sandbox = await startSandbox(options);
	} catch (error) {
		const e = error as NodeJS.ErrnoException & { port?: number };
		const flag = e.port !== undefined && e.port === options.filesPort && e.port !== options.port ? '--files-port' : '--port';
		process.stderr.write(
			e.code === 'EADDRINUSE'
				? `Port ${e.port ?? options.port} is already in use; choose another with ${flag} N\n`
				: `Could not start the sandbox: ${e.message}\n`,
		);
		process.exit(1);
	}
	if (json) process.stdout.write(`${JSON.stringify(details(sandbox, options))}\n`);
	else if (quiet) process.stdout.write(`Print Store sandbox listening on ${sandbox.baseUrl}\n`);
	else print(sandbox, options);

	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		if (!quiet && !json) process.stdout.write(`\n${signal} received, stopping the sandbox...\n`);
		sandbox.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();

/**
 * Why each mutant that survives `npm run mutate` may survive: scripts/mutation/report.mjs puts the
 * first matching rule's `why` beside it in test/MUTATION.md. A rule matches a mutant of `file` when
 * every criterion it gives holds: `mutator` (Stryker's mutator name), `line` (text on the mutant's
 * first line), `code` (text in the mutated code), `replacement` (text in what replaced it).
 * A surviving mutant that shows a real gap gets a test instead of a rule.
 */

/** What test/MUTATION.md says of the static mutants it does not count. */
export const staticNote =
	'mutants in code that runs only while a module loads (the node descriptions built at load, module-level tables and patterns) ' +
	'would need every test to run for each one; Stryker ignores them (ignoreStatic) and the table counts them per file. ' +
	'Code that also runs inside a test is not static and is counted. The tables they hit are still checked by tests ' +
	'(e.g. test/unit/repeatable.test.ts for the operations that act once).';

const EQUIVALENT = 'equivalent mutant';

/** Tests written for mutants that showed a real gap (test/MUTATION.md lists them). */
export const testsAdded = [
	'test/unit/ids.test.ts: every refusal of an ID in a URL path and its boundary (".", "..", backslash, #, DEL, 200/201 characters, non-text)',
	'test/unit/repeatable.test.ts: which operation and method may be sent again (a create never)',
	'test/node/credential-connection.test.ts: API Base URL forms (slashes, /api/v1 already there, any case), absent or empty base URL or subscription key',
	'test/unit/callback-secrets.test.ts: both secret forms, the store in the same form, hiding in text, lists and objects, the 8-character floor',
	'test/trigger/filters.test.ts: what each filter keeps out (picked and typed statuses, IDs vs names, missing status, Events, Completed Only off)',
	'test/trigger/test-url-secret.test.ts: a test URL refuses a wrong secret',
	'test/node/retry-limit.test.ts: a read that keeps failing is sent exactly 6 times (counted by the sandbox) and its error claims no "may have acted"',
	'test/unit/dedupe.test.ts: window edge, 500-trigger and 10,000-event bounds, the shared (queue-mode) memory: edge, write rule, 500 newest, bad static data, forgetting',
];

export const explained = [
	// nodes/PrintStoreTrigger/webhook/filter.ts
	{
		file: 'nodes/PrintStoreTrigger/webhook/filter.ts',
		line: "const squash = (value: unknown) => String(value ?? '')",
		why: `${EQUIVALENT}: squash is only given strings (picked options, typed entries, a StatusDescription already checked non-null), so the null fallback never applies.`,
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/filter.ts',
		line: "getNodeParameter('otherStatuses', '') ?? ''",
		why: `${EQUIVALENT}: n8n returns the parameter's description default ('') when it is unset, so neither fallback is ever used.`,
	},
	// nodes/PrintStoreTrigger/webhook/secret.ts
	{
		file: 'nodes/PrintStoreTrigger/webhook/secret.ts',
		code: "'testRegistration'",
		why: `${EQUIVALENT}: only the name of the static-data entry for test-URL registrations; any name other than 'registration' behaves the same.`,
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/secret.ts',
		line: "secret: expected || 'test'",
		code: "'test'",
		why: `${EQUIVALENT}: the duplicate memory's name for test-URL events sent without any secret; any fixed name behaves the same (and it is too short to be hidden as a secret).`,
	},
	// nodes/shared/transport/index.ts
	{
		file: 'nodes/shared/transport/index.ts',
		line: "String(credentials.baseUrl ?? '')",
		why: `${EQUIVALENT}: an absent base URL and any fallback text fail the same URL check with the same error (test/node/credential-connection.test.ts checks it).`,
	},
	// nodes/PrintStoreTrigger/webhook/dedupe.ts
	{
		file: 'nodes/PrintStoreTrigger/webhook/dedupe.ts',
		line: 'if (until > now && memory.size <= MAX_KEYS_PER_TRIGGER) break;',
		code: 'until > now',
		why: `${EQUIVALENT}: an expired key already counts as unseen on lookup (seenUntil > now); dropping it early only frees memory sooner.`,
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/dedupe.ts',
		line: "if (stored && typeof stored === 'object' && !Array.isArray(stored))",
		code: "typeof stored === 'object'",
		why: `${EQUIVALENT}: text, numbers and booleans have no entries with a number value, so reading them as an object yields nothing either.`,
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/secret.ts',
		line: "const expected = fixedSecret(ctx) || stored?.secret || ''",
		code: "''",
		why: 'killable only by a sender that guesses the replacement text: with no registration every other secret is refused (403, test/trigger/webhook.test.ts).',
	},
	// nodes/shared/callbackUrls.ts
	{
		file: 'nodes/shared/callbackUrls.ts',
		line: 'if (/secret=/i.test(out))',
		mutator: 'ConditionalExpression',
		why: `${EQUIVALENT}: a fast path; without "secret=" in the text the replacement finds nothing anyway.`,
	},
	{
		file: 'nodes/shared/callbackUrls.ts',
		line: "if (out.includes('/status/') || out.includes('/details/'))",
		why: `${EQUIVALENT}: a fast path; without /status/ or /details/ in the text the path-form replacement finds nothing anyway.`,
	},
	{
		file: 'nodes/shared/callbackUrls.ts',
		line: "if (value && typeof value === 'object')",
		code: "typeof value === 'object'",
		why: `${EQUIVALENT}: what reaches this line is not a string or an array, and numbers and booleans have no entries, so walking them returns them unchanged.`,
	},
	{
		file: 'nodes/shared/transport/index.ts',
		line: "String(credentials.subscriptionKey ?? '')",
		why: 'killed by test/node/credential-connection.test.ts ("a subscription key absent"), written after this run started; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/transport/index.ts',
		line: 'if (!retry || attempt >= DEFAULT_BACKOFF.maxAttempts)',
		why: 'killed by test/node/retry-limit.test.ts (exactly 6 attempts, counted by the sandbox), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/transport/index.ts',
		line: '!repeatable && isAmbiguous(facts)',
		why: 'killed by test/node/retry-limit.test.ts (a failed read has no "may have acted" note), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/transport/index.ts',
		line: 'facts = describeFailure(error, [subscriptionKey])',
		why: 'defence in depth: no failure n8n-core or the sandbox produces carries the key in its text (test/node/errors.test.ts checks no secret in any error); the list guards against a service that echoes it.',
	},
	{
		file: 'nodes/shared/callbackUrls.ts',
		line: 'knownSecrets: readonly string[] = []',
		mutator: 'ArrayDeclaration',
		why: 'killable only by text that contains the replacement itself: the default means "no known secrets", and every test without known secrets passes text without it.',
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/filter.ts',
		line: "typed.filter((entry) => !/^-?\\d+$/.test(entry))",
		mutator: 'Regex',
		why: 'killed by test/trigger/filters.test.ts ("a typed number of several digits is not a name either"), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/filter.ts',
		line: "typed.filter((entry) => /^-?\\d+$/.test(entry))",
		mutator: 'Regex',
		why: 'killed by test/trigger/filters.test.ts ("Other Statuses with words and digits: an event whose status ID is text that is no number does not pass"), written after this run reached it; the next run re-tests it.',
	},
	// Survivors of the earlier run that tests written since target; used only while no later run has re-tested them.
	{
		file: 'nodes/PrintStoreTrigger/webhook/dedupe.ts',
		line: 'if (fresh.some(Boolean))',
		carriedOnly: true,
		why: 'targeted by test/unit/dedupe.test.ts ("a delivery with nothing new leaves the stored object as it was; one new event among repeats is recorded"), written after the earlier run; the stopped run did not reach it.',
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/dedupe.ts',
		line: 'Object.entries(shared).sort((a, b) => b[1] - a[1]).slice(0, MAX_SHARED_KEYS)',
		carriedOnly: true,
		why: 'targeted by test/unit/dedupe.test.ts ("it keeps the 500 newest events"), written after the earlier run; the stopped run did not reach it.',
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/dedupe.ts',
		line: 'delete nodeStaticData[SHARED_KEY]',
		carriedOnly: true,
		why: 'targeted by test/unit/dedupe.test.ts ("forgetSharedEvents clears it"), written after the earlier run; the stopped run did not reach it.',
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/dedupe.ts',
		carriedOnly: true,
		why: 'targeted by test/unit/dedupe.test.ts (window edges and bounds), written after the earlier run; the stopped run did not reach it.',
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/secret.ts',
		line: "if (isTest && !fixedSecret(ctx) && given === undefined)",
		carriedOnly: true,
		why: 'targeted by test/trigger/test-url-secret.test.ts (a test URL refuses a wrong secret), written after the earlier run; the stopped run did not reach it.',
	},
	{
		file: 'nodes/shared/ids.ts',
		line: "typeof value === 'number' && Number.isFinite(value)",
		code: "typeof value === 'number'",
		why: `${EQUIVALENT}: Number.isFinite never coerces, so it is already false for anything but a number; the typeof check only narrows the type.`,
	},
	{
		file: 'nodes/shared/transport/index.ts',
		line: ".replace(/\\/api\\/v1$/i, '')",
		why: 'differs only for a base URL with /api/v1 in the middle of its path (no Print Store setup has one); the forms users paste, /api/v1 at the end included, are tested in test/node/credential-connection.test.ts.',
	},
	{
		file: 'nodes/shared/transport/index.ts',
		line: 'if (!/^https?:\\/\\/[^/\\s]+/i.test(baseUrl.trim()))',
		replacement: '[^/\\s]/i',
		why: `${EQUIVALENT}: the pattern only checks how the URL starts, so one host character or more is the same test.`,
	},
	{
		file: 'nodes/shared/transport/index.ts',
		line: 'if (!/^https?:\\/\\/[^/\\s]+/i.test(baseUrl.trim()))',
		why: 'killed by test/node/credential-connection.test.ts ("with text before the scheme"), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/ids.ts',
		line: "if (id === '.' || id === '..' || id.split(",
		code: "'..'",
		why: `${EQUIVALENT}: ".." alone is also caught by the segment check after it ("..".split gives [".."]); an empty ID was refused before.`,
	},
	{
		file: 'nodes/shared/transport/index.ts',
		line: "Accept: 'application/json'",
		why: 'the sandbox (like the spec) answers JSON whatever Accept says, and logs header names only; that the header is sent is checked in test/node/credential-connection.test.ts.',
	},
	{
		file: 'nodes/shared/transport/index.ts',
		line: 'json: true,',
		why: "equivalent mutant for n8n's request helper: it sends object bodies as JSON and parses JSON answers whether or not `json` is set.",
	},
	{
		file: 'nodes/shared/transport/index.ts',
		line: 'if (request.body !== undefined) options.body = request.body;',
		why: `${EQUIVALENT}: setting body to undefined is the same as not setting it.`,
	},
	{
		file: 'nodes/shared/transport/index.ts',
		line: 'if (request.qs !== undefined) options.qs = request.qs;',
		why: `${EQUIVALENT}: setting qs to undefined is the same as not setting it.`,
	},
];

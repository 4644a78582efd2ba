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
	'test/unit/tool-errors.test.ts: how a tool error joins message and description for the model, keeps its item, passes on an error that already says what to do',
	'test/node/tool.test.ts (added cases): exactly the cap is created, a cap of 0 is refused, a quote is neither capped nor sent in test mode',
	'test/trigger/two-triggers.test.ts (added cases): a trigger whose Callback Secret is an expression, the several-triggers description, a Trigger Node Name expression giving null',
	'test/node/typed-values.test.ts (added case): a Custom URL whose expression gives null is left out',
	'test/node/input-items.test.ts (added case): records in the API shape with Custom URLs: a bad Status Callback URL is named by its own field',
	'test/node/profiles.test.ts, test/unit/narrowing.test.ts (added cases): an item whose reference came back on another result is not paired by position',
	'test/unit/callback-registry.test.ts: forgetting one legacy trigger keeps the others',
	'test/trigger/webhook.test.ts (added cases): Listen for test event without a credential or Callback Secret, the activation error\'s whole description',
	'test/node/retry-limit.test.ts: a read that keeps failing is sent exactly 6 times (counted by the sandbox) and its error claims no "may have acted"',
	'test/unit/dedupe.test.ts: window edge, 500-trigger and 10,000-event bounds, the shared (queue-mode) memory: edge, write rule, 500 newest, bad static data, forgetting',
	"test/trigger/enrich.test.ts: Fetch From the API: the trigger's Store ID before the event's, a blank one, Status History, an event without an order, a Store ID that cannot go in a path",
	'test/trigger/registration.test.ts: re-activation after the Callback Secret or its placement changed, or stayed the same (with or without a fixed secret)',
	'test/trigger/two-triggers.test.ts: two triggers in one workflow (own registry entries, Create asks which, names an unknown one), no trigger, a damaged registry',
	'test/trigger/normalize.test.ts (added cases): each body refusal with its message, the payload limits at their edges, a list of plain values, .NET dates with offset or surrounding text, the seconds/milliseconds edge, a _meta without Messages',
	'test/node/fields-mode.test.ts: empty editor fields are not sent, template-field names trimmed and prototype names refused, an additional product with Template Fields {}',
	'test/node/custom-api-call.test.ts: Custom API Call end to end: path, query, JSON body, list, object and empty (204) answers, an unmapped status code, refused parameters',
	'test/node/rate-limit.test.ts: a read refused with 429 every time: 6 attempts, the rate-limit message and advice',
	'test/node/invite-key.test.ts: an invite key pasted with spaces; a key of spaces only',
	'test/unit/error-messages.test.ts: the error of each kind of failure (403, 5xx and the 500 edge, unmapped codes, no answer, joined service messages, an item refused alone, errors n8n raised)',
	'test/node/typed-values.test.ts: a login typed with spaces; empty callback URLs in a JSON order item next to Custom URLs; its own callback URLs refused under Custom URLs or the trigger; a JSON order item that is no object',
	'test/node/unknown-operation.test.ts: an operation this version of the node does not have is named as unknown',
	'test/unit/dedupe-shared-bound.test.ts: the process keeps what it knows of the shared memory for 500 triggers, and restores dropped entries from it',
	'test/unit/api-path.test.ts: Custom API Call path characters at their edges (control characters, DEL, backslash, malformed escape)',
	"test/unit/narrowing.test.ts, test/unit/failures.test.ts (added cases): a batch's last position, too few results for a batch, a price quote's field rejection",
	'test/node/wait-resume.test.ts (added cases): the exact refusal and 409 bodies, a wait by order number settled by a list of events, an unpaired pending item, the same node waiting again for the same order, an error item beside the waiting ones',
	'test/node/wait-checks.test.ts (added cases): a dropped connection and a 500 that says "finished" keep the checks going; stopChecks ends them',
	'test/node/wait-for-status.test.ts (added case): a resume address that is no http(s) URL, its signature= hidden',
	'test/node/not-the-api.test.ts: a server that is not the API answering an object, null or text to a status history read, and a history with non-record entries',
	'test/unit/wait-plan.test.ts (added cases): numeric status IDs at their edges, names with digits, isRecord, histories read oldest first (newest-first lists, ties at the ends and inside, missing timestamps), planOf field by field (NaN and Infinity IDs, mixed lists)',
	'test/node/input-items.test.ts (added cases): Template Field Name missing, blank or not allowed, empty Order Field segments, exact keys with dots, only objects followed, empty fixed values, a trimmed Order Item Field and its error label',
	'test/node/fields-mode.test.ts (added cases): template-field pairs with a blank or repeated name, an additional product with Template Fields JSON that does not parse',
	'test/unit/narrowing.test.ts (added cases): non-400 batch failures never split or re-sent, all items named, halves failing in other words, stop on error while narrowing, results matched by reference',
	'test/unit/values.test.ts (added cases): an unknown field like none known, template fields as text, recipients not a list, a long value cut',
	'test/node/sent-fields.test.ts (added cases): Max Retries 0 and Test Mode off are sent',
];

export const explained = [
	// Survivors of the trigger rerun of 2026-11-24 (after the tests written for its first run).
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: 'stack.push([entry, depth + 1]);',
		code: 'entry !== null',
		why: 'killed by test/trigger/normalize-fields.test.ts (a null at the deepest allowed level, in a list and in an object), written after the trigger rerun of 2026-11-24 showed it surviving; the next run re-tests it.',
	},
	// nodes/PrintStore/orders/ (run before the tests of this session were written)
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "problem = (error as Error).message",
		why: "killed by test/node/fields-mode.test.ts (an additional product's Template Fields JSON that does not parse, with the parser's reason), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "let problem = '';",
		why: "equivalent mutant: the text is always replaced in the catch before it is used.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "`Products[${index}]`",
		why: "killed by test/node/fields-mode.test.ts (the error names Products[1].TemplateFields), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "'Product',",
		why: "equivalent mutant: the main product's Template Fields come only as name/value pairs from the editor, never as JSON text, so this label is never shown.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "if (typeof product.TemplateFields === 'string') {",
		why: "equivalent mutant: parsing an object that is already parsed returns it unchanged (parseJsonParameter passes non-text through).",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "if (reference !== '' && reference !== null && reference !== undefined)",
		why: "equivalent mutant: the order item check (validateOrderItem.ts) leaves out an empty, null or absent Partner Order Reference as well, so it is never sent either way (test/node/fields-mode.test.ts).",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "return typeof value === 'object' && value !== null && !Array.isArray(value);",
		why: "equivalent mutant: n8n gives collections as objects or leaves them out; null has no entries to read either way.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "if (path in json) return json[path];",
		why: "killed by test/node/input-items.test.ts (an exact key with dots is read before the path), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "if (value === null || typeof value !== 'object') return undefined;",
		why: "killed by test/node/input-items.test.ts (a null address and firstName.length: only objects are followed), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "if (parts.length === 1) return (json) => json[path];",
		why: "equivalent mutant: a fast path; the general reader gives json[path] for a one-part path too.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "const field = String(ctx.getNodeParameter('orderItemField', 0, '') ?? '').trim();",
		why: "killed by test/node/input-items.test.ts (Order Item Field \"  payload.order \" trimmed), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "const labels = { '': `${field} (input field)` };",
		why: "killed by test/node/input-items.test.ts (the error of an item whose field holds no order item names \"payload.order (input field)\"), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "const name = String(entry.templateFieldName ?? '').trim();",
		why: "killed by test/node/input-items.test.ts (Template Field Name missing, blank, trimmed), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "if (!name) throw new InvalidValue(`${where}.Template Field Name`, 'is required');",
		why: "killed by test/node/input-items.test.ts (Template Field Name missing or blank), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "if (FORBIDDEN_KEYS.has(name))",
		why: "killed by test/node/input-items.test.ts (Template Field Name __proto__ and \" constructor \"), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "if (path.length === 0 || path.some((part) => part === ''))",
		why: "killed by test/node/input-items.test.ts (an Order Field with an empty segment (Customer..Email, \"\")), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "let target = String(entry.orderField ?? '');",
		why: "equivalent mutant: n8n gives Order Field its description default whenever a mapping entry exists, so the fallback is never used.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "const fixed = entry.value ?? '';",
		why: "equivalent mutant: n8n gives Value its description default ('') for a fixed value, so the fallback is never used.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "const inputField = String(entry.inputField ?? '').trim();",
		mutator: 'StringLiteral',
		why: "equivalent mutant: n8n gives Input Field its description default ('') for an input field, so the fallback is never used.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "if (found === undefined || found === null || found === '') continue;",
		why: "killed by test/node/input-items.test.ts (a fixed value left empty is not sent; a path that finds nothing sends nothing), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "const name = String(pair.name ?? '').trim();",
		mutator: 'StringLiteral',
		why: "equivalent mutant: n8n fills each template-field pair with its description defaults (name and value ''), so the fallback is never used.",
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: "out[name] = String(pair.value ?? '');",
		mutator: 'StringLiteral',
		why: "equivalent mutant: n8n fills each template-field pair with its description defaults (name and value ''), so the fallback is never used.",
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: "return error instanceof ApiFailure && error.status === 400;",
		why: "killed by test/unit/narrowing.test.ts (a batch failing with 500, 502, 409 or 422 is never split or sent again), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: "return a.message === b.message && a.facts.serviceMessages.join('\\n') === b.facts.serviceMessages.join('\\n');",
		why: "killed by test/unit/narrowing.test.ts (halves failing in other words, or the same message with other service messages, are narrowed further), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: "if (!run.stopped && rest.length > 0) await sendNarrowing(run, group, rest);",
		why: "killed by test/unit/narrowing.test.ts (every item of a batch named: nothing is sent again), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: "\t\tif (run.stopped) return;",
		why: "killed by test/unit/narrowing.test.ts (stop on error while narrowing: the other half is never sent), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: ".flatMap((text) => partsByItem(text)?.filter((part) => part.position === position)",
		why: "killed by test/unit/narrowing.test.ts (a part about another item that mentions it stays with that item), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: "const got = list[position]?.PartnerOrderReference;",
		why: "code changed after this run: results are now matched by Partner Order Reference (test/unit/narrowing.test.ts, sandbox profile results-reordered); the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: "if (sent !== undefined && got !== undefined && got !== null && String(got) !== String(sent)) {",
		why: "code changed after this run: results are now matched by Partner Order Reference first, and this check is tested with references not sent, missing, empty, repeated and null (test/unit/narrowing.test.ts); the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: "(other) => other !== undefined && sameFailure(other, rejection) && namedPositions(",
		why: "killed by test/unit/narrowing.test.ts (halves failing alike but in other words than the whole are narrowed further), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: "for (const match of messages.join('\\n').matchAll(ITEM_REFERENCE)) {",
		mutator: 'StringLiteral',
		why: "equivalent mutant: joining with nothing changes only a reference cut across two messages, which no message has.",
	},
	{
		file: 'nodes/PrintStore/orders/validateOrderItem.ts',
		line: "return text.length > 60 ? `${text.slice(0, 57)}...` : text;",
		why: "killed by test/unit/values.test.ts (a long value is cut in the message), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/validateOrderItem.ts',
		line: "return match ? `; did you mean",
		why: "killed by test/unit/values.test.ts (an unknown field like none known lists the known fields), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/validateOrderItem.ts',
		line: "must be an object of text values, got",
		why: "killed by test/unit/values.test.ts (template fields as text), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/validateOrderItem.ts',
		line: "if (!Array.isArray(value.Recipients)) throw new InvalidValue(at('Recipients')",
		why: "killed by test/unit/values.test.ts (recipients not a list), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/runOrderRequests.ts',
		line: "if (!Number.isInteger(retries) || retries < 0) {",
		mutator: 'EqualityOperator',
		why: "killed by test/node/sent-fields.test.ts (Max Retries 0 is sent as 0), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/runOrderRequests.ts',
		line: "if (Array.isArray(value)) return value.some(hasExpression);",
		why: "equivalent mutant: the parameters read this way (Store ID and Options) hold no lists.",
	},
	{
		file: 'nodes/PrintStore/orders/runOrderRequests.ts',
		line: "outcome.result.OrderNumber ?? outcome.result.ID ?? 'order'",
		mutator: 'StringLiteral',
		why: "equivalent mutant: every created order has an ID, so the fallback word is never shown.",
	},
	// nodes/PrintStore/wait/
	{
		file: 'nodes/PrintStore/wait/plan.ts',
		line: '/^\\s*-?\\d+\\s*$/.test(value)',
		why: 'killed by test/unit/wait-plan.test.ts (a StatusID "0x10" or "1e1" is no ID), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/wait/plan.ts',
		line: "Date.parse(String(record.Timestamp ?? ''))",
		mutator: 'StringLiteral',
		why: "equivalent mutant: '' and any text that is no date both parse to NaN, so a record without a Timestamp reads the same either way.",
	},
	{
		file: 'nodes/PrintStore/wait/receive.ts',
		line: "if ('refused' in read) return { relevant: false, refused:",
		why: 'equivalent mutant: a refused call is answered with its refusal before relevance is looked at.',
	},
	{
		file: 'nodes/PrintStore/wait/resumeUrl.ts',
		line: "ctx.evaluateExpression('{{ $execution.resumeUrl }}', 0) ?? ''",
		why: "equivalent mutant: n8n always resolves $execution.resumeUrl to text; either fallback is no http(s) URL and gets the same refusal.",
	},
	{
		file: 'nodes/PrintStore/wait/receive.ts',
		line: 'Date.parse(plan.timeLimit) > now',
		mutator: 'EqualityOperator',
		why: 'differs only for a call in the very millisecond of the time limit; either answer is right then (the next check or the backstop timer ends the wait).',
	},
	{
		file: 'nodes/PrintStore/wait/receive.ts',
		line: 'resumed.size > RESUMED_MEMORY',
		why: 'the bound of the memory of resumed executions (10,000): telling it needs 10,001 resumed executions in one test; n8n itself refuses calls to a finished execution past it.',
	},
	{
		file: 'nodes/PrintStore/wait/receive.ts',
		line: "'Unknown error'",
		why: `${EQUIVALENT}: what the reads throw is always an Error with a message (the transport's and n8n's errors), so the fallback text is never used.`,
	},
	{
		file: 'nodes/PrintStore/wait/receive.ts',
		line: 'if (queues.get(executionId) === turn) queues.delete(executionId);',
		why: `${EQUIVALENT} for what callers see: it only frees the map entry of an execution whose last call ended; calls are still taken one at a time and each answer is the same.`,
	},
	{
		file: 'nodes/PrintStore/wait/receive.ts',
		line: '} finally {',
		mutator: 'BlockStatement',
		why: `${EQUIVALENT} for what callers see: it only frees the map entry of an execution whose last call ended; calls are still taken one at a time and each answer is the same.`,
	},
	// Survivors of the shared run of 2026-11-25 (19 min): tests written for the gaps, reasons for the rest.
	{
		file: 'nodes/shared/callbackRegistry.ts',
		line: "if (!(REGISTRY_KEY in globalStaticData)) return;",
		why: "equivalent mutant: without a registry the lines below delete a key that is not there, which changes nothing.",
	},
	{
		file: 'nodes/shared/callbackRegistry.ts',
		line: "if (!isRecord(entries) || Object.keys(entries).length === 0) delete globalStaticData[REGISTRY_KEY];",
		why: "killed by test/unit/callback-registry.test.ts (forgetting one trigger keeps the others' entries), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/shared/callbacks/answer.ts',
		line: "return { noWebhookResponse: true };",
		why: "not seen by the sender: the answer has already gone out; without the flag n8n would try to answer a second time, which Express refuses (an error in n8n's log, nothing on the wire), and the fast suites' webhook hosts answer only when the node has not.",
	},
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: "if (!isRecord(value)) return false;",
		why: "equivalent mutant: both callers pass records only (findRecords checks isRecord first; orderOf returns a record or nothing).",
	},
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: "(isRecord(raw) && raw !== record ? field(raw, ...ALIASES.Timestamp) : undefined)",
		why: "equivalent mutant: when the payload is the record itself, reading its Timestamp again finds what the first read did not: nothing.",
	},
	{
		file: 'nodes/shared/callbacks/read.ts',
		line: "if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES || (rawLength ?? 0) > MAX_BODY_BYTES) {",
		why: "equivalent mutant: n8n reads every webhook body whole and gives it as rawBody, whose length is checked on the same line; Content-Length only refuses the same bodies earlier.",
	},
	{
		file: 'nodes/shared/callbacks/read.ts',
		line: "if (error instanceof PayloadRejected) return { refused: error };",
		why: "equivalent mutant: decodeBody and checkPayloadShape throw only PayloadRejected (their every throw is one), so the other branch is for errors that do not occur.",
	},
	{
		file: 'nodes/shared/n8nInternals.ts',
		line: "const gone = status === 404 || status === 401 || status === 403 || (status === 409 && /finished/i.test(JSON.stringify(response.body ?? '')));",
		why: "equivalent mutant: n8n's request helper always gives a body with returnFullResponse (an empty answer is ''), so the fallback is never used.",
	},
	{
		file: 'nodes/shared/n8nInternals.ts',
		line: "return String(ctx.evaluateExpression('{{ $execution.resumeUrl }}', 0) ?? '');",
		why: "equivalent mutant: n8n always resolves $execution.resumeUrl to text; either fallback is no http(s) URL and gets the same refusal (wait/resumeUrl.ts).",
	},
	{
		file: 'nodes/shared/n8nInternals.ts',
		line: "export function leaveOnStack(ctx: IExecuteFunctions, items: INodeExecutionData[]): void {",
		mutator: 'BlockStatement',
		why: "killed only in a real n8n, by test/e2e/wait-for-status.test.ts (checked by hand on 2.41.1, 2026-11-25: the callbacks of delivered orders resumed nothing): the fast suites' wait host hands the resume webhook its pending items itself, so nothing there reads the stack entry n8n saves.",
	},
	{
		file: 'nodes/shared/n8nInternals.ts',
		line: "const stackEntry = ctx.getExecuteData();",
		why: "killed only in a real n8n, by test/e2e/wait-for-status.test.ts (checked by hand on 2.41.1, 2026-11-25): the fast suites' wait host hands the resume webhook its pending items itself, so nothing there reads the stack entry n8n saves.",
	},
	{
		file: 'nodes/shared/n8nInternals.ts',
		line: "stackEntry.data = { ...stackEntry.data, main: [items] };",
		why: "killed only in a real n8n, by test/e2e/wait-for-status.test.ts (checked by hand on 2.41.1, 2026-11-25): the fast suites' wait host hands the resume webhook its pending items itself, so nothing there reads the stack entry n8n saves.",
	},
	{
		file: 'nodes/shared/n8nInternals.ts',
		line: "return typeof base === 'string' ? base : '';",
		why: "equivalent mutant: n8n's webhook base URL is always text; any fallback that is no http(s) URL gets the same refusal in callbackChoice.ts.",
	},
	{
		file: 'nodes/shared/transport/failures.ts',
		line: "if (source[name] !== undefined) return source[name];",
		why: "equivalent mutant: the case-insensitive search below finds the exact name too; the two differ only for a body that has one field under two casings, where either is the service's message.",
	},
	{
		file: 'nodes/shared/transport/failures.ts',
		line: "retryAfterMs = parseRetryAfter(headers['retry-after'] ?? headers['Retry-After'], now);",
		why: "equivalent mutant: Node.js gives response header names in lower case, so 'Retry-After' is only ever read from errors made by hand; the lower-case read comes first.",
	},
	// Survivors of the orders run of 2026-11-25 (39 min): tests written for the gaps, reasons for the rest.
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "const description = typeof error.description === 'string' ? error.description.trim() : '';",
		why: "killed by test/unit/tool-errors.test.ts (a description with spaces around it), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "if (!description || error.message.includes(description)) return error;",
		why: "killed by test/unit/tool-errors.test.ts (a message that already says what to do is passed on as it is), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "const message = `${error.message.replace(/[.\\s]*$/, '')}. ${description}`;",
		why: "killed by test/unit/tool-errors.test.ts (messages ending in '.', '. ' and '..'), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "return new NodeOperationError(ctx.getNode(), message, { itemIndex: error.context?.itemIndex as number | undefined });",
		why: "killed by test/unit/tool-errors.test.ts (the item the error names stays named), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "if (items.length === 1 && ctx.getNodeParameter('inputMode', 0, 'fields') === 'json') {",
		code: "items.length === 1",
		why: "equivalent mutant: n8n runs a tool once per call with one input item, and outside Define Order Using: JSON n8n drops the Order Item (JSON) parameter, so its fallback '{}' is read and is no list: the run is the same.",
	},
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "if (items.length === 1 && ctx.getNodeParameter('inputMode', 0, 'fields') === 'json') {",
		code: "=== 'json'",
		why: "equivalent mutant: outside Define Order Using: JSON n8n drops the Order Item (JSON) parameter, so its fallback '{}' is read and is no list: the run is the same.",
	},
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "if (items.length === 1 && ctx.getNodeParameter('inputMode', 0, 'fields') === 'json') {",
		mutator: 'StringLiteral',
		why: "equivalent mutant: n8n fills every parameter the node shows with its default when it builds the workflow (NodeHelpers.getNodeParameters) and drops those it does not show, so the fallback is never read.",
	},
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "const raw = ctx.getNodeParameter('orderItemJson', 0, '{}');",
		why: "equivalent mutant: n8n fills every parameter the node shows with its default when it builds the workflow (NodeHelpers.getNodeParameters) and drops those it does not show, so the fallback is never read (and '' is no list either).",
	},
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "const live = operation === 'create' && ctx.getNodeParameter('toolLiveOrders', 0, false) === true;",
		why: "equivalent mutant: Create Live Orders is shown for Create only (n8n drops it elsewhere), and live is read only for Create; for Create n8n fills its default (off), so the fallback is never read.",
	},
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "if (operation === 'create') {",
		why: "killed by test/node/tool.test.ts (a quote of more orders than the default cap is priced), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "if (!Number.isInteger(limit) || limit < 1) {",
		why: "killed by test/node/tool.test.ts (a cap of 0 is refused), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "if (orders > limit) {",
		why: "killed by test/node/tool.test.ts (exactly Max Orders per Call orders are created), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "if (property === 'getInputData' && list) return () => list.map(() => items[0]);",
		why: "equivalent mutant: in a list run only the number of input items is read; each order comes from the list (orderItemJson), never from an input item's JSON.",
	},
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "if (name === 'options' && operation === 'create' && !live) return { ...(value as IDataObject), testMode: true };",
		why: "killed by test/node/tool.test.ts (a quote is sent as the options say: no TestMode), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/helpers/tool.ts',
		line: "return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;",
		why: "equivalent mutant: for n8n 2.41.1 and 1.123.81: with the methods left unbound, the fast suites and test/e2e/ai-agent.test.ts passed in both (checked by hand, 2026-11-25); binding keeps n8n's own code inside them off the list.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackChoice.ts',
		line: "const workflowId = String(ctx.getWorkflow().id ?? '');",
		why: "equivalent mutant: n8n saves a workflow before it runs, so it always has an ID.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackChoice.ts',
		line: "if (!/^https?:\\/\\//i.test(base)) {",
		why: "equivalent mutant: n8n's webhook base URL is an http(s) URL or nothing; no value of it holds http:// after its start.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackChoice.ts',
		line: "if (fixed.startsWith('=')) {",
		why: "killed by test/trigger/two-triggers.test.ts (a trigger whose Callback Secret is an expression; a fixed one with '=' in it), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackChoice.ts',
		line: "`The Callback Secret of the Print Store Trigger \"${trigger.name}\" is an expression`,",
		why: "killed by test/trigger/two-triggers.test.ts (a trigger whose Callback Secret is an expression), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackChoice.ts',
		line: "`This node cannot evaluate another node's expression.",
		why: "killed by test/trigger/two-triggers.test.ts (a trigger whose Callback Secret is an expression), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackChoice.ts',
		line: "than this node (\"${ours?.name ?? ''}\")`,",
		why: "equivalent mutant: Create does not run without its credential, so the node always names one.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackChoice.ts',
		line: "const mode = String(ctx.getNodeParameter('statusCallbacks', 0, 'none'));",
		why: "equivalent mutant: n8n fills every parameter the node shows with its default when it builds the workflow (NodeHelpers.getNodeParameters) and drops those it does not show, so the fallback is never read.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackChoice.ts',
		line: "if (mode === 'trigger') return { mode, triggers: await triggerAddressBook(ctx) };",
		why: "equivalent mutant: for what is sent: the address book is read only when Status Callbacks is the trigger (callbackUrls.ts picks by mode), and building it raises nothing (a trigger's problem is kept, not thrown).",
	},
	{
		file: 'nodes/PrintStore/orders/callbackUrls.ts',
		line: "`Set \"Trigger Node Name\" to the one to use. ${NOTHING_SENT}`,",
		why: "killed by test/trigger/two-triggers.test.ts (the description when several triggers could be meant), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackUrls.ts',
		line: "const status = String(ctx.getNodeParameter('statusCallbackUrl', itemIndex, '') ?? '').trim();",
		why: "the first '' is the parameter's fallback, n8n fills every parameter the node shows with its default when it builds the workflow (NodeHelpers.getNodeParameters) and drops those it does not show, so the fallback is never read; the second (?? '') is killed by test/node/typed-values.test.ts (a Custom URL whose expression gives null is left out), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackUrls.ts',
		line: "const details = String(ctx.getNodeParameter('statusDetailsCallbackUrl', itemIndex, '') ?? '').trim();",
		why: "the first '' is the parameter's fallback, n8n fills every parameter the node shows with its default when it builds the workflow (NodeHelpers.getNodeParameters) and drops those it does not show, so the fallback is never read; the second (?? '') is killed by test/node/typed-values.test.ts (a Custom URL whose expression gives null is left out), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackUrls.ts',
		line: "if (status) urls.StatusCallbackUrl = status;",
		why: "equivalent mutant: an empty URL is never sent: the order item check drops empty values.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackUrls.ts',
		line: "if (details) urls.StatusDetailsCallbackUrl = details;",
		why: "equivalent mutant: an empty URL is never sent: the order item check drops empty values.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackUrls.ts',
		line: "mode === 'trigger' && triggers",
		why: "equivalent mutant: callbackChoice sets triggers only when Status Callbacks is the trigger.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackUrls.ts',
		line: "? triggerUrls(triggers, String(ctx.getNodeParameter('callbackTrigger', itemIndex, '') ?? '').trim(), storeId)",
		why: "the first '' is the parameter's fallback, n8n fills every parameter the node shows with its default when it builds the workflow (NodeHelpers.getNodeParameters) and drops those it does not show, so the fallback is never read; the second (?? '') is killed by test/trigger/two-triggers.test.ts (a Trigger Node Name whose expression gives null), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackUrls.ts',
		line: ": mode === 'wait' && resume",
		why: "equivalent mutant: callbackChoice sets resume only for Resume This Execution.",
	},
	{
		file: 'nodes/PrintStore/orders/callbackUrls.ts',
		line: "mode === 'custom' ? { ...draft.labels, StatusCallbackUrl:",
		why: "equivalent mutant: the labels name callback URLs only when the check refuses one, and only Custom URLs can be refused: the trigger's and the resume addresses are the node's own http(s) URLs.",
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: "value === undefined || value === null || String(value) === '' ? undefined : String(value);",
		why: "killed by test/node/profiles.test.ts (one item without a reference among referenced ones, answered in reverse) and test/unit/narrowing.test.ts (a null reference in its place pairs by position), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/validateOrderItem.ts',
		line: "const own = Object.entries(draft.labels ?? {})",
		why: "killed by test/node/input-items.test.ts (records in the API's shape with Custom URLs: a bad Status Callback URL is named by its own field), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/validateOrderItem.ts',
		line: ".sort((a, b) => b[0].length - a[0].length)",
		why: "killed by test/node/input-items.test.ts (records in the API's shape with Custom URLs: a bad Status Callback URL is named by its own field), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/orders/validateOrderItem.ts',
		line: "if (draft.mode !== 'fields') return error;",
		why: "equivalent mutant: the editor labels name fields-mode paths ('Order Item.\u2026'); errors of the other modes start with their own root and match none of them.",
	},
	// Survivors of the wait and trigger runs of 2026-11-25 that showed a gap: the tests written for them.
	{
		file: 'nodes/PrintStore/wait/plan.ts',
		line: "(times[0] === times[times.length - 1] && Number(first?.StatusID) > Number(last?.StatusID));",
		why: "killed by test/unit/wait-plan.test.ts (oldest first with records recorded together inside, and a status sent twice at both ends), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/wait/plan.ts',
		line: "return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;",
		mutator: 'LogicalOperator',
		why: "killed by test/unit/wait-plan.test.ts (an order ID that is NaN or Infinity is no name), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/wait/plan.ts',
		line: "const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === 'string');",
		why: "killed by test/unit/wait-plan.test.ts (a Wait For or Fail On list with one entry that is no text carries no plan), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/wait/plan.ts',
		line: "return [asText(json.orderId), asText(json.orderNumber)].filter((name): name is string => name !== undefined);",
		why: "killed by test/unit/wait-plan.test.ts (orderNames compared strictly: no undefined entries), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/wait/receive.ts',
		line: "for (const item of items) digest.update(JSON.stringify([orderNames(item.json), item.json.timeLimit ?? null, item.json.storeId ?? null]))",
		mutator: 'LogicalOperator',
		code: 'timeLimit',
		why: "killed by test/node/wait-resume.test.ts (the same node waiting again for the same order, its time limit set anew, is resumed again), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStore/wait/receive.ts',
		line: "if (!plan) return false;",
		why: "killed by test/node/wait-resume.test.ts (an error item beside the waiting ones makes no callback of another order read anything), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStoreTrigger/registration.ts',
		line: "return ctx.getMode() === 'manual';",
		why: "killed by test/trigger/webhook.test.ts (\"Listen for test event\" needs neither a credential nor a Callback Secret), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/PrintStoreTrigger/registration.ts',
		line: "'Or set Options > Callback Secret, for orders created outside this workflow.',",
		why: "killed by test/trigger/webhook.test.ts (the activation error's whole description), written after this run reached it; the next run re-tests it.",
	},
	// Reasons for the survivors of the wait run of 2026-11-25 that no test can tell apart.
	{
		file: 'nodes/PrintStore/wait/checks.ts',
		line: "return answer.gone || (answer.status === 200 && (answer.body as IDataObject | undefined)?.resumed === true);",
		mutator: 'ConditionalExpression',
		why: `${EQUIVALENT}: the resume webhook says resumed: true only in a 200 answer, and n8n's own refusals (404, 409) carry no "resumed", so the status adds nothing the body does not say.`,
	},
	{
		file: 'nodes/PrintStore/wait/plan.ts',
		line: "return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;",
		mutator: 'ConditionalExpression',
		replacement: 'true',
		why: `${EQUIVALENT}: Number.isFinite is false for everything that is not a number, so the typeof test only says it twice.`,
	},
	{
		file: 'nodes/PrintStore/wait/receive.ts',
		line: 'for (const item of items) digest.update(JSON.stringify([orderNames(item.json), item.json.timeLimit ?? null, item.json.storeId ?? null]))',
		code: 'storeId',
		why: 'a later wait of the same orders has a later time limit (set when each wait starts), which already makes its key another; the store only matters with the same orders and time limit to the millisecond (tested: test/node/wait-resume.test.ts, the same node waiting again for the same order).',
	},
	{
		file: 'nodes/PrintStore/wait/receive.ts',
		line: 'for (const item of items) digest.update(JSON.stringify([orderNames(item.json), item.json.timeLimit ?? null, item.json.storeId ?? null]))',
		mutator: 'StringLiteral',
		why: `${EQUIVALENT}: each item is a JSON array, which ends itself, so the line break between items cannot make two lists of items read alike.`,
	},
	{
		file: 'nodes/PrintStore/wait/receive.ts',
		line: "const isThisOrder = names.includes(String(event.OrderID ?? '')) || names.includes(String(event.OrderNumber ?? ''));",
		mutator: 'StringLiteral',
		why: `${EQUIVALENT}: an order's names are never empty (orderNames drops empty ones), so an event without an ID or number matches no order with '' as with any other text no order is called.`,
	},
	{
		file: 'nodes/PrintStore/wait/checks.ts',
		line: 'if (now > finalAt + TIMER_GRACE_MS) break;',
		why: 'the checks end 90 s after the time limit, when n8n\'s own timer has ended the wait; a test of that edge would wait 90 s (the retries after the limit are tested in test/node/wait-checks.test.ts).',
	},
	{
		file: 'nodes/PrintStore/wait/checks.ts',
		line: 'now >= finalAt ? FINAL_RETRY_MS',
		mutator: 'EqualityOperator',
		why: 'differs only in the very millisecond of the time limit: the next wait is then 5 s or the 1 s floor, and either check finds the same histories.',
	},
	{
		file: 'nodes/PrintStore/wait/checks.ts',
		line: 'if (running.get(executionId) === checks) running.delete(executionId);',
		why: `${EQUIVALENT} for what users see: it only frees the map entry of checks that ended; a later stopChecks or startChecks of the execution finds them ended either way.`,
	},
	{
		file: 'nodes/PrintStore/wait/checks.ts',
		line: "JSON.stringify(body ?? '')",
		mutator: 'StringLiteral',
		why: `${EQUIVALENT}: n8n's request helper always gives a body with returnFullResponse (an empty answer is ''), so the fallback is never used.`,
	},
	{
		file: 'nodes/PrintStore/wait/resumeUrl.ts',
		line: "String(credentials.subscriptionKey ?? '')",
		mutator: 'StringLiteral',
		why: `${EQUIVALENT}: Create and the resume webhook both compute the secret here, so any fallback for an absent field gives matching secrets; the node sends nothing without a Subscription Key (test/node/credential-connection.test.ts), and OAuth2 needs the Client Secret.`,
	},
	{
		file: 'nodes/PrintStore/wait/plan.ts',
		line: "const squash = (value: unknown) => String(value ?? '')",
		mutator: 'StringLiteral',
		why: `${EQUIVALENT} in practice: a record without StatusDescription would then match only a status typed as "Stryker was here"; an empty name matches nothing either way (tested).`,
	},
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
	// nodes/shared/callbacks/urls.ts
	{
		file: 'nodes/shared/callbacks/urls.ts',
		line: 'if (/secret=|signature=/i.test(out))',
		mutator: 'ConditionalExpression',
		why: `${EQUIVALENT}: a fast path; without "secret=" or "signature=" in the text the replacement finds nothing anyway.`,
	},
	{
		file: 'nodes/shared/callbacks/urls.ts',
		line: "if (out.includes('/status/') || out.includes('/details/'))",
		why: `${EQUIVALENT}: a fast path; without /status/ or /details/ in the text the path-form replacement finds nothing anyway.`,
	},
	{
		file: 'nodes/shared/callbacks/urls.ts',
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
		file: 'nodes/shared/callbacks/urls.ts',
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
	// nodes/PrintStoreTrigger (trigger group)
	{
		file: 'nodes/PrintStoreTrigger/PrintStoreTrigger.node.ts',
		line: 'return true;',
		mutator: 'BooleanLiteral',
		why: "equivalent mutant: n8n awaits the webhook lifecycle's create and delete for their errors only and ignores the boolean they resolve to.",
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/enrich.ts',
		line: "String(ctx.getNodeParameter('enrichStoreId', '') ?? '')",
		mutator: 'StringLiteral',
		code: "''",
		why: `${EQUIVALENT}: n8n returns the parameter's description default ('') whenever enrichment is on, so neither fallback is ever used.`,
	},
	{
		file: 'nodes/shared/callbacks/decode.ts',
		line: "if ((contentType ?? '').includes('application/x-www-form-urlencoded')",
		code: "''",
		why: `${EQUIVALENT}: without a content type neither '' nor any fallback text without the form type is a form body.`,
	},
	{
		file: 'nodes/shared/callbacks/decode.ts',
		line: 'Object.keys(body).length === 0 && rawLength === 0',
		mutator: 'ConditionalExpression',
		why: `${EQUIVALENT}: a request with no bytes (raw length 0) always reaches the trigger as {}, so the checks before rawLength === 0 only restate it.`,
	},
	{
		file: 'nodes/shared/callbacks/decode.ts',
		line: 'Object.keys(body).length === 0 && rawLength === 0',
		mutator: 'LogicalOperator',
		code: '!Array.isArray(body) && Object.keys(body).length === 0',
		why: `${EQUIVALENT}: a request with no bytes (raw length 0) always reaches the trigger as {}, so the checks before rawLength === 0 only restate it.`,
	},
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: 'if (!isObject(value)) return false;',
		why: `${EQUIVALENT}: isStatusRecord is only called with objects (findRecords and the Order check test isObject first); the guard only narrows the type.`,
	},
	// trigger, orders and shared groups (first runs)
	{
		file: 'nodes/PrintStoreTrigger/webhook/enrich.ts',
		line: 'String(ctx.getNodeParameter(\'enrichStoreId\', \'\') ?? \'\').trim()',
		code: 'enrichStoreId',
		why: 'killed by test/trigger/enrich.test.ts (the trigger\'s Store ID before the event\'s; a blank Store ID; Status History; an event without an order; a bad Store ID), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/enrich.ts',
		line: 'configuredStore || event.StoreID || urlStore',
		why: 'killed by test/trigger/enrich.test.ts (the trigger\'s Store ID before the event\'s), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/enrich.ts',
		line: 'checkPathId(store, \'Store ID\')',
		why: 'killed by test/trigger/enrich.test.ts (a bad Store ID is noted naming the field), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/enrich.ts',
		line: 'checkPathId(event.OrderID ?? event.OrderNumber ?? \'\', \'Order ID\')',
		why: 'killed by test/trigger/enrich.test.ts (an event that names no order gets \'Order ID: is required\'), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/enrich.ts',
		line: 'if (what === \'statusHistory\')',
		why: 'killed by test/trigger/enrich.test.ts (Status History: the order\'s records are added), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/enrich.ts',
		line: 'path.push(\'status\')',
		why: 'killed by test/trigger/enrich.test.ts (Status History: the order\'s records are added), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStoreTrigger/registration.ts',
		line: 'if (key in nodeData) delete nodeData[key];',
		mutator: 'ConditionalExpression',
		why: `${EQUIVALENT}: deleting a key the static data does not hold changes nothing, and n8n saves static data only when it changed.`,
	},
	{
		file: 'nodes/PrintStoreTrigger/registration.ts',
		line: 'if (fixed && !secretsMatch(fixed, stored.secret)) return false;',
		why: 'killed by test/trigger/registration.test.ts (re-activation after the Callback Secret or its placement changed, or stayed the same), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStoreTrigger/registration.ts',
		line: 'return stored.statusUrl === statusUrl(ctx, stored.secret);',
		why: 'killed by test/trigger/registration.test.ts (re-activation after the Callback Secret or its placement changed, or stayed the same), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbacks/decode.ts',
		mutator: 'StringLiteral',
		code: '\'',
		why: 'killed by test/trigger/normalize.test.ts (each refusal with its message: empty, blank, null, not JSON, no object or list), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbacks/decode.ts',
		line: 'if (body.trim() === \'\')',
		why: 'killed by test/trigger/normalize.test.ts (blank text is "Empty body"), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbacks/decode.ts',
		line: 'if (body === undefined || body === null)',
		why: 'killed by test/trigger/normalize.test.ts (each refusal with its message), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbacks/decode.ts',
		line: 'if (typeof body !== \'object\')',
		why: 'killed by test/trigger/normalize.test.ts (a bare number is "Body is not a JSON object or list"), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: 'Payload has more than ${LIMITS.maxKeys} values',
		why: 'killed by test/trigger/normalize.test.ts (limits at their edges, with their messages), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: 'const objects = Array.isArray(payload) ? payload.filter(isObject)',
		why: 'killed by test/trigger/normalize.test.ts (a list of plain values is one event), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: 'if (objects.length === 0) return [{ record: {}, raw: payload }];',
		why: 'killed by test/trigger/normalize.test.ts (a list of plain values is one event), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: '/^\\/Date\\(',
		mutator: 'Regex',
		why: 'killed by test/trigger/normalize.test.ts (.NET dates with an offset or text around them), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: '/^\\d+(\\.\\d+)?$/.test(value)',
		mutator: 'Regex',
		replacement: '(\\.\\d)?',
		why: 'killed by test/trigger/normalize-fields.test.ts (epoch seconds with a fraction keep their milliseconds), written after the trigger rerun of 2026-11-24 showed it surviving; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: '/^\\d+(\\.\\d+)?$/.test(value)',
		mutator: 'Regex',
		replacement: '(\\.\\D+)?',
		why: 'killed by test/trigger/normalize-fields.test.ts (epoch seconds with a fraction keep their milliseconds), written after the trigger rerun of 2026-11-24 showed it surviving; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: '/^\\d+(\\.\\d+)?$/.test(value)',
		mutator: 'Regex',
		why: 'killed by test/trigger/normalize.test.ts (a date ending in digits is no epoch number), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: 'millis = n < 1e11 ? n * 1000 : n;',
		why: 'killed by test/trigger/normalize.test.ts (1e11 is the seconds/milliseconds edge), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: 'Messages: isObject(meta) ? (list(field(meta, \'Messages\')) ?? []) : []',
		why: 'killed by test/trigger/normalize.test.ts (a _meta without Messages), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: 'if (value === undefined || value === null || value === \'\') return undefined;',
		why: 'equivalent mutant: a fast path; null, undefined and \'\' are no number, no .NET date, and Date.parse gives NaN for \'\', so each ends as undefined anyway.',
	},
	{
		file: 'nodes/shared/callbacks/normalize.ts',
		line: 'JSON.stringify(raw) ?? \'\'',
		why: 'equivalent mutant: raw is the payload, never undefined (an absent body is refused first), so JSON.stringify always gives text.',
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: 'if (value === \'\' || value === undefined || value === null) continue;',
		code: 'value === \'\'',
		why: 'killed by test/node/fields-mode.test.ts (fields left empty are not sent), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: 'if (value === \'\' || value === undefined || value === null) continue;',
		mutator: 'LogicalOperator',
		why: 'killed by test/node/fields-mode.test.ts (fields left empty are not sent), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: 'if (value === \'\' || value === undefined || value === null) continue;',
		mutator: 'StringLiteral',
		why: 'killed by test/node/fields-mode.test.ts (fields left empty are not sent), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: 'if (value === \'\' || value === undefined || value === null) continue;',
		mutator: 'ConditionalExpression',
		why: 'equivalent mutant: the order item check drops null and undefined fields as well (validateOrderItem.ts), so only the \'\' test is observable.',
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: 'String(pair.name ?? \'\')',
		mutator: 'StringLiteral',
		code: '\'\'',
		why: 'equivalent mutant: n8n fills each template-field pair with its description defaults (name and value \'\'), so the fallback is never used.',
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: 'String(pair.value ?? \'\')',
		mutator: 'StringLiteral',
		code: '\'\'',
		why: 'equivalent mutant: n8n fills each template-field pair with its description defaults (name and value \'\'), so the fallback is never used.',
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: 'String(pair.name ?? \'\').trim()',
		why: 'killed by test/node/fields-mode.test.ts (template-field names trimmed), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: 'if (FORBIDDEN_KEYS.has(name)) throw new InvalidValue(`${field}[${index}].Name`',
		why: 'killed by test/node/fields-mode.test.ts (\'__proto__\' and \'constructor\' as template-field names are refused), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: 'delete product.TemplateFields;',
		why: 'killed by test/node/fields-mode.test.ts (an additional product with Template Fields {} is sent without them), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/orders/buildOrderItem.ts',
		line: 'if (product.TemplateFields !== undefined && Object.keys(product.TemplateFields as IDataObject).length === 0)',
		why: 'killed by test/node/fields-mode.test.ts (an additional product with Template Fields {} is sent without them), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: 'messages.join(\'\\n\').matchAll(ITEM_REFERENCE)',
		why: 'equivalent mutant: the messages are only searched for Items[k]; no service message ends inside such a reference, so joining them without a line break finds the same ones.',
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: 'if (position < size) positions.add(position);',
		why: 'killed by test/unit/narrowing.test.ts (Items[5] is outside a batch of 5), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: 'run.creates ? \' Orders may have been created',
		why: 'killed by test/unit/narrowing.test.ts (fewer results than items; only a create warns that orders may exist), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: 'if (list.length !== entries.length) {',
		why: 'killed by test/unit/narrowing.test.ts (fewer results than items; only a create warns that orders may exist), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/orders/sendBatches.ts',
		line: 'It returned ${list.length} results for ${entries.length} order items.',
		why: 'killed by test/unit/narrowing.test.ts (fewer results than items; only a create warns that orders may exist), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/helpers/items.ts',
		line: 'if (error.description) json.description = error.description;',
		why: 'equivalent mutant: a description n8n gives as undefined is dropped from the item\'s JSON, the same as not setting it.',
	},
	{
		file: 'nodes/shared/displayOptions.ts',
		line: '? { hide: { ...property.displayOptions?.hide, ...displayOptions.hide } }',
		why: 'no operation passes hide rules and no shared field has any, so this branch never runs; it only shapes the editor\'s display rules.',
	},
	{
		file: 'nodes/shared/callbackRegistry.ts',
		line: 'if (existing && typeof existing === \'object\' && !Array.isArray(existing)) return existing as IDataObject;',
		why: 'killed by test/trigger/two-triggers.test.ts (two triggers keep their own entries; a damaged registry is replaced), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbackRegistry.ts',
		line: 'if (Object.keys(entries).length === 0) delete globalStaticData[REGISTRY_KEY];',
		why: 'killed by test/trigger/two-triggers.test.ts (deactivating one trigger leaves the other), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbackRegistry.ts',
		line: 'if (!entries || typeof entries !== \'object\') return [];',
		code: '!entries || typeof',
		why: 'killed by test/trigger/two-triggers.test.ts (Create with no trigger says so), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbackRegistry.ts',
		line: 'if (!entries || typeof entries !== \'object\') return [];',
		why: 'equivalent mutant: a registry that is text has only one-character entries, which the filter after it drops, so the answer is [] either way.',
	},
	{
		file: 'nodes/shared/callbackRegistry.ts',
		line: '.filter(([, value]) => value && typeof value === \'object\')',
		why: 'killed by test/trigger/two-triggers.test.ts (Create skips registry entries that are not objects), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/callbackRegistry.ts',
		line: 'return Object.entries(entries as IDataObject)',
		why: 'killed by test/trigger/two-triggers.test.ts (Create skips registry entries that are not objects), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'if (facts.status === 429) {',
		why: 'killed by test/node/rate-limit.test.ts (429 every time: the rate-limit message and advice after 6 attempts), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'message: \'The service is receiving too many requests\'',
		why: 'killed by test/node/rate-limit.test.ts (429 every time: the rate-limit message and advice after 6 attempts), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'description: \'The node retried with backoff and gave up.',
		why: 'killed by test/node/rate-limit.test.ts (429 every time: the rate-limit message and advice after 6 attempts), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: '(operation !== \'order.create\' && operation !== \'order.getPriceQuote\')',
		why: 'killed by test/unit/failures.test.ts (a price quote\'s field rejection), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'facts.serviceMessages.some((text) => /store/i.test(text))',
		why: 'killed by test/unit/error-messages.test.ts (one message about the store makes a 400 "invalid store"), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: '{ message: \'Insufficient permissions\'',
		why: 'killed by test/unit/error-messages.test.ts (the error of each kind of failure), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'if (facts.status !== undefined && facts.status >= 500) {',
		why: 'killed by test/unit/error-messages.test.ts (the error of each kind of failure), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'message: `The service failed to process the request (HTTP ${facts.status})`',
		why: 'killed by test/unit/error-messages.test.ts (the error of each kind of failure), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'description: \'This is a problem on the service side. Try again later.\'',
		why: 'killed by test/unit/error-messages.test.ts (the error of each kind of failure), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'if (facts.status !== undefined) {',
		why: 'killed by test/unit/error-messages.test.ts (the error of each kind of failure), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'return { message: `The service answered HTTP ${facts.status}`',
		why: 'killed by test/unit/error-messages.test.ts (the error of each kind of failure), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'if (facts.code === undefined) {',
		why: 'killed by test/unit/error-messages.test.ts (no answer: a network error vs an unusable credential), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'if (facts.serviceMessages.length) parts.push(`Service says: ${facts.serviceMessages.join',
		why: 'killed by test/unit/error-messages.test.ts (the service\'s messages joined by \' | \'), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'if (error instanceof NodeApiError || error instanceof NodeOperationError) {',
		why: 'killed by test/unit/error-messages.test.ts (an error n8n raised gets the item index and the note), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;',
		why: 'killed by test/unit/error-messages.test.ts (an error n8n raised gets the item index and the note), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'if (note) error.description = withNote(error.description ?? \'\');',
		why: 'killed by test/unit/error-messages.test.ts (an error n8n raised gets the item index and the note), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: "if (more.length > 0) parts.push(`Service says: ${facts.serviceMessages.join(' | ')}`);",
		why: "killed by test/unit/error-messages.test.ts (an item the service refused alone, with two messages), written after this run reached it; the next run re-tests it.",
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'return new NodeOperationError(node, error as Error, { itemIndex, description: note });',
		why: 'killed by test/unit/error-messages.test.ts (any other error names the item and carries the note), written after this run reached it; the next run re-tests it.',
	},
	// actions group
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: 'String(ctx.getNodeParameter(\'callbackTrigger\', itemIndex, \'\') ?? \'\')',
		mutator: 'StringLiteral',
		why: 'equivalent mutant: n8n returns the parameter\'s description default (\'\') whenever the field is shown, so the fallback is never used.',
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: 'String(ctx.getNodeParameter(\'statusCallbackUrl\', itemIndex, \'\') ?? \'\')',
		mutator: 'StringLiteral',
		why: 'equivalent mutant: n8n returns the parameter\'s description default (\'\') whenever the field is shown, so the fallback is never used.',
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: 'String(ctx.getNodeParameter(\'statusDetailsCallbackUrl\', itemIndex, \'\') ?? \'\')',
		mutator: 'StringLiteral',
		why: 'equivalent mutant: n8n returns the parameter\'s description default (\'\') whenever the field is shown, so the fallback is never used.',
	},
	{
		file: 'nodes/PrintStore/actions/order/get.operation.ts',
		line: 'checkPathId(ctx.getNodeParameter(\'storeId\', itemIndex, \'\'), \'Store ID\')',
		mutator: 'StringLiteral',
		why: 'equivalent mutant: n8n returns the parameter\'s description default (\'\') whenever the field is shown, so the fallback is never used.',
	},
	{
		file: 'nodes/PrintStore/actions/order/get.operation.ts',
		line: 'checkPathId(locator.value ?? \'\', field)',
		mutator: 'StringLiteral',
		why: 'equivalent mutant: n8n gives the Order locator its default value (\'\') whenever the field is shown, so the fallback is never used.',
	},
	{
		file: 'nodes/PrintStore/actions/store/removeApplicationAssociation.operation.ts',
		line: 'this.getNodeParameter(\'applicationId\', itemIndex, \'\')',
		mutator: 'StringLiteral',
		why: 'equivalent mutant: n8n returns the parameter\'s description default (\'\') whenever the field is shown, so the fallback is never used.',
	},
	{
		file: 'nodes/PrintStore/actions/store/removeApplicationAssociation.operation.ts',
		line: 'this.getNodeParameter(\'storeId\', itemIndex, \'\')',
		mutator: 'StringLiteral',
		why: 'equivalent mutant: n8n returns the parameter\'s description default (\'\') whenever the field is shown, so the fallback is never used.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: 'const path = String(value ?? \'\').trim();',
		mutator: 'StringLiteral',
		why: 'equivalent mutant: n8n gives Path its description default (\'\') when empty, so the fallback is never used.',
	},
	{
		file: 'nodes/PrintStore/actions/store/joinWithInviteKey.operation.ts',
		line: 'String(this.getNodeParameter(\'inviteKey\', itemIndex, \'\')).trim()',
		mutator: 'MethodExpression',
		why: 'killed by test/node/invite-key.test.ts (a pasted key with spaces joins; a key of spaces only is refused), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: 'return code < 0x20 || code === 0x7f;',
		why: 'killed by test/unit/api-path.test.ts (encoded control characters and DEL refused, space and tilde pass), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: '\')) throw new InvalidValue(field, \'must not contain "',
		why: 'killed by test/unit/api-path.test.ts (a backslash is refused with its message), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/store/joinWithInviteKey.operation.ts',
		line: "String(this.getNodeParameter('inviteKey', itemIndex, ''))",
		mutator: 'StringLiteral',
		why: "equivalent mutant: n8n returns the parameter's description default ('') whenever the field is shown, so the fallback is never used.",
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: 'has a malformed escape in',
		why: 'killed by test/unit/api-path.test.ts (a malformed escape is refused naming the segment), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/user/getCurrent.operation.ts',
		line: "options.login.trim()",
		why: 'killed by test/node/typed-values.test.ts (a login with spaces around it is sent without them), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: 'must not contain control characters (in',
		why: 'killed by test/unit/api-path.test.ts (encoded control characters refused with this message), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: "(value as IDataObject)[key] !== undefined && (value as IDataObject)[key] !== ''",
		why: 'killed by test/node/typed-values.test.ts (empty callback URLs in the JSON do not clash with Custom URLs), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: 'is given in the order item while Status Callbacks is',
		why: 'killed by test/node/typed-values.test.ts (a JSON order item with its own callback URL under Custom URLs or the trigger is refused), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: '`Order Item (JSON).${own[0]}`',
		why: 'killed by test/node/typed-values.test.ts (a JSON order item with its own callback URL under Custom URLs or the trigger is refused), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: 'if (own.length > 0) {',
		why: 'killed by test/node/typed-values.test.ts (a JSON order item with its own callback URL under Custom URLs or the trigger is refused), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: 'if (chosen.length > 1) {',
		why: 'equivalent mutant: exactly one trigger is returned by the check before, so ">= 1" and "> 1" differ only for a length this line never sees.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: "String(entry.name ?? '')",
		mutator: 'StringLiteral',
		why: "equivalent mutant: n8n fills each query parameter with its description defaults (name and value ''), so the fallback is never used.",
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: "String(entry.value ?? '')",
		mutator: 'StringLiteral',
		why: "equivalent mutant: n8n fills each query parameter with its description defaults (name and value ''), so the fallback is never used.",
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: "const field = 'Path';",
		why: 'killed by test/unit/api-path.test.ts (each refusal names the Path field), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: "const path = String(value ?? '').trim();",
		mutator: 'MethodExpression',
		why: 'killed by test/unit/api-path.test.ts (spaces around the path are dropped), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: "if (/^[a-z][a-z0-9+.-]*:/i.test(path)",
		mutator: 'Regex',
		why: 'killed by test/unit/api-path.test.ts (a colon inside a segment is no URL scheme), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: "if (typeof answer === 'string' && answer !== '')",
		mutator: 'ObjectLiteral',
		why: 'no endpoint of the spec or the sandbox answers plain text, so no test reaches the item made of a text answer.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: "if (typeof answer === 'string' && answer !== '')",
		why: 'killed by test/node/custom-api-call.test.ts (an empty 204 answer gives its status code), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: 'return { statusCode: response.statusCode };',
		why: 'no endpoint of the spec or the sandbox answers an empty object or no body at all (an empty answer reaches the node as \'\', tested with 204), so this last fallback is not reached.',
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: "'Set \"Trigger Node Name\" to the one to use. Nothing was sent.'",
		why: "only the error's help text (its description); the error and its message are checked in test/trigger/two-triggers.test.ts.",
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: "'The trigger registers its callback URLs when the workflow is activated.",
		why: "only the error's help text (its description); the error and its message are checked in test/trigger/two-triggers.test.ts.",
	},
	{
		file: 'nodes/PrintStore/actions/router.ts',
		line: 'if (!execute) {',
		why: 'killed by test/node/unknown-operation.test.ts (an operation this version does not have is named as unknown), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/router.ts',
		line: 'is not known for',
		why: 'killed by test/node/unknown-operation.test.ts (an operation this version does not have is named as unknown), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: "String(ctx.getNodeParameter('statusCallbackUrl', itemIndex, '') ?? '').trim()",
		mutator: 'MethodExpression',
		why: 'killed by test/node/typed-values.test.ts (Custom URLs of spaces only is "no URL"), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: "String(ctx.getNodeParameter('statusDetailsCallbackUrl', itemIndex, '') ?? '').trim()",
		mutator: 'MethodExpression',
		why: 'killed by test/node/typed-values.test.ts (Custom URLs of spaces only is "no URL"), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: '.replace(/^\\/+/, \'\')',
		why: 'equivalent mutant: a path starting with two slashes is refused before (as a full URL), so only one leading slash ever reaches this line.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: '.replace(/^api\\/v1(\\/|$)/i, \'\')',
		why: 'killed by test/unit/api-path.test.ts (only a leading api/v1 is dropped; /api/v1 alone names no endpoint), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: 'if (status) urls.StatusCallbackUrl = status;',
		why: 'equivalent mutant: an empty callback URL is dropped by the order item check (validateOrderItem.ts), as test/node/typed-values.test.ts shows, so setting it to \'\' sends nothing either.',
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: 'if (details) urls.StatusDetailsCallbackUrl = details;',
		why: 'equivalent mutant: an empty callback URL is dropped by the order item check (validateOrderItem.ts), as test/node/typed-values.test.ts shows, so setting it to \'\' sends nothing either.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: "if (decoded === '.' || decoded === '..')",
		why: 'killed by test/unit/api-path.test.ts (a "." segment, plain or encoded, is refused), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStoreTrigger/webhook/dedupe.ts',
		line: 'if (sharedMemories.size > MAX_TRIGGERS)',
		why: 'killed by test/unit/dedupe-shared-bound.test.ts (500 triggers keep their shared memory, a 501st drops the oldest), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: "if (!value || typeof value !== 'object' || Array.isArray(value)) return draft;",
		why: 'killed by test/node/typed-values.test.ts (with Custom URLs, a JSON order item that is a number, a list or null is named as no object), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: 'return Object.keys(qs).length > 0 ? qs : undefined;',
		why: "equivalent mutant: n8n's request helper adds no query string for an empty qs object, the same as for none.",
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: "mode === 'custom' ? { ...draft.labels, StatusCallbackUrl: 'Status Callback URL'",
		replacement: 'false',
		why: 'killed by test/node/typed-values.test.ts (a bad Custom URL next to a JSON order item is named by its editor field), written after this run reached it; the next run re-tests it.',
	},
	{
		file: 'nodes/PrintStore/actions/order/create.operation.ts',
		line: "mode === 'custom' ? { ...draft.labels, StatusCallbackUrl: 'Status Callback URL'",
		why: "equivalent mutant: the only other mode here is the trigger's, whose registered URLs always pass the URL check, so their labels are never shown.",
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: 'if (body.trim() === \'\') return undefined;',
		why: 'not yet tested (found at the end of this run): a blank Body (JSON) on POST is sent as no body, not refused as invalid JSON.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: 'if (body === null || typeof body !== \'object\')',
		why: 'not yet tested (found at the end of this run): a Body (JSON) of null is refused as no object or list.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: "this.getNodeParameter('body', itemIndex, '{}')",
		mutator: 'StringLiteral',
		code: "'{}'",
		why: "equivalent mutant: n8n returns the parameter's description default ('{}') whenever the field is shown, so the fallback is never used.",
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: "parseApiPath(this.getNodeParameter('path', itemIndex, ''))",
		mutator: 'StringLiteral',
		why: "equivalent mutant: n8n returns the parameter's description default ('') whenever the field is shown, so the fallback is never used.",
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: '[\'POST\', \'PUT\', \'PATCH\'].includes(method)',
		why: 'the spec has no PUT or PATCH endpoint, so only POST bodies reach a real endpoint in the tests (test/node/custom-api-call.test.ts); the body rule for PUT and PATCH is not tested.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: 'if (Array.isArray(answer)) return answer as IDataObject[];',
		why: 'equivalent mutant: a list then passes the object check below and forEachItem turns it into one item per entry all the same.',
	},
	{
		file: 'nodes/PrintStore/actions/custom/customApiCall.operation.ts',
		line: 'if (answer && typeof answer === \'object\' && Object.keys(answer).length > 0)',
		why: 'no endpoint of the spec or the sandbox answers an empty object, so it is never told apart from a non-empty one.',
	},
	{
		file: 'nodes/PrintStore/actions/router.ts',
		line: 'if (property.name !== \'operation\') continue;',
		why: 'only the canvas subtitle (display text), built from the operation lists.',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'const response: IDataObject = { status: facts.status ?? null, messages: facts.serviceMessages };',
		why: 'only the raw response n8n shows in the error\'s details; message, description and item are checked (test/unit/error-messages.test.ts).',
	},
	{
		file: 'nodes/shared/errors.ts',
		line: 'const httpCode = facts.status !== undefined ? String(facts.status) : undefined;',
		why: 'equivalent mutant: NodeApiError takes the HTTP code from the response object as well, and a failure without a status has none either way.',
	},
	{
		file: 'nodes/PrintStore/actions/router.ts',
		line: 'operations[resource]?.[operation]',
		why: 'equivalent mutant through n8n: for a resource the node does not have, n8n refuses to read the operation first ("Could not get parameter"), so this line never sees one.',
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
	// This session: tests written for the survivors of the orders run that had no reason yet.
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "const text = typeof value === 'string' ?",
		why: "killed by test/unit/order-item-values.test.ts (a refused value with quotes is shown as typed), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "if (typeof value === 'number' || typeof value === 'boolean') return String(value);",
		why: "killed by test/unit/order-item-values.test.ts (numbers and booleans become text), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "if (typeof value !== 'string' || !/^https?:",
		mutator: "Regex",
		replacement: "[^\\\\s/]\\\\S*$",
		why: "equivalent mutant: \"[^\\s/]+\\S*\" and \"[^\\s/]\\S*\" accept the same texts (the \\S* after takes any further characters of the host).",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "if (typeof value !== 'string' || !/^https?:",
		why: "killed by test/unit/order-item-values.test.ts (URLs with text before them or a space inside refused; spaces around one trimmed), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "return value.trim();",
		why: "killed by test/unit/order-item-values.test.ts (the trimmed URL is sent), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;",
		why: "killed by test/unit/order-item-values.test.ts (numbers as text read; empty text, spaces and booleans refused, not read as 0 or 1), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "if (typeof n !== 'number' || !Number.isFinite(n))",
		code: "typeof n !== 'number'",
		why: "equivalent mutant: Number.isFinite is false for anything that is not a number (it does not convert), so the type test only says it first.",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "const n = typeof value === 'string' && /^\\s*\\d+\\s*$/.test(value)",
		why: "killed by test/unit/order-item-values.test.ts (a sign, hexadecimal, an exponent, a decimal point and booleans refused as quantities; \"12\" and \" 250 \" read), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "const min = kind === 'positiveInt' ? 1 : 0;",
		why: "killed by test/unit/order-item-values.test.ts (Production Speed Days may be 0, Quantity may not), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "if (entry === undefined || entry === null) continue;",
		why: "killed by test/unit/order-item-values.test.ts (null and absent values left out, not refused), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "if (Object.values(out).every((entry) => String(entry).trim() === ''))",
		why: "killed by test/unit/order-item-values.test.ts (a recipient with no fields, blank fields or nulls only refused), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "if (value.Product === undefined || value.Product === null)",
		why: "killed by test/unit/order-item-values.test.ts (a null Product is missing, not a wrong type), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "if (value.Recipient === undefined || value.Recipient === null)",
		why: "killed by test/unit/order-item-values.test.ts (a null Recipient is missing, not a wrong type), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "out.Recipients = value.Recipients.map(",
		why: "killed by test/unit/order-item-values.test.ts (each extra recipient named by its place in the list), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "out.EddmDeliveryAreas = list(",
		why: "killed by test/unit/order-item-values.test.ts (delivery areas named by their list and place), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/validateOrderItem.ts",
		line: "if (entry === undefined || entry === null || entry === '') continue;",
		why: "killed by test/unit/order-item-values.test.ts (a null Partner Order Reference left out), written after this run reached it; the next run re-tests it.",
	},
	// Reasons and tests for the survivors of the orders and actions runs left unexplained (session of 2026-11-24).
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "if (typeof value === 'string') return value.startsWith('=');",
		why: "equivalent mutant for what is sent: a parameter taken for an expression is read per item and gives the same value; only the cost of reading changes.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "if (value && typeof value === 'object') return Object.values(value).some(hasExpression);",
		mutator: "ConditionalExpression",
		why: "equivalent mutant for what is sent: numbers and booleans have no values to look into, so they are never taken for expressions either way.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "if (value && typeof value === 'object') return Object.values(value).some(hasExpression);",
		why: "killed by test/node/order-run.test.ts (an option set by expression per item, beside a fixed one, is read for each item), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "return false;",
		mutator: "BooleanLiteral",
		why: "equivalent mutant for what is sent: a parameter taken for an expression is read per item and gives the same value; only the cost of reading changes.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "if (hasExpression(ctx.getNode().parameters[name]))",
		why: "equivalent mutant for what is sent: a parameter taken for an expression is read per item and gives the same value; only the cost of reading changes.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "if (Number.isInteger(value) && value >= 1 && value <= max) return value;",
		why: "killed by test/node/order-run.test.ts (Batch Size 500 and Batches in Parallel 16 allowed), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "parallelBatches: runOption(",
		why: "killed by test/node/order-run.test.ts (17 batches in parallel refused by name), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "narrowRejectedBatches: options.onRejectedBatch !== 'failBatch',",
		why: "killed by test/node/order-run.test.ts (On Rejected Batch \"Fail the Whole Batch\": one request, every item fails), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "for (const [itemIndex, outcome] of [...outcomes.entries()].sort((a, b) => a[0] - b[0])) {",
		why: "killed by test/unit/stop-message.test.ts (the created orders named in input order; those that may exist listed apart), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "const parts = [];",
		why: "killed by test/unit/stop-message.test.ts (the whole stop message, word for word), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "if (created.length) {",
		why: "killed by test/node/order-run.test.ts (nothing created yet: \"No order was created.\"), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "const shown = created.length > 20",
		why: "killed by test/node/order-run.test.ts (exactly 20 created all named; 30 created: 20 named and \"10 more\"), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "} else {",
		why: "killed by test/node/order-run.test.ts (nothing created yet: \"No order was created.\"), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "parts.push('No order was created.');",
		why: "killed by test/node/order-run.test.ts (nothing created yet: \"No order was created.\"), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "if (unsent > 0)",
		why: "killed by test/node/order-run.test.ts (the item at fault alone in the last batch: no count of items not created), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "return parts.join(' ');",
		why: "killed by test/unit/stop-message.test.ts (the whole stop message, word for word), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "const storeIdOf = parameterReader(ctx, 'storeId', '');",
		why: "equivalent mutant: n8n returns the parameter's description default ('') whenever the field is shown, so the fallback is never used.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "if (itemIndex > 0 && itemIndex % ITEMS_PER_YIELD === 0) await sleep(0);",
		why: "killed by test/node/order-run.test.ts (1,200 items: exactly two yields, after items 500 and 1,000), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "creates: operation === 'order.create',",
		why: "killed by test/node/profiles.test.ts (results that cannot be matched: \"Orders may have been created\" for Create), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "const note = operation === 'order.create' ? describeCreated",
		why: "killed by test/node/order-run.test.ts (a Price Quote that stops says nothing about orders created), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "const [failedAt, failed] = [...outcomes.entries()]",
		mutator: "MethodExpression",
		why: "not tested: without the sort, the error of the batch that failed first in time is reported instead of the lowest item's; batches in flight answer in the order the sandbox finishes them, which a test cannot fix (test/node/batching.test.ts checks the lowest in the usual order).",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: ".sort((a, b) => a[0] - b[0])[0];",
		why: "not tested: without the sort, the error of the batch that failed first in time is reported instead of the lowest item's; batches in flight answer in the order the sandbox finishes them, which a test cannot fix (test/node/batching.test.ts checks the lowest in the usual order).",
	},
	{
		file: "nodes/PrintStore/orders/runOrderRequests.ts",
		line: "for (let itemIndex = 0; itemIndex < count; itemIndex++) {",
		mutator: "EqualityOperator",
		why: "equivalent mutant: an index past the last item has neither an outcome nor an input error, so nothing is added for it.",
	},
	{
		file: "nodes/PrintStore/orders/buildOrderItem.ts",
		mutator: "BlockStatement",
		code: "problem = (error as Error).message",
		why: "killed by test/node/fields-mode.test.ts (an additional product's Template Fields JSON that does not parse, with the parser's reason), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/buildOrderItem.ts",
		line: "labels[target] = `fixed value for ${target}`;",
		why: "killed by test/node/input-items.test.ts (a bad fixed value is named \"fixed value for Product.Quantity\"), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/buildOrderItem.ts",
		line: "const inputField = String(entry.inputField ?? '').trim();",
		why: "killed by test/node/input-items.test.ts (an Input Field typed with spaces around it is read), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/buildOrderItem.ts",
		line: "const own = Object.entries(draft.labels ?? {})",
		why: "equivalent mutant: no two targets the mapping offers put one error under two labels (an error falls under one field, or a list mapped whole), so the order in which labels are tried does not change the one found.",
	},
	{
		file: "nodes/PrintStore/orders/buildOrderItem.ts",
		line: ".sort((a, b) => b[0].length - a[0].length)",
		why: "equivalent mutant: no two targets the mapping offers put one error under two labels (an error falls under one field, or a list mapped whole), so the order in which labels are tried does not change the one found.",
	},
	{
		file: "nodes/PrintStore/orders/buildOrderItem.ts",
		line: "return error.field === prefix || error.field.startsWith(`${prefix}.`) || error.field.startsWith(`${prefix}[`);",
		replacement: "endsWith(`${prefix}[`)",
		why: "killed by test/node/input-items.test.ts (a list mapped whole names the entry at fault: \"others \u2192 Recipients[1].Nickname\"), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/buildOrderItem.ts",
		line: "return error.field === prefix || error.field.startsWith(`${prefix}.`) || error.field.startsWith(`${prefix}[`);",
		why: "killed by test/node/input-items.test.ts (a bad value inside an order item read from one field: \"payload.order (input field).Product.Quantity\"), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/orders/buildOrderItem.ts",
		line: "if (draft.mode !== 'fields') return error;",
		why: "equivalent mutant: the editor labels all start with \"Order Item.\", which no JSON (\"Order Item (JSON)\") or input item (\"Input Item\") field name does, so none would apply.",
	},
	{
		file: "nodes/PrintStore/orders/buildOrderItem.ts",
		line: "return (itemIndex) => ({ mode, value: parseJsonParameter(ctx.getNodeParameter('orderItemJson', itemIndex, '{}'), JSON_ROOT) });",
		why: "equivalent mutant: n8n returns the parameter's description default whenever the field is shown, so the fallback is never used.",
	},
	{
		file: "nodes/PrintStore/orders/buildOrderItem.ts",
		line: "const root = draft.mode === 'json' ? JSON_ROOT : draft.mode === 'inputItem' ? INPUT_ROOT : FIELDS_ROOT;",
		why: "killed by test/node/input-items.test.ts (a part no mapping entry fills is named by the input item: \"Input Item.Recipient\"), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/actions/order/create.operation.ts",
		line: "If the workflow is active and n8n runs in queue mode",
		why: "only the error's help text (its description); the error and its message are checked in test/trigger/two-triggers.test.ts, the queue-mode advice in test/e2e/queue-mode.queue.test.ts.",
	},
	{
		file: "nodes/PrintStore/actions/order/create.operation.ts",
		line: "There, use Custom URLs: the trigger's production URL",
		why: "only the error's help text (its description); the error and its message are checked in test/trigger/two-triggers.test.ts, the queue-mode advice in test/e2e/queue-mode.queue.test.ts.",
	},
	{
		file: "nodes/PrintStore/actions/order/create.operation.ts",
		line: ": mode === 'wait' && resume",
		why: "equivalent mutant: resume is set exactly when Status Callbacks is \"Resume This Execution\" (read once in execute), and Status Callbacks cannot differ per item (no expressions), so mode === 'wait' and resume always agree.",
	},
	{
		file: "nodes/PrintStore/actions/order/create.operation.ts",
		line: "const resume = this.getNodeParameter('statusCallbacks', 0, 'none') === 'wait' ? await resumeAddress(this) : undefined;",
		why: "not tested by a failing test: reading the resume address for every Create only costs the read (it is used only under Resume This Execution); test/node/wait-for-status.test.ts checks the address is sent when chosen.",
	},
	{
		file: "nodes/PrintStore/actions/order/waitForStatus.operation.ts",
		line: "const list = (Array.isArray(value) ? value : String(value ?? '').split(','))",
		why: "killed by test/node/wait-for-status.test.ts (statuses typed as text with commas, spaces and empty entries; null and \" , \" refused), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/actions/order/waitForStatus.operation.ts",
		line: "if (!Number.isFinite(amount) || amount < 0) throw new InvalidValue(label, `must be a number of ${unit}, 0 or more`);",
		why: "killed by test/node/wait-for-status.test.ts (a Time Limit below 0 or no number, a Check Every below 0, refused by name), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/actions/order/waitForStatus.operation.ts",
		line: "if (!(unit in UNIT_MS)) throw new InvalidValue",
		why: "killed by test/node/wait-for-status.test.ts (a Time Limit Unit \"fortnights\" refused with the units there are), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/actions/order/waitForStatus.operation.ts",
		line: "const unit = String(ctx.getNodeParameter(unitName, itemIndex, 'minutes'));",
		why: "equivalent mutant: n8n returns the parameter's description default whenever the field is shown, so the fallback is never used.",
	},
	{
		file: "nodes/PrintStore/actions/order/waitForStatus.operation.ts",
		line: "const orderBy = (ctx.getNodeParameter('orderId', itemIndex, {}) as { mode?: string }).mode === 'orderNumber'",
		why: "only observable when an order's status history has no record (the output then names the order as given): every order of the spec and the sandbox has at least its first record, so the operation never shows it; resultJson's use of it is tested with plans built directly (test/unit/wait-plan.test.ts).",
	},
	// Reasons and tests for the survivors of the trigger run of 2026-11-24 (39 min on an idle machine).
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "for (const entry of value) if (typeof entry === 'object' && entry !== null) stack.push([entry, depth + 1]);",
		why: "killed by test/trigger/normalize-fields.test.ts (a prototype key inside a list entry; lists nest like objects; a plain value at the deepest level), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "if (FORBIDDEN_KEYS.has(key)) throw new PayloadRejected(400, `Payload contains the forbidden key",
		why: "killed by test/trigger/normalize-fields.test.ts (the refusal of a prototype key, word for word), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "keys++;",
		why: "killed by test/trigger/normalize-fields.test.ts (one object with 20,001 keys is too many values), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "if (typeof entry === 'object' && entry !== null) stack.push([entry, depth + 1]);",
		why: "killed by test/trigger/normalize-fields.test.ts (a plain value inside an object at the deepest allowed level), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "for (const name of names) if (record[name] !== undefined) return record[name];",
		why: "killed by test/trigger/normalize-fields.test.ts (an exact name wins over another letter case of it), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "if (field(value, ...ALIASES.StatusID, ...ALIASES.StatusDescription) !== undefined) return true;",
		why: "killed by test/trigger/normalize-fields.test.ts (a record with a StatusID that carries an object under a wrapper name stays the record), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "const status = field(value, 'Status');",
		why: "killed by test/trigger/normalize-fields.test.ts (a record with a text Status stays the record), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "return typeof status === 'string' || typeof status === 'number';",
		why: "killed by test/trigger/normalize-fields.test.ts (a record with a text or numeric Status stays the record), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "if (typeof value === 'number' || typeof value === 'boolean') return String(value);",
		why: "killed by test/trigger/normalize-fields.test.ts (numbers and booleans as text), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "if (depth > 4) return [];",
		why: "killed by test/trigger/normalize-fields.test.ts (records nested deeper than four wrappers are not searched), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "const found = findRecords(entry, depth + 1);",
		why: "killed by test/trigger/normalize-fields.test.ts (records more than four lists deep are not searched), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "return found.length > 0 || !isObject(entry) ? found",
		why: "killed by test/trigger/normalize-fields.test.ts (records in a list, each in its own wrapper, read from inside the wrapper), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "if (isStatusRecord(payload)) return [{ record: payload, order: orderOf(payload), raw: payload }];",
		why: "killed by test/trigger/normalize-fields.test.ts (a record that carries objects under wrapper names stays the record), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "if (inner === undefined || inner === null || typeof inner !== 'object') continue;",
		why: "equivalent mutant: searching a value that is no object finds nothing (findRecords returns [] for it), so skipping it first only saves the call.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "const found = findRecords(inner, depth + 1);",
		why: "killed by test/trigger/normalize-fields.test.ts (records nested deeper than four wrappers are not searched), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "if (found.length) {",
		why: "killed by test/trigger/normalize-fields.test.ts (a wrapper object without records is passed over for the next wrapper), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "return found.map((entry) => ({ ...entry, order: entry.order ?? order, raw: found.length === 1 ? payload : entry.raw }));",
		why: "killed by test/trigger/normalize-fields.test.ts (a record takes the order beside it; each of several records keeps its own raw), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "if (order && isStatusRecord(order)) return [{ record: order, order, raw: payload }];",
		mutator: "LogicalOperator",
		why: "an Order without any status: read as the record (the mutant) it gives its Updated as Timestamp, where the code leaves Timestamp null; both are fair readings of a payload the spec does not show, and every other field comes out the same.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "if (order && isStatusRecord(order)) return [{ record: order, order, raw: payload }];",
		why: "killed by test/trigger/normalize-fields.test.ts (an order posted under \"Order\" is read as the record, its own time too), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "const inner = WRAPPER_KEYS.map((key) => field(object, key)).find(isObject);",
		why: "killed by test/trigger/normalize-fields.test.ts (a payload with no status but a wrapper object: what the wrapper holds is read), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "if (value !== undefined && value !== '') return value;",
		why: "killed by test/trigger/normalize-fields.test.ts (empty texts count as absent; a record without an order number takes the order's), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "let id: string | number | undefined = idText !== undefined && /^-?\\d+$/.test(idText)",
		why: "killed by test/trigger/normalize-fields.test.ts (status IDs: whole numbers become numbers, anything else stays text), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "if (/^-?\\d+$/.test(status)) id ??= Number(status);",
		why: "killed by test/trigger/normalize-fields.test.ts (a lone Status: whole numbers are IDs, anything else a description), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "if (order === null || status === null) {",
		why: "killed by test/trigger/normalize-fields.test.ts (events without an order, or without a status, told apart by their whole payload), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "return [kind, order, event.ItemID ?? '', event.ProductID ?? '', status, event.Timestamp ?? ''].join('|');",
		why: "killed by test/trigger/normalize-fields.test.ts (a bare record: the key leaves empty places), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "const orderId = firstText([record], ALIASES.OrderID) ?? (order ? firstText([order], ['ID', 'Id']) : undefined)",
		mutator: "StringLiteral",
		why: "equivalent mutant: the two spellings differ only in letter case, and fields are read case-insensitively, so either name finds both.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "const orderId = firstText([record], ALIASES.OrderID) ?? (order ? firstText([order], ['ID', 'Id']) : undefined)",
		why: "killed by test/trigger/normalize-fields.test.ts (a record without an order ID takes the ID of the order beside it), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "Timestamp: toIsoTimestamp(field(record, ...ALIASES.Timestamp) ?? (isObject(raw) && raw !== record ?",
		why: "equivalent mutant: when the payload is the record itself, reading the time from it again finds nothing new.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "ProductID: firstText([record], ['ProductID', 'ProductId']) ?? null,",
		mutator: "StringLiteral",
		why: "equivalent mutant: the two spellings differ only in letter case, and fields are read case-insensitively, so either name finds both.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "ProofUrl: firstText([record], ['ProofUrl', 'ProofURL']) ?? null,",
		mutator: "StringLiteral",
		why: "equivalent mutant: the two spellings differ only in letter case, and fields are read case-insensitively, so either name finds both.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "eventKey: '',",
		why: "equivalent mutant: the key is set from the finished event two lines below; this is only its place in the object.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "missingFields: [],",
		why: "equivalent mutant: the list is set from the finished event just below; this is only its place in the object.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "DeliveryMethod: firstText([record], ['DeliveryMethod']) ?? null,",
		why: "killed by test/trigger/normalize-fields.test.ts (every field of a full status record, and of a bare one, exactly), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "DeliveryDate: toIsoTimestamp(field(record, 'DeliveryDate')) ?? null,",
		why: "killed by test/trigger/normalize-fields.test.ts (every field of a full status record, and of a bare one, exactly), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "DeliverySignedBy: firstText([record], ['DeliverySignedBy']) ?? null,",
		why: "killed by test/trigger/normalize-fields.test.ts (every field of a full status record, and of a bare one, exactly), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "Packages: list(field(record, 'Packages')) ?? [],",
		why: "killed by test/trigger/normalize-fields.test.ts (every field of a full status record, and of a bare one, exactly), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "Errors: list(field(record, 'Errors')) ?? [],",
		why: "killed by test/trigger/normalize-fields.test.ts (every field of a full status record, and of a bare one, exactly), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "RenderedPageUrls: list(field(record, 'RenderedPageUrls')) ?? [],",
		why: "killed by test/trigger/normalize-fields.test.ts (every field of a full status record, and of a bare one, exactly), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "ProductID: firstText([record], ['ProductID', 'ProductId']) ?? null,",
		why: "killed by test/trigger/normalize-fields.test.ts (every field of a full status record, and of a bare one, exactly), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/callbacks/normalize.ts",
		line: "ProofUrl: firstText([record], ['ProofUrl', 'ProofURL']) ?? null,",
		why: "killed by test/trigger/normalize-fields.test.ts (every field of a full status record, and of a bare one, exactly), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "return { noWebhookResponse: true };",
		why: "n8n must not answer a request the trigger has answered (it would try to answer twice and log the error); the test host answers only once whatever the flag, so only a real n8n shows it (test/e2e/hostile-callbacks.test.ts checks the refusals' status and body there).",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "const type = contentType.split(';')[0].trim().toLowerCase();",
		why: "killed by test/trigger/receive-edges.test.ts (\" Application/JSON ; charset=utf-8\" is read), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "return type === '' || type === 'application/json' || type.endsWith('+json')",
		why: "killed by test/trigger/receive-edges.test.ts (an empty type and application/cloudevents+json are read), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES || (rawLength ?? 0) > MAX_BODY_BYTES) {",
		code: "(rawLength ?? 0) > MAX_BODY_BYTES",
		why: "killed by test/trigger/receive-edges.test.ts (exactly 1 MiB taken, one byte more refused; a chunked body without Content-Length measured as read), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES || (rawLength ?? 0) > MAX_BODY_BYTES) {",
		mutator: "LogicalOperator",
		code: "> MAX_BODY_BYTES ||",
		why: "killed by test/trigger/receive-edges.test.ts (a chunked body over 1 MiB without Content-Length is refused), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES || (rawLength ?? 0) > MAX_BODY_BYTES) {",
		mutator: "EqualityOperator",
		why: "killed by test/trigger/receive-edges.test.ts (exactly 1 MiB is taken), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES || (rawLength ?? 0) > MAX_BODY_BYTES) {",
		why: "n8n reads the whole body before the node runs and gives it as rawBody, so the Content-Length check only refuses sooner what the rawBody check refuses anyway (both tested in test/trigger/receive-edges.test.ts).",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "return { refused: new PayloadRejected(413, 'Payload larger than 1 MiB') };",
		why: "killed by test/trigger/receive-edges.test.ts (the 413 answer, word for word), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "const contentType = String(request.headers['content-type'] ?? '');",
		why: "killed by test/trigger/receive-edges.test.ts (no Content-Type header at all is read as JSON), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "return { refused: new PayloadRejected(415, `Content type",
		why: "killed by test/trigger/receive-edges.test.ts (the 415 answer names the type without its parameters), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "if (error instanceof PayloadRejected) return { refused: error };",
		why: "equivalent mutant: decodeBody and checkPayloadShape throw nothing but PayloadRejected; the other branch guards against a bug of theirs.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "if (error instanceof PayloadRejected) return error;",
		why: "equivalent mutant: normalizeEvents throws nothing but PayloadRejected; the other branch guards against a bug of its own.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "if (!kind) return new PayloadRejected(404, 'Unknown callback address",
		why: "killed by test/trigger/receive-edges.test.ts (the 404 answer for a path of neither callback, word for word), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "duplicates: kept.length - emitted.length,",
		why: "killed by test/trigger/receive-edges.test.ts (one delivery with an event emitted, a duplicate and one filtered out: each counted), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "if (enrichment !== 'none') {",
		why: "equivalent at the sender's end: with Fetch From the API off, the mutant answers the same acknowledgement itself and enrich() looks nothing up; only who writes the answer changes.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "const enrichment = ctx.getNodeParameter('enrich', 'none') as string;",
		why: "equivalent mutant: n8n returns the parameter's description default ('none') whenever the field is shown, so the fallback is never used.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "if (options.acrossProcesses !== true) return { webhookResponse: acknowledgement, workflowData: workflowData() };",
		why: "who answers (n8n or the trigger, on the next turn) matters only to when n8n saves the static data, which the test host does not do: the real-n8n suite checks the outcome (test/e2e/queue-mode.queue.test.ts: a repeated delivery across processes starts one execution).",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "if (!response.headersSent) response.status(200).json(acknowledgement);",
		why: "only for an n8n that has answered already (an error starting the execution), which the test host never does; answering twice would only log an error there.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/receive.ts",
		line: "return { noWebhookResponse: true, workflowData: workflowData() };",
		why: "n8n must not answer a request the trigger answers itself (it would try twice and log the error); the test host answers once whatever the flag, so only a real n8n shows it.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/routes.ts",
		line: "return typeof value === 'string' && value !== '' ? value : undefined;",
		why: "equivalent mutant: n8n's route parameters are never empty (a \":secret\" segment does not match an empty one), so '' never reaches this check.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/routes.ts",
		line: "const value = ctx.getRequestObject().query?.[name];",
		mutator: "OptionalChaining",
		why: "equivalent mutant: n8n always gives the request a query object (empty when there is none).",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/routes.ts",
		line: "return typeof value === 'string' ? value : undefined;",
		why: "killed by test/trigger/receive-edges.test.ts (a secret given twice in the query is no secret: refused), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStoreTrigger/webhook/routes.ts",
		line: "return (pathParameter(ctx, 'store') ?? queryParameter(ctx, 'store') ?? '').trim();",
		why: "not tested: Create writes the store into the URL as a checked ID (no spaces); only a hand-made URL with spaces around the store reaches the trim.",
	},
	{
		file: "nodes/shared/callbacks/decode.ts",
		line: "decoded[key] = typeof value === 'string' && /^\\s*[[{]/.test(value)",
		why: "killed by test/trigger/receive-edges.test.ts (a form field is read as JSON only when it starts like JSON), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStoreTrigger/registration.ts",
		line: "if (!isTest(ctx)) {",
		why: "killed by test/trigger/receive-edges.test.ts (\"Listen for test event\" registers nothing for Create and leaves the production registration alone), written after this run reached it; the next run re-tests it.",
	},
	// Reasons and tests for the survivors of the shared run of 2026-11-24 (23 min on an idle machine).
	{
		file: "nodes/shared/callbackRegistry.ts",
		line: "if (!entries || typeof entries !== 'object') return [];",
		why: "equivalent mutant: a registry that is text or a number has no entries that are objects, and the filter below drops every other entry, so the result is [] either way.",
	},
	{
		file: "nodes/shared/displayOptions.ts",
		line: "? { hide: { ...property.displayOptions?.hide, ...displayOptions.hide } }",
		why: "no field of this package has hide conditions and no operation adds any, so the merge of hide conditions never runs (it keeps showFor correct for one that will).",
	},
	{
		file: "nodes/shared/errors.ts",
		line: "const response: IDataObject = { status: facts.status ?? null, messages: facts.serviceMessages };",
		why: "killed by test/unit/failure-facts.test.ts (the error's response: status (or null) and the service's messages), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/errors.ts",
		line: "const httpCode = facts.status !== undefined ? String(facts.status) : undefined;",
		mutator: "ConditionalExpression",
		replacement: "false",
		why: "equivalent mutant: n8n's NodeApiError takes the HTTP code from the response's status when none is given, so the code comes out the same.",
	},
	{
		file: "nodes/shared/errors.ts",
		line: "const httpCode = facts.status !== undefined ? String(facts.status) : undefined;",
		why: "killed by test/unit/failure-facts.test.ts (a failure without an HTTP status has no HTTP code), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/errors.ts",
		line: "if (more.length > 0) parts.push(`Service says:",
		why: "killed by test/unit/failure-facts.test.ts (a lone service message of a refused item is not repeated), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/errors.ts",
		line: "if (facts.serviceMessages.length) parts.push(`Service says:",
		why: "killed by test/unit/failure-facts.test.ts (no \"Service says\" without service messages), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/errors.ts",
		line: "if (failure.attempts > 1) parts.push(`Gave up after",
		why: "killed by test/unit/failure-facts.test.ts (one attempt is not \"gave up\"), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/errors.ts",
		line: "if (error instanceof ItemProblem) {",
		why: "killed by test/unit/failure-facts.test.ts (an item problem keeps its own help text, the note after it), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/errors.ts",
		line: "if (note) error.description = withNote(error.description ?? '');",
		why: "equivalent mutant: without a note withNote() returns the description unchanged, so setting it again changes nothing but an absent description into an empty one, which n8n shows alike.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "while (current && typeof current === 'object' && !seen.has(current) && links.length < 8) {",
		code: "links.length < 8",
		why: "killed by test/unit/failure-facts.test.ts (no more than 8 links are read), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "while (current && typeof current === 'object' && !seen.has(current) && links.length < 8) {",
		why: "equivalent mutant: a cause that is no object (text, a number) has no code, message, answer or cause to read, so walking into it adds nothing.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "if (typeof value !== 'string' && typeof value !== 'number') return undefined;",
		why: "killed by test/unit/failure-facts.test.ts (Retry-After: a number, a boolean or a list), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;",
		mutator: "EqualityOperator",
		why: "equivalent mutant: \"0\" read as a date is long past, which also gives 0 ms.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;",
		why: "killed by test/unit/failure-facts.test.ts (Retry-After: infinite and negative numbers), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "return typeof value === 'object' && value !== null && !Array.isArray(value);",
		why: "killed by test/unit/failure-facts.test.ts (nulls where objects may be: _meta, error, list entries), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "if (typeof value === 'string') return value.trim() ? [value] : [];",
		why: "killed by test/unit/failure-facts.test.ts (blank messages in a list are left out), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "texts(entry).map((text) => (field && !text.includes(field)",
		why: "killed by test/unit/failure-facts.test.ts (a field-keyed list with an empty key; a message that already names its field), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "found.push(...texts(prop(data, 'Messages')));",
		why: "killed by test/unit/failure-facts.test.ts (top-level Messages), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "for (const name of ['message', 'error_description', 'detail', 'title'])",
		why: "killed by test/unit/failure-facts.test.ts (problem+json title and detail), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "const error = prop(data, 'error');",
		why: "killed by test/unit/failure-facts.test.ts (OAuth2 error code alone), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "else if (found.length === 0) found.push(...texts(error));",
		why: "killed by test/unit/failure-facts.test.ts (OAuth2 error code alone, and beside its description), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "const trimmed = body.trim();",
		why: "killed by test/unit/failure-facts.test.ts (text around JSON), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "body = trimmed.startsWith('{') || trimmed.startsWith('[')",
		mutator: "ConditionalExpression",
		why: "equivalent mutant: text that is no JSON fails to parse and is kept as text by the catch, the same as when it is not tried.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "body = trimmed.startsWith('{') || trimmed.startsWith('[')",
		why: "killed by test/unit/failure-facts.test.ts (a JSON list; text that starts like JSON but is not), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "body = trimmed;",
		why: "killed by test/unit/failure-facts.test.ts (text that starts like JSON but is not is kept, trimmed), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "} catch {",
		why: "killed by test/unit/failure-facts.test.ts (text that starts like JSON but is not is kept, trimmed), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "const found = typeof body === 'string' ? texts(body)",
		why: "equivalent mutant: a body that is neither text, a list nor an object (a number, true) has no words to read.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "return found.slice(0, MAX_MESSAGES).map((text)",
		why: "killed by test/unit/failure-facts.test.ts (at most 50 messages of at most 500 characters each), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "for (const secret of secrets) if (secret) out = out.split(secret).join('[redacted]');",
		why: "killed by test/unit/failure-facts.test.ts (an empty secret removes nothing), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "return hideSecretsInText(out.replace(/Bearer\\s+",
		why: "killed by test/unit/failure-facts.test.ts (bearer tokens go whatever the spacing), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "let serviceMessages: string[] = [];",
		why: "killed by test/unit/failure-facts.test.ts (a failure without an answer has no service messages), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "if (status === undefined && response && typeof response.status === 'number') {",
		why: "killed by test/unit/failure-facts.test.ts (the first answer in the chain counts), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "if (code === undefined && typeof link.code === 'string' && /^[A-Z_]+$/.test(link.code)) code = link.code;",
		why: "killed by test/unit/failure-facts.test.ts (only an all-capitals code counts as a network code), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "if (firstMessage === undefined && typeof link.message === 'string') firstMessage = link.message;",
		why: "killed by test/unit/failure-facts.test.ts (the first message is the reason), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "if (status === undefined) {",
		why: "killed by test/unit/failure-facts.test.ts (n8n's httpCode counts only when no answer is attached), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "const httpCode = links.map((link) => Number(link.httpCode)).find((n) => Number.isInteger(n) && n > 0);",
		why: "killed by test/unit/failure-facts.test.ts (n8n's httpCode: the first whole number above 0), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "if (httpCode) status = httpCode;",
		replacement: "true",
		why: "equivalent mutant: without an HTTP code, status is set to undefined, which it already is.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "if (httpCode) status = httpCode;",
		why: "killed by test/unit/failure-facts.test.ts (n8n's httpCode counts when no answer is attached), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "const reason = code ?? (firstMessage ? redact(firstMessage, secrets).slice(0, 200) : 'unknown error');",
		why: "killed by test/unit/failure-facts.test.ts (a reason is cut at 200 characters; none at all is \"unknown error\"), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "return facts.status === undefined && facts.code !== undefined && NOT_SENT_CODES.has(facts.code);",
		why: "killed by test/unit/failure-facts.test.ts (an answer with a status is never read by its code), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "if (facts.status === 502 || facts.status === 504) return true;",
		why: "killed by test/unit/failure-facts.test.ts (504 is gateway trouble like 502), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "return facts.status === undefined && facts.code !== undefined && BROKEN_CODES.has(facts.code);",
		why: "killed by test/unit/failure-facts.test.ts (an answer with a status is never read by its code; a failure with neither is not transient), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/shared/transport/failures.ts",
		line: "return facts.status >= 500 || facts.status === 408;",
		why: "killed by test/unit/failure-facts.test.ts (408: a write may have acted), written after this run reached it; the next run re-tests it.",
	},
	// Wait Until Status survivors of the actions run of 2026-11-24.
	{
		file: "nodes/PrintStore/actions/order/waitForStatus.operation.ts",
		line: "failOn: statuses(ctx, 'failOn', 'Fail On', itemIndex, false),",
		why: "killed by test/node/wait-for-status.test.ts (an order already at a Fail On status comes out failed; Fail On can be left empty), written after this run reached it; the next run re-tests it.",
	},
	{
		file: "nodes/PrintStore/actions/order/waitForStatus.operation.ts",
		line: "if (settlement || Date.parse(plan.timeLimit) <= now) {",
		why: "equivalent in outcome: with the time limit already reached, the wait path's first check finds it passed and outputs every item timed out, as this shortcut does at once (test/node/wait-for-status.test.ts, a time limit of 0, passes either way); the shortcut only spares putting the execution to wait.",
	},
	{
		file: "nodes/PrintStore/actions/order/waitForStatus.operation.ts",
		line: "const latest = Math.max(...waiting.map(({ plan }) => Date.parse(plan.timeLimit)));",
		why: "not tested: only time limits that differ per item (by expression) tell the earliest from the latest, and only a real n8n runs the wait to its end (test/e2e/wait-for-status.test.ts uses one limit).",
	},
	{
		file: "nodes/PrintStore/actions/order/waitForStatus.operation.ts",
		line: "stackEntry.data = { ...stackEntry.data, main: [pending] };",
		why: "only a real n8n resumes a waiting execution and reads its plans from these pending items: test/e2e/wait-for-status.test.ts fails without them (n8n's engine in the fast suites never resumes).",
	},
];

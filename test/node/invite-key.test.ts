/**
 * Join With Invite Key takes a key as people paste it: spaces around it are dropped before it is
 * sent (read from the sandbox's request log); a key of spaces only is refused before anything is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { runPrintStore } from '../helpers/engine';
import { credentialsFor, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

const join = async (inviteKey: string) =>
	await runPrintStore({ parameters: { resource: 'store', operation: 'joinWithInviteKey', inviteKey }, credentials: await credentialsFor(env.sandbox) });
const sent = async () => (await env.api.requests()).filter((entry) => entry.path === '/api/v1/store/invite');

test('a pasted key with spaces around it joins the store; the key is sent without them', async () => {
	const result = await join(`  ${env.sandbox.inviteKey}\n`);
	expect(result.error).toBeUndefined();
	expect((await sent()).map((entry) => entry.body as IDataObject)).toEqual([{ InviteKey: env.sandbox.inviteKey }]);
});

test('a key of spaces only is refused before sending', async () => {
	const result = await join('   ');
	expect(result.error?.message).toBe('Invalid "Invite Key" in item 0: is required');
	expect(await sent()).toEqual([]);
});

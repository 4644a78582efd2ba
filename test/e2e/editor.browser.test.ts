/**
 * The n8n editor in a real browser: Debian's Chromium, headless, driven by playwright-core
 * (scripts/ensure-chromium.sh installs it with apt-get). Signs in, opens the example workflow,
 * checks the package's nodes render with their own icon and that the nodes panel and the node's
 * Operation list show every operation, that Create's Product and Get's Order are picked from the
 * store's lists ("From List"), that a new node (version 5 on) picks its Store from the account's
 * stores and shows the picked product's Template Fields (n8n's resource mapper), that a node saved
 * at version 4 keeps its Store ID text field, that the order desk agent's tools show their own operation on the
 * canvas (Find orders: "Get many orders"), then creates a Print Store credential in the UI and completes
 * "Connect" through the sandbox's OAuth2 login page in the popup. Screenshots: test-artifacts/browser/.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium, type BrowserContext, type Page } from 'playwright-core';

import { waitFor } from '../../scripts/n8n/process';
import { ARTIFACTS_DIR, onTheRealClock } from '../../scripts/n8n/runtime';
import { exampleFiles, loadExample, PACKAGE_NODE_PREFIX, withCredential } from '../../scripts/n8n/workflows';
import { TOOL_DESCRIPTIONS } from '../../nodes/PrintStore/actions/router';
import { crmOrderItem } from '../helpers/sandbox';
import { describeE2E, e2e, expectSuccess, runPrintStore } from './helpers/harness';

const CHROMIUM = '/usr/bin/chromium';
const SHOTS = path.join(ARTIFACTS_DIR, 'browser');
const UI_TIMEOUT = 45_000;
const CRM_EXAMPLE = 'crm-records-to-print-orders.json';

/**
 * What users must be offered, written here from the product's operation list (not read from the
 * node): every action in the nodes panel, and the Order operations in the node's own list. "Custom
 * API Call" is the node's own, which sends both credentials; n8n's injected one (value
 * __CUSTOM_API_CALL__, run as an HTTP Request node without the subscription key) must not appear.
 */
const EXPECTED_ACTIONS = [
	'Create orders',
	'Get order',
	'Get many orders',
	'Get price quote',
	'Get order status history',
	'Join store with invite key',
	'Remove application from store',
	'Get current user',
	'Get many products',
	'Make custom API call',
];
/** The Print Store tools of the order desk agent. */
const ORDER_DESK_TOOLS = ['Order status', 'Find order', 'Find orders', 'Price quote', 'Create orders'];
/** The sandbox's main store as the Store list names it: "CompanyName (StoreID)". */
const MAIN_STORE = 'Sandbox Print Co. (store_main)';
/** The Order operations by name, then Custom API Call, last as in n8n's own lists. */
const EXPECTED_ORDER_OPERATIONS = ['Create', 'Get', 'Get Many', 'Get Price Quote', 'Get Status History', 'Wait Until Status', 'Custom API Call'];

/** Resolves once check() is true (the UI updates asynchronously); fails with `what` after the UI timeout. */
async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
	await waitFor(what, async () => ((await check()) ? true : undefined), { timeoutMs: UI_TIMEOUT, intervalMs: 200 });
}

describeE2E('the n8n editor in Chromium', () => {
	let context: BrowserContext;
	let page: Page;
	let profileDir: string;
	/** Every example with a node of this package, imported with the stack's credential: file → workflow ID. */
	const examples = new Map<string, string>();

	/** A screenshot in test-artifacts/browser; those named `docs-<image>` are the docs' images (`npm run docs:images` copies them to docs/images). */
	const shot = async (target: Page, name: string) => {
		await target.screenshot({ path: path.join(SHOTS, `${name}.png`) });
	};

	/**
	 * Opens a page of the editor as a link inside it does: through the editor's own router, without
	 * loading the editor again (a full load boots the whole editor, about 5 s on 2 cores; the sign-in
	 * test loads it once). n8n's "Save changes before leaving?" is answered "Leave without saving".
	 * With `nodeNames` it returns once the canvas shows those nodes, and none of the workflow before.
	 */
	const openInEditor = async (pathname: string, nodeNames?: string[]) => {
		await page.keyboard.press('Escape'); // a panel or a list left open
		const canvasNodes = page.locator('[data-test-id="canvas-node"]');
		await canvasNodes.evaluateAll((elements) => elements.forEach((element) => element.setAttribute('data-left-behind', '')));
		const routed = await page.evaluate((to) => {
			type Router = { push(to: string): Promise<unknown> };
			const root = (globalThis as unknown as { document: { querySelector(selector: string): { __vue_app__?: { config: { globalProperties: { $router?: Router } } } } | null } }).document.querySelector('#app');
			const router = root?.__vue_app__?.config.globalProperties.$router;
			if (!router) return false;
			void router.push(to);
			return true;
		}, pathname);
		if (!routed) throw new Error(`The editor's router was not found to open ${pathname}: is the editor loaded (the sign-in test)?`);
		const leave = page.locator('.el-message-box button', { hasText: 'Leave without saving' });
		await eventually(`the editor to open ${pathname}`, async () => {
			if (await leave.isVisible()) await leave.click();
			return new URL(page.url()).pathname === pathname;
		});
		if (!nodeNames) return;
		await eventually(`the canvas to show ${nodeNames.join(', ')}`, async () => {
			if ((await page.locator('[data-left-behind]').count()) > 0) return false;
			const shown = await canvasNodes.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-node-name')));
			return nodeNames.every((name) => shown.includes(name));
		});
	};

	const openExample = async (file = CRM_EXAMPLE) => {
		await openInEditor(
			`/workflow/${examples.get(file)}`,
			// Sticky notes are drawn apart, without a node name.
			loadExample(file)
				.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote')
				.map((node) => node.name),
		);
		await page.locator(`[data-test-id="canvas-node"][data-node-type^="${PACKAGE_NODE_PREFIX}"]`).first().waitFor();
	};

	beforeAll(async () => {
		if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/ensure-chromium.sh (apt-get install chromium)`);
		rmSync(SHOTS, { recursive: true, force: true });
		mkdirSync(SHOTS, { recursive: true });
		for (const file of exampleFiles()) {
			const workflow = loadExample(file);
			if (!workflow.nodes.some((node) => node.type.startsWith(PACKAGE_NODE_PREFIX))) continue;
			examples.set(file, (await e2e().client.createWorkflow(withCredential(workflow, e2e().state.credential))).id);
		}

		// A fresh profile every run; playwright passes it as --user-data-dir.
		profileDir = mkdtempSync(path.join(os.tmpdir(), 'print-store-chromium-'));
		context = await chromium.launchPersistentContext(profileDir, {
			executablePath: CHROMIUM,
			headless: true,
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
			viewport: { width: 1440, height: 900 },
			// Under PRINT_STORE_CLOCK_OFFSET, without libfaketime: it makes Chromium take minutes a page (runtime.ts).
			env: onTheRealClock(process.env),
		});
		context.setDefaultTimeout(UI_TIMEOUT);
		page = context.pages()[0] ?? (await context.newPage());
		// "Leave without saving?" and similar prompts would otherwise block navigation.
		page.on('dialog', (dialog) => void dialog.accept());
	});

	afterAll(async () => {
		await context?.close();
		if (profileDir) rmSync(profileDir, { recursive: true, force: true });
	});

	test('signs in to the editor as the owner', async () => {
		const { state } = e2e();
		await page.goto(`${state.n8n.url}/signin`);
		await page.locator('input[name="emailOrLdapLoginId"]').fill(state.owner.email);
		await page.locator('input[name="password"]').fill(state.owner.password);
		await shot(page, '01-sign-in');
		await page.locator('[data-test-id="form-submit-button"]').click();
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
		await page.locator('[data-test-id="project-home-menu-item"], [data-test-id="resources-list-wrapper"]').first().waitFor();
		await shot(page, '02-signed-in');
	});

	/**
	 * Labels the panel cuts off: every parameter label (and the text elements inside it) must show in
	 * full at the default panel width. Fails too when it finds no label at all (a selector gone stale).
	 */
	const cutLabels = async (scope: ReturnType<Page['locator']>) => {
		const labels = scope.locator('[data-test-id="input-label"] label, [data-test-id="input-label"] label *');
		expect(await labels.count()).toBeGreaterThan(0);
		return await labels.evaluateAll((elements) =>
			elements
				.filter((element) => element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1 && element.textContent?.trim())
				.map((element) => element.textContent?.trim()),
		);
	};

	/** A workflow with only a Manual Trigger, and a new Print Store node for `action` added after it as a user adds one; its panel open. */
	const addPrintStoreNode = async (action: string) => {
		const { client } = e2e();
		const start = { id: randomUUID(), name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
		const { id } = await client.createWorkflow({ name: `New node: ${action}`, nodes: [start], connections: {}, settings: { executionOrder: 'v1' } });
		await openInEditor(`/workflow/${id}`, ['Start']);
		await page.locator('[data-test-id="canvas-handle-plus"]').first().click();
		const creator = page.locator('[data-test-id="node-creator"]');
		await creator.waitFor();
		await page.keyboard.type('Print Store');
		await creator.locator('[data-test-id="item-iterator-item"]', { hasText: 'Print Store' }).first().click();
		await creator.getByText(action, { exact: true }).first().click();
		const ndv = page.locator('[data-test-id="ndv"]');
		await ndv.waitFor();
		return ndv;
	};

	const lastSeq = async () => (await e2e().sandbox.requests()).at(-1)?.seq ?? 0;
	const ordersSentSince = async (seq: number) =>
		(await e2e().sandbox.requests()).filter((request) => request.seq > seq && request.method === 'POST' && request.path.endsWith('/order'));

	test('a new Create node shows every label in full; in JSON mode, run with only a Store, it sends nothing and says what the order needs', async () => {
		const ndv = await addPrintStoreNode('Create orders');
		await page.waitForTimeout(500); // the panel slides in; only for the screenshot
		await shot(page, 'docs-create-panel');
		expect(await cutLabels(ndv)).toEqual([]);
		await pickStore(ndv);
		await ndv.locator('[data-test-id="parameter-input-inputMode"]').click();
		await page.locator('.el-select-dropdown__item:visible .option-headline', { hasText: /^JSON$/ }).first().click();
		const json = ndv.locator('[data-test-id="parameter-input-orderItemJson"]');
		await json.waitFor();
		// Starts empty: nothing a user did not write can be ordered.
		expect(((await json.locator('.cm-content').textContent()) ?? '').trim()).toBe('');
		// Test Mode in plain sight, on.
		expect(await ndv.locator('[data-test-id="parameter-input-testMode"] .el-switch.is-checked, [data-test-id="parameter-input-testMode"] [aria-checked="true"]').count()).toBeGreaterThan(0);
		await shot(page, '09-create-json-empty');
		const before = await lastSeq();
		await ndv.locator('[data-test-id="node-execute-button"]').click();
		// Either n8n's own check of the required field or the node's: both name the field and send nothing.
		const output = page.locator('[data-test-id="output-panel"], [data-test-id="ndv-output-panel"]').first();
		const problem = /Order Item \(JSON\)/;
		await eventually('the run to say what is missing', async () => problem.test(((await output.textContent()) ?? '') + ((await page.locator('.el-notification').allTextContents()).join(' '))));
		await page.waitForTimeout(300);
		await shot(page, '10-create-json-empty-run');
		expect(await ordersSentSince(before)).toHaveLength(0);

		// The same node with a filled order, Test Mode as it is for new nodes: a test order, marked in the output.
		const editor = json.locator('.cm-content');
		await editor.click();
		await page.keyboard.insertText(JSON.stringify({ Product: { ID: 'postcard-4x6', Quantity: 1 }, Recipient: { NameFirst: 'Ada', AddressLine1: '1 Main St', City: 'Springfield', Postalcode: '62701', Country: 'US' } }));
		await page.keyboard.press('Tab');
		await ndv.locator('[data-test-id="node-execute-button"]').click();
		await eventually('an order to reach the sandbox', async () => (await ordersSentSince(before)).length === 1);
		const [sent] = await ordersSentSince(before);
		expect(sent.path).toBe('/api/v1/store/store_main/order');
		expect((sent.body as { TestMode?: boolean }).TestMode).toBe(true);
		await eventually('the output to mark the test order', async () => /testMode/.test((await output.textContent()) ?? ''));
		await shot(page, 'docs-create-test-order');
		await page.keyboard.press('Escape');
	});

	/**
	 * A saved workflow, Manual Trigger → one Print Store node (version 4 unless told, the stack's
	 * credential, Store ID store_main as version 4 saved it), opened in the editor with the node's panel open.
	 */
	const openPrintStoreNode = async (name: string, parameters: Record<string, unknown>, typeVersion = 4) => {
		const { client, state } = e2e();
		const start = { id: randomUUID(), name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
		const node = {
			id: randomUUID(),
			name,
			type: `${PACKAGE_NODE_PREFIX}printStore`,
			typeVersion,
			position: [240, 0] as [number, number],
			parameters: { storeId: 'store_main', ...parameters },
			credentials: { printStoreOAuth2Api: { id: state.credential.id, name: state.credential.name } },
		};
		const { id } = await client.createWorkflow({
			name: `From List: ${name}`,
			nodes: [start, node],
			connections: { Start: { main: [[{ node: name, type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		});
		await openInEditor(`/workflow/${id}`, ['Start', name]);
		await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
		const ndv = page.locator('[data-test-id="ndv"]');
		await ndv.waitFor();
		return { id, ndv };
	};

	/**
	 * Opens the "From List" dropdown of a resource locator. Its entries and search box (the search box
	 * is the input itself in 2.x) live in a popover outside the panel, the only one open.
	 */
	const openList = async (ndv: ReturnType<Page['locator']>, parameter: string) => {
		await ndv.locator(`[data-test-id="resource-locator-${parameter}"] [data-test-id="rlc-input"]`).click();
		const search = page.locator('input[data-test-id="rlc-search"]:visible, [data-test-id="rlc-search"] input:visible').first();
		await search.waitFor();
		return search;
	};
	const listEntries = () => page.locator('[data-test-id="rlc-item"]:visible');
	const listed = async () => (await listEntries().allTextContents()).map((text) => text.trim());
	/** The products listed, by name and ID, without the quantity rule each entry ends with (" · qty 1–100"). */
	const listedProducts = async () => (await listed()).map((entry) => entry.replace(/ · qty .*$/, ''));

	/** Store (version 5 on): the main store picked From List by its company name, as a user picks it. */
	const pickStore = async (ndv: ReturnType<Page['locator']>, screenshot?: string) => {
		const store = ndv.locator('[data-test-id="resource-locator-storeId"]');
		await store.waitFor();
		// New nodes start in From List mode, nothing picked.
		expect(await store.locator('[data-test-id="rlc-mode-selector"] input').inputValue()).toMatch(/^From list$/i);
		const search = await openList(ndv, 'storeId');
		await eventually("the account's stores in the list", async () => (await listed()).includes(MAIN_STORE));
		// The connected user's stores by company name (a store joined by another test may be there too).
		expect(await listed()).toEqual(expect.arrayContaining([MAIN_STORE, 'Elsewhere Printing Ltd. (store_unassociated)']));
		if (screenshot) {
			await page.waitForTimeout(300); // only for the screenshot
			await shot(page, screenshot);
		}
		await search.fill('sandbox print');
		await eventually('only the main store in the list', async () => JSON.stringify(await listed()) === JSON.stringify([MAIN_STORE]));
		await listEntries().filter({ hasText: MAIN_STORE }).click();
		await eventually('the Store field to show the store picked', async () => (await store.locator('[data-test-id="rlc-input"]').inputValue()) === MAIN_STORE);
	};

	/** Saves the open workflow (Ctrl+S) and reads the node's parameters back from n8n once saved. */
	const savedParameters = async (workflowId: string, name: string, parameter: string) => {
		await page.keyboard.press('Control+s');
		let saved: unknown;
		await eventually('the workflow to be saved with the choice', async () => {
			const workflow = await e2e().client.getWorkflow(workflowId);
			saved = workflow.nodes.find((node) => node.name === name)?.parameters[parameter];
			const value = (saved as { value?: unknown } | undefined)?.value;
			return typeof value === 'string' && value !== '';
		});
		return saved;
	};

	test('Create: the Product is picked from the store\'s product list ("From List"), searched by a word, and the order sent has it', async () => {
		const { ndv, id } = await openPrintStoreNode('Create orders', {
			resource: 'order',
			operation: 'create',
			quantity: 1,
			recipient: { NameFirst: 'Ada', NameLast: 'Lovelace', AddressLine1: '12 Main St', City: 'Springfield', Postalcode: '62701', Country: 'US' },
		});
		const product = ndv.locator('[data-test-id="resource-locator-productId"]');
		await product.waitFor();
		// Saved at version 4: the Store ID stays the text field it saved, and there is no Template Fields mapper.
		expect(await ndv.locator('[data-test-id="parameter-input-storeId"] input').inputValue()).toBe('store_main');
		expect(await ndv.locator('[data-test-id="resource-locator-storeId"]').count()).toBe(0);
		expect(await ndv.locator('[data-test-id="resource-mapper-container"]').count()).toBe(0);
		// A new node starts in From List mode, nothing picked.
		expect(await product.locator('[data-test-id="rlc-mode-selector"] input').inputValue()).toMatch(/^From list$/i);
		expect(await product.locator('[data-test-id="rlc-input"]').inputValue()).toBe('');
		const search = await openList(ndv, 'productId');
		await eventually('the store\'s products in the list', async () => (await listedProducts()).includes('Postcard 4x6 in (postcard-4x6)'));
		expect(await listedProducts()).toEqual(expect.arrayContaining(['Postcard 4x6 in (postcard-4x6)', 'Letter, 1 sheet, in envelope (letter-1-sheet)', 'Letter, 2 sheets, in envelope (letter-2-sheet)']));
		// Each product shows the quantities it may be ordered in.
		expect((await listed()).find((entry) => entry.startsWith('Postcard 4x6 in (postcard-4x6)'))).toMatch(/ · qty \d+–\d+/);
		await page.waitForTimeout(300); // only for the screenshot
		await shot(page, '12-create-product-list');
		await search.fill('letter');
		await eventually('only the letters in the list', async () => {
			const shown = await listed();
			return shown.length > 0 && shown.every((entry) => /^Letter/.test(entry));
		});
		expect(await listedProducts()).toEqual(['Letter, 1 sheet, in envelope (letter-1-sheet)', 'Letter, 2 sheets, in envelope (letter-2-sheet)']);
		await shot(page, '13-create-product-search');
		await listEntries().filter({ hasText: 'Letter, 2 sheets' }).click();
		// The field shows the entry picked, its quantity rule included (a reminder beside Quantity).
		await eventually('the field to show the product picked', async () =>
			/^Letter, 2 sheets, in envelope \(letter-2-sheet\) · qty \d+–\d+/.test(await product.locator('[data-test-id="rlc-input"]').inputValue()),
		);
		await shot(page, '14-create-product-picked');

		// Run: the order sent names the product by its ID (a test order: Test Mode is on in new nodes).
		const before = await lastSeq();
		await ndv.locator('[data-test-id="node-execute-button"]').click();
		await eventually('an order to reach the sandbox', async () => (await ordersSentSince(before)).length === 1);
		const [sent] = await ordersSentSince(before);
		expect((sent.body as { Items: Array<{ Product: unknown }> }).Items.map((item) => item.Product)).toEqual([{ ID: 'letter-2-sheet', Quantity: 1 }]);
		await page.keyboard.press('Escape');
		expect(await savedParameters(id, 'Create orders', 'productId')).toMatchObject({ __rl: true, mode: 'list', value: 'letter-2-sheet' });
	});

	test('Get: the Order is picked from the store\'s order list by its number, and the node reads that order', async () => {
		const { sandbox } = e2e();
		const created = await sandbox.api<Array<{ ID: string; OrderNumber: string }>>('POST', '/store/store_main/order', { Items: [crmOrderItem(31)] });
		expect(created.status).toBe(200);
		const [order] = created.body;
		const { ndv, id } = await openPrintStoreNode('Get an order', { resource: 'order', operation: 'get' });
		const locator = ndv.locator('[data-test-id="resource-locator-orderId"]');
		await locator.waitFor();
		// A new Get starts in From List mode too, nothing picked.
		expect(await locator.locator('[data-test-id="rlc-mode-selector"] input').inputValue()).toMatch(/^From list$/i);
		expect(await locator.locator('[data-test-id="rlc-input"]').inputValue()).toBe('');
		const search = await openList(ndv, 'orderId');
		const label = `${order.OrderNumber} · Customer31 Example, Springfield · Received`;
		// Newest first: the order just created heads the list.
		await eventually('the new order at the top of the list', async () => (await listed())[0] === label);
		await page.waitForTimeout(300); // only for the screenshot
		await shot(page, '15-get-order-list');
		await search.fill(order.OrderNumber);
		await eventually('only that order in the list', async () => JSON.stringify(await listed()) === JSON.stringify([label]));
		await listEntries().filter({ hasText: order.OrderNumber }).click();
		await eventually('the field to show the order picked', async () => (await locator.locator('[data-test-id="rlc-input"]').inputValue()) === label);
		await shot(page, '16-get-order-picked');

		const before = await lastSeq();
		await ndv.locator('[data-test-id="node-execute-button"]').click();
		const output = page.locator('[data-test-id="output-panel"], [data-test-id="ndv-output-panel"]').first();
		await eventually('the output to show the order', async () => ((await output.textContent()) ?? '').includes(order.ID));
		await shot(page, '17-get-order-output');
		// The order was read by the ID the list gave.
		const reads = (await e2e().sandbox.requests()).filter((request) => request.seq > before && request.method === 'GET' && request.path.startsWith('/api/v1/'));
		expect(reads.map((request) => request.path)).toEqual([`/api/v1/store/store_main/order/${order.ID}`]);
		await page.keyboard.press('Escape');
		expect(await savedParameters(id, 'Get an order', 'orderId')).toMatchObject({ __rl: true, mode: 'list', value: order.ID });
	});

	test("Create (version 5): the Store picked From List by company name, the Template Fields show the picked product's prompts and defaults, and the order is sent to that store with the values filled in", async () => {
		const { sandbox } = e2e();
		const profiles = await sandbox.profiles();
		// The product list as the provider documents it (the sandbox's default, whatever ran before):
		// template fields with prompts, required flags and defaults.
		await sandbox.setProfiles([]);
		try {
			const { ndv, id } = await openPrintStoreNode(
				'Create orders',
				{
					resource: 'order',
					operation: 'create',
					storeId: { __rl: true, mode: 'list', value: '' },
					quantity: 1,
					recipient: { NameFirst: 'Ada', NameLast: 'Lovelace', AddressLine1: '12 Main St', City: 'Springfield', Postalcode: '62701', Country: 'US' },
				},
				5,
			);
			const mapper = ndv.locator('[data-test-id="resource-mapper-container"]');
			// Nothing picked yet: the mapper says what it needs instead of failing.
			await eventually('the mapper to ask for a store and a product', async () => /The template fields come from the product picked above/.test((await ndv.textContent()) ?? ''));
			await pickStore(ndv, '18-store-list');
			const productList = page.waitForResponse((response) => response.url().includes('/resource-locator-results') && (response.request().postData() ?? '').includes('searchProducts'));
			const search = await openList(ndv, 'productId');
			await eventually("the store's products in the list", async () => (await listedProducts()).includes('Postcard 4x6 in (postcard-4x6)'));
			// Each product shows its quantity rule, from the documented MinimumQty, MaximumQty, IncrementQty
			// and DefaultQty, in its entry (n8n's list shows only an entry's name) and its description.
			const { data } = (await (await productList).json()) as { data: { results: Array<{ value: string; description?: string }> } };
			const rule = data.results.find((entry) => entry.value === 'postcard-4x6')?.description ?? '';
			expect(rule).toMatch(/^Quantity \d+ to \d+.*, default \d+$/);
			expect((await listed()).find((entry) => entry.startsWith('Postcard 4x6 in (postcard-4x6) · qty '))).toBeDefined();
			await search.fill('postcard 4x6');
			await eventually('only the postcard in the list', async () => JSON.stringify(await listedProducts()) === JSON.stringify(['Postcard 4x6 in (postcard-4x6)']));
			await listEntries().filter({ hasText: 'postcard-4x6' }).click();
			const fields = ndv.locator('[data-test-id="mapping-fields-container"]');
			// Each field's label, without n8n's Fixed / Expression switch beside it (inside the label in
			// 2.x, labels of their own in 1.x) and without the mapper's heading.
			const labels = async () =>
				(await fields.locator('[data-test-id="input-label"] label').allInnerTexts())
					.map((text) => text.replace(/\s+/g, ' ').replace(/\s*Fixed\s*Expression$/, '').trim())
					.filter((text) => !['Template Fields', 'Fixed', 'Expression'].includes(text));
			await eventually("the postcard's template fields in the mapper", async () => (await fields.count()) > 0 && (await labels()).some((label) => label.startsWith('Message on the back')));
			// Its prompts, in the product's order.
			expect((await labels()).map((label) => label.replace(/\s*\*$/, ''))).toEqual(['Headline', 'Message on the back', 'Sign-off line']);
			const input = (label: string) => fields.locator('.parameter-item, [data-test-id="parameter-item"]').filter({ has: page.locator('[data-test-id="input-label"]', { hasText: label }) }).locator('input, textarea').first();
			// The product's default value is filled in by n8n 2.x's editor (ResourceMapperField.defaultValue);
			// n8n 1.x's editor leaves it empty, so it is typed there.
			if (Number(e2e().state.n8n.version.split('.')[0]) >= 2) expect(await input('Sign-off line').inputValue()).toBe('Warm regards');
			else await input('Sign-off line').fill('Warm regards');
			await mapper.scrollIntoViewIfNeeded();
			await page.waitForTimeout(300); // only for the screenshot
			await shot(page, '21-template-fields');
			await input('Headline').fill('Hello from the browser');
			await input('Message on the back').fill('See you soon');
			await page.keyboard.press('Tab');
			const before = await lastSeq();
			await ndv.locator('[data-test-id="node-execute-button"]').click();
			await eventually('an order to reach the sandbox', async () => (await ordersSentSince(before)).length === 1);
			const [sent] = await ordersSentSince(before);
			expect((sent.body as { Items: Array<{ Product: unknown }> }).Items.map((item) => item.Product)).toEqual([
				{ ID: 'postcard-4x6', Quantity: 1, TemplateFields: { Headline: 'Hello from the browser', Message: 'See you soon', SignOff: 'Warm regards' } },
			]);
			expect(sent.path).toBe('/api/v1/store/store_main/order');
			await shot(page, '22-template-fields-sent');
			await page.keyboard.press('Escape');
			expect(await savedParameters(id, 'Create orders', 'storeId')).toMatchObject({ __rl: true, mode: 'list', value: 'store_main' });
		} finally {
			await sandbox.setProfiles(profiles);
		}
	});

	// Create's panel: the JSON-mode test above.
	test('the panel of a new "Wait until order reaches status" node shows every label in full', async () => {
		const ndv = await addPrintStoreNode('Wait until order reaches status');
		await page.waitForTimeout(500); // the panel slides in; only for the screenshot
		await shot(page, 'docs-wait-until-status-panel');
		expect(await cutLabels(ndv)).toEqual([]);
		await page.keyboard.press('Escape');
	});

	test('the trigger panel shows every label in full and speaks of publishing', async () => {
		const { client } = e2e();
		// As a new user adds it: the newest version.
		const trigger = { id: randomUUID(), name: 'Print Store Trigger', type: `${PACKAGE_NODE_PREFIX}printStoreTrigger`, typeVersion: 3, position: [0, 0] as [number, number], parameters: {}, webhookId: randomUUID() };
		const { id } = await client.createWorkflow({ name: 'New trigger', nodes: [trigger], connections: {}, settings: { executionOrder: 'v1' } });
		await openInEditor(`/workflow/${id}`, ['Print Store Trigger']);
		await page.locator('[data-test-id="canvas-node"][data-node-name="Print Store Trigger"]').dblclick();
		const ndv = page.locator('[data-test-id="ndv"]');
		await ndv.waitFor();
		await ndv.getByText('Events', { exact: true }).first().waitFor();
		await page.waitForTimeout(500);
		await shot(page, 'docs-trigger-panel');
		expect(await cutLabels(ndv)).toEqual([]);
		expect((await ndv.textContent()) ?? '').toMatch(/publish/);
		await page.keyboard.press('Escape');
	});

	test('every node type of the package shows the package icon on the canvas, not the fallback', async () => {
		expect(examples.has(CRM_EXAMPLE)).toBe(true);
		// The icon is the node type's: the fewest examples that hold every type of the package (action,
		// trigger, tool) show each one.
		const typesOf = (file: string) => new Set(loadExample(file).nodes.filter((node) => node.type.startsWith(PACKAGE_NODE_PREFIX)).map((node) => node.type));
		const everyType = new Set([...examples.keys()].flatMap((file) => [...typesOf(file)]));
		const chosen: string[] = [];
		const shown = new Set<string>();
		while (shown.size < everyType.size) {
			const next = [...examples.keys()].sort((a, b) => [...typesOf(b)].filter((type) => !shown.has(type)).length - [...typesOf(a)].filter((type) => !shown.has(type)).length)[0];
			chosen.push(next);
			for (const type of typesOf(next)) shown.add(type);
		}
		expect(everyType.size).toBeGreaterThanOrEqual(3);
		for (const file of chosen) {
			await openExample(file);
			const expected = loadExample(file).nodes.filter((node) => node.type.startsWith(PACKAGE_NODE_PREFIX));
			const packageNodes = page.locator(`[data-test-id="canvas-node"][data-node-type^="${PACKAGE_NODE_PREFIX}"]`);
			expect({ file, count: await packageNodes.count() }).toEqual({ file, count: expected.length });
			for (const node of expected) {
				const icon = page.locator(`[data-test-id="canvas-node"][data-node-name="${node.name}"] .n8n-node-icon img`);
				await icon.waitFor();
				// The icon file the package ships, served by n8n and actually loaded (the fallback is a letter, not an image).
				expect(await icon.getAttribute('src')).toMatch(/^\/icons\/n8n-nodes-print-store\/dist\/icons\/[\w.-]+\.svg$/);
				await eventually(`the icon of "${node.name}" to load`, () =>
					icon.evaluate((element) => {
						const image = element as unknown as { complete: boolean; naturalWidth: number };
						return image.complete && image.naturalWidth > 0;
					}),
				);
			}
			await shot(page, `03-example-${path.basename(file, '.json')}`);
		}
	});

	test('in the CRM example, the nodes panel lists every operation of the Print Store node, and the panel of "Create orders" offers the order operations', async () => {
		await openExample();
		await page.locator('[data-test-id="node-creator-plus-button"]').click();
		const creator = page.locator('[data-test-id="node-creator"]');
		await creator.waitFor();
		await page.keyboard.type('Print Store');
		await creator.locator('[data-test-id="item-iterator-item"]', { hasText: 'Print Store' }).first().click();
		await creator.getByText(EXPECTED_ACTIONS[0], { exact: true }).first().waitFor();
		const listed = (await creator.locator('[data-test-id="item-iterator-item"]').allTextContents()).map((text) => text.trim());
		for (const action of EXPECTED_ACTIONS) expect(listed).toContain(action);
		// The node types n8n serves to the editor carry no injected Custom API Call for this node.
		const types = await (await page.request.get(`${e2e().state.n8n.url}/types/nodes.json`)).text();
		const ours = (JSON.parse(types) as Array<{ name: string }>).filter((type) => type.name.startsWith(PACKAGE_NODE_PREFIX));
		expect(ours.length).toBeGreaterThan(0);
		expect(JSON.stringify(ours)).not.toContain('__CUSTOM_API_CALL__');
		// Its icon there too.
		expect(await creator.locator('img[src*="/icons/n8n-nodes-print-store/"]').count()).toBeGreaterThan(0);
		await page.waitForTimeout(500); // the panel slides in; only for the screenshot
		await shot(page, '04-nodes-panel-actions');
		await page.keyboard.press('Escape');
		await creator.waitFor({ state: 'hidden' });

		// The same workflow's Create node: its Operation list.
		await page.locator('[data-test-id="canvas-node"][data-node-name="Create orders"]').dblclick();
		const ndv = page.locator('[data-test-id="ndv"]');
		await ndv.waitFor();
		const operation = ndv.locator('[data-test-id="parameter-input-operation"] input');
		await eventually('the Operation field to show "Create"', async () => (await operation.inputValue()) === 'Create');
		await operation.click();
		const options = page.locator('.el-select-dropdown__item:visible .option-headline');
		await options.first().waitFor();
		const shown = (await options.allTextContents()).map((text) => text.trim());
		expect(shown).toEqual(EXPECTED_ORDER_OPERATIONS);
		await page.waitForTimeout(300); // the list fades in; only for the screenshot
		await shot(page, '05-node-operations');
	});

	test('"Input Item Fields" shows its field mapping in the node panel, one entry per mapped order field', async () => {
		await openExample('crm-records-to-orders-from-input-items.json');
		await page.locator('[data-test-id="canvas-node"][data-node-name="Create orders"]').dblclick();
		const ndv = page.locator('[data-test-id="ndv"]');
		await ndv.waitFor();
		await eventually('the Define Order Using field to show "Input Item Fields"', async () =>
			(await ndv.locator('[data-test-id="parameter-input-inputMode"] input').inputValue()) === 'Input Item Fields',
		);
		await ndv.getByText('Field Mapping', { exact: true }).first().waitFor();
		// Thirteen mapped fields, each an "Input Field" of its own; no per-item expression anywhere.
		await eventually('thirteen Input Field entries', async () => (await ndv.locator('[data-test-id="parameter-input-inputField"]').count()) === 13);
		expect(await ndv.locator('[data-test-id="parameter-input-inputField"] input').first().inputValue()).toBe('PrintProduct');
		await shot(page, '06-input-item-fields');
		// Every entry is valid as saved: no parameter issue anywhere in the panel, and only the fields its choices call for.
		expect(await ndv.locator('[data-test-id="parameter-issues"]').count()).toBe(0);
		expect(await ndv.locator('[data-test-id="parameter-input-value"]').count()).toBe(0);
		expect(await ndv.locator('[data-test-id="parameter-input-templateFieldName"]').count()).toBe(0);
		await page.keyboard.press('Escape');
	});

	// Each tool's canvas subtitle (its operation) is test/unit/operation-tables.test.ts's, resolved by n8n's expression engine.
	test('the order desk agent: its Print Store tools on the canvas, the description written for the model and the guard rails', async () => {
		await openExample('order-desk-agent.json');
		for (const name of ['Order desk', 'OpenAI Chat Model', ...ORDER_DESK_TOOLS]) {
			await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).waitFor();
		}
		// For the screenshot (README): zoom to fit, then the canvas scrolled up a little, so that n8n's
		// "Open chat" button at the bottom does not cover the tools' subtitles.
		await page.keyboard.press('Shift+1');
		await page.waitForTimeout(500);
		await page.mouse.move(720, 450);
		await page.mouse.wheel(0, 120);
		await page.waitForTimeout(500);
		await shot(page, 'docs-order-desk-agent');
		await page.locator('[data-test-id="canvas-node"][data-node-name="Create orders"]').dblclick();
		const ndv = page.locator('[data-test-id="ndv"]');
		await ndv.waitFor();
		const description = ndv.locator('[data-test-id="parameter-input-toolDescription"] textarea');
		await eventually('the tool Description to show the Create text', async () => (await description.inputValue()) === TOOL_DESCRIPTIONS['order.create']);
		await ndv.locator('[data-test-id="parameter-input-toolLiveOrders"]').waitFor();
		expect(await ndv.locator('[data-test-id="parameter-input-toolMaxOrders"] input').inputValue()).toBe('5');
		// n8n's own "Set Automatically" description, which would only say "Create orders in Print Store", is not added.
		expect(await ndv.locator('[data-test-id="parameter-input-descriptionType"]').count()).toBe(0);
		await shot(page, '08-order-desk-create-orders-tool');
		await page.keyboard.press('Escape');
	});

	test('a new credential: the dialog shows the required fields in full, hides the domain restriction, names no sandbox; it connects through the sandbox login page ("Connect") and n8n reports the account connected', async () => {
		const { state, client } = e2e();
		const before = new Set((await client.rest<Array<{ id: string }>>('GET', '/credentials')).map((credential) => credential.id));

		await openInEditor('/home/credentials');
		await page.locator('[data-test-id="add-resource-credential"]').click();
		await page.locator('[data-test-id="new-credential-type-select"]').waitFor();
		await page.keyboard.type('Print Store');
		await page.locator('[data-test-id="new-credential-type-select-option"]', { hasText: 'Print Store OAuth2 API' }).click();
		await page.locator('[data-test-id="new-credential-type-button"]').click();

		const dialog = page.locator('[data-test-id="credential-edit-dialog"]');
		await dialog.locator('[data-test-id="parameter-input-subscriptionKey"]').waitFor();
		await page.waitForTimeout(500);
		await shot(page, 'docs-credential-panel');
		// n8n lists oAuth2Api's fields before those this type adds: the screenshot of the rest.
		await dialog.locator('[data-test-id="parameter-input-subscriptionKey"]').scrollIntoViewIfNeeded();
		await page.waitForTimeout(300);
		await shot(page, 'docs-credential-panel-fields');
		const text = (await dialog.textContent()) ?? '';
		expect(text).not.toMatch(/Allowed HTTP Request Domains/);
		expect(text).not.toMatch(/sandbox/i);
		expect(await cutLabels(dialog)).toEqual([]);
		// The redirect URI n8n shows is the one the sandbox was told to accept.
		await eventually('the dialog to show the OAuth redirect URL', async () => ((await dialog.textContent()) ?? '').includes(state.n8n.oauthRedirectUri));
		const fill = (name: string, value: string) => dialog.locator(`[data-test-id="parameter-input-${name}"] input`).fill(value);
		await fill('authUrl', state.sandbox.authorizationUrl);
		await fill('accessTokenUrl', state.sandbox.tokenUrl);
		await fill('clientId', state.sandbox.clientId);
		await fill('clientSecret', state.sandbox.clientSecret);
		await fill('baseUrl', state.sandbox.baseUrl);
		await fill('subscriptionKey', state.sandbox.subscriptionKey);
		await shot(page, '06-credential-filled');

		const popupOpened = context.waitForEvent('page');
		// "Connect" in n8n 2.x, "Connect my account" in 1.x.
		await dialog.locator('[data-test-id="quick-connect-button"], [data-test-id="oauth-connect-button"]').first().click();
		const popup = await popupOpened;
		await popup.locator('#username').waitFor();
		expect(popup.url().startsWith(state.sandbox.authorizationUrl)).toBe(true);
		await popup.locator('#username').fill(state.sandboxUser.username);
		await popup.locator('#password').fill(state.sandboxUser.password);
		await shot(popup, '07-sandbox-sign-in');
		const popupClosed = popup.waitForEvent('close');
		await popup.locator('button.allow').click();
		await popupClosed;

		const connected = dialog.locator('[data-test-id="oauth-connect-success-banner"]');
		await connected.waitFor({ state: 'visible' });
		expect(await connected.textContent()).toContain('Account connected');
		await shot(page, '08-account-connected');

		// n8n stored real tokens for the new credential: a node run with it reaches the sandbox as that user.
		const created = (await client.rest<Array<{ id: string; name: string; type: string }>>('GET', '/credentials')).filter(
			(credential) => !before.has(credential.id) && credential.type === 'printStoreOAuth2Api',
		);
		expect(created).toHaveLength(1);
		expect((await client.getCredential(created[0].id)).data.oauthTokenData).toBe(true);
		const whoAmI = await runPrintStore({
			title: 'get current user with the credential connected in the browser',
			parameters: { resource: 'user', operation: 'getCurrent' },
			credential: { id: created[0].id, name: created[0].name },
		});
		expectSuccess(whoAmI);
		expect(whoAmI.json[0].Username).toBe(state.sandboxUser.username);
	});
});

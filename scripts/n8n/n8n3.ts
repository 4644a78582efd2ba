/**
 * n8n 3.0, as settings of the n8n this project runs (2.41.1): what 3.0 changes that concerns this
 * package, and what a deployment sets for it. The names are the ones n8n 2.41.1 reads (its dist:
 * @n8n/config's ssrf-protection.config.js, the community-packages module and its instance settings
 * loader, the executions config). One list for both sides: README.md's "n8n 3.0 and Docker" section
 * gives these settings (test/release/n8n3-settings.test.ts keeps it in step), and the end-to-end
 * runs with 3.0's settings use them (test/e2e/n8n-3-settings.test.ts, one n8n process;
 * test/e2e/n8n-3-manual-runs.queue.test.ts, queue mode). docs/n8n-3.md says what each run showed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { PACKAGE_NAME } from './package';
import { REPO_ROOT } from './runtime';

const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };

/** One setting as the README gives it: its value, or a placeholder the reader fills in. */
export interface Setting {
	name: string;
	/** The exact value; undefined when it depends on the deployment (see `placeholder`). */
	value?: string;
	placeholder?: string;
	/** Which n8n processes need it. */
	processes: 'every process' | 'main';
	why: string;
}

/** The package installed by n8n itself from its settings, as containers do (n8n 3.0 runs from Docker images only). */
export const CONTAINER_INSTALL: Setting[] = [
	{ name: 'N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV', value: 'true', processes: 'every process', why: 'n8n installs, updates and removes community packages to match N8N_COMMUNITY_PACKAGES at start' },
	{ name: 'N8N_COMMUNITY_PACKAGES', value: JSON.stringify([{ name: PACKAGE_NAME, version }]), processes: 'every process', why: 'the package and the version to install' },
	{ name: 'N8N_UNVERIFIED_PACKAGES_ENABLED', value: 'true', processes: 'every process', why: 'until n8n verifies the package: 3.0 loads no unverified package without it' },
];

/** Queue mode on 2.x with 3.0's behaviour: manual executions on workers (3.0 removes the setting and always does so). */
export const MANUAL_RUNS_ON_WORKERS: Setting[] = [
	{ name: 'OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS', value: 'true', processes: 'main', why: "manual executions (the editor's Execute workflow) run on workers, as on 3.0" },
];

/** SSRF protection with only the hosts this package needs allowed. */
export const SSRF_PROTECTION: Setting[] = [
	{ name: 'N8N_SSRF_PROTECTION_ENABLED', value: 'true', processes: 'every process', why: 'n8n refuses requests to private and reserved addresses (its default block list grows in 3.0)' },
	{
		name: 'N8N_SSRF_ALLOWED_HOSTNAMES',
		placeholder: '<API host>,<host of N8N_WEBHOOK_URL>',
		processes: 'every process',
		why: "the API's host when it is private; n8n's own address when it is private, for Order > Wait Until Status (its checks call the execution's resume address)",
	},
	{
		name: 'N8N_SSRF_ALLOWED_IP_RANGES',
		placeholder: '<IP address>/32',
		processes: 'every process',
		why: 'the same, for hosts given by IP address (host names do not allow those)',
	},
];

/** Every setting README.md gives for n8n 3.0 and Docker. */
export const README_SETTINGS: Setting[] = [...CONTAINER_INSTALL, ...MANUAL_RUNS_ON_WORKERS, ...SSRF_PROTECTION];

/** n8n 3.0's default for unverified packages, set explicitly on 2.41.1 (where unset means true). */
export const N8N3_UNVERIFIED_DEFAULT = { N8N_UNVERIFIED_PACKAGES_ENABLED: 'false' };

/**
 * The settings as an environment. `fill` gives the values of placeholders; a placeholder left
 * unfilled is left out (e.g. no IP range when every host has a name).
 */
export function asEnvironment(settings: Setting[], fill: Record<string, string> = {}): Record<string, string> {
	const env: Record<string, string> = {};
	for (const setting of settings) {
		const value = setting.value ?? fill[setting.name];
		if (value !== undefined) env[setting.name] = value;
	}
	return env;
}

/** What every n8n process of the tested runs gets, as README.md says until n8n verifies the package. */
export const UNVERIFIED_ALLOWED = asEnvironment(CONTAINER_INSTALL.filter((setting) => setting.name === 'N8N_UNVERIFIED_PACKAGES_ENABLED'));

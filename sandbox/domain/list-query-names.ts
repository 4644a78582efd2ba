/**
 * The query parameter names of the order list (not under profile `sandbox-shapes`). The provider documents
 * six parameters without their names, so each role's name is configurable (startSandbox option
 * `listQueryNames`, `--list-query-names`, `PUT /_sandbox/list-query-names`): a client that guesses
 * another name is ignored, as the real service would ignore it.
 */

export const LIST_QUERY_ROLES = ['page', 'size', 'statuses', 'createdAfter', 'createdBefore', 'details'] as const;

export type ListQueryRole = (typeof LIST_QUERY_ROLES)[number];

export type ListQueryNames = Record<ListQueryRole, string>;

export const DEFAULT_LIST_QUERY_NAMES: Readonly<ListQueryNames> = {
	page: 'pageNumber',
	size: 'pageSize',
	statuses: 'statuses',
	createdAfter: 'createdAfter',
	createdBefore: 'createdBefore',
	details: 'includeDetails',
};

export class ListQueryNamesError extends Error {}

/** What a query parameter name may be: no spaces and nothing a query string or the flag's syntax uses. */
const NAME = /^[A-Za-z0-9_.$[\]-]+$/;

/**
 * The names from a partial object (an option or a control body): roles left out keep their default
 * names. Unknown roles, names that are not names, and two roles sharing a name (without regard to
 * case, as binding compares them) are refused.
 */
export function parseListQueryNames(value: unknown): ListQueryNames {
	if (value === undefined || value === null) return { ...DEFAULT_LIST_QUERY_NAMES };
	if (typeof value !== 'object' || Array.isArray(value)) {
		throw new ListQueryNamesError(`list query names must be an object with some of ${LIST_QUERY_ROLES.join(', ')}`);
	}
	const names = { ...DEFAULT_LIST_QUERY_NAMES };
	for (const [role, name] of Object.entries(value)) {
		if (!(LIST_QUERY_ROLES as readonly string[]).includes(role)) {
			throw new ListQueryNamesError(`Unknown list query role '${role}'; use ${LIST_QUERY_ROLES.join(', ')}`);
		}
		if (typeof name !== 'string' || !NAME.test(name)) {
			throw new ListQueryNamesError(`The name of '${role}' must be letters, digits or _ . - $ [ ], got ${JSON.stringify(name)}`);
		}
		names[role as ListQueryRole] = name;
	}
	const seen = new Map<string, ListQueryRole>();
	for (const role of LIST_QUERY_ROLES) {
		const key = names[role].toLowerCase();
		const other = seen.get(key);
		if (other) throw new ListQueryNamesError(`'${other}' and '${role}' cannot both be named '${names[role]}'`);
		seen.set(key, role);
	}
	return names;
}

/** `page=pg,size=per` (the flag's form; repeated flags add up, later ones win) as a partial object. */
export function listQueryNamesFromFlag(values: readonly string[] | undefined): Partial<ListQueryNames> | undefined {
	if (!values || values.length === 0) return undefined;
	const names: Record<string, string> = {};
	for (const value of values) {
		for (const part of value.split(',')) {
			if (part.trim() === '') continue;
			const match = /^\s*([^=\s]+)\s*=\s*(\S*)\s*$/.exec(part);
			if (!match) throw new ListQueryNamesError(`expected role=name pairs such as page=pg,size=per, got '${part.trim()}'`);
			names[match[1]] = match[2];
		}
	}
	parseListQueryNames(names);
	return names as Partial<ListQueryNames>;
}

/** The names in force in one sandbox. `reset()` returns to the ones it was started with. */
export class ListQueryNamesSetting {
	private names: ListQueryNames;

	constructor(private readonly initial: ListQueryNames = { ...DEFAULT_LIST_QUERY_NAMES }) {
		this.names = { ...initial };
	}

	get current(): ListQueryNames {
		return { ...this.names };
	}

	/** Replaces the names (already checked by parseListQueryNames). */
	set(names: ListQueryNames): void {
		this.names = { ...names };
	}

	reset(): void {
		this.names = { ...this.initial };
	}
}

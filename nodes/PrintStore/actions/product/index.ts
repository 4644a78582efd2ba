import * as getAll from './getAll.operation';

export { getAll };

/** The resource's operations by the value of their entry: its Operation list, the router and the tools are built from them. */
export const operations = { getAll };

/** The operation the resource's Operation list starts on (the router builds the list from `operations`). */
export const defaultOperation = 'getAll';

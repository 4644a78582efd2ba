import { resourceDescription } from '../operation';
import * as getAll from './getAll.operation';

export { getAll };

/** The resource's operations by the value of their entry: its Operation list, the router and the tools are built from them. */
export const operations = { getAll };

export const description = resourceDescription('product', operations, 'getAll');

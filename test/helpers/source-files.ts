import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

/** The TypeScript files under a folder of the repository, at every depth, as paths from its root (`nodes/shared/ids.ts`). */
export function sourceFiles(folder: string): string[] {
	return readdirSync(path.join(root, folder)).flatMap((entry) => {
		const relative = `${folder}/${entry}`;
		if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(relative);
		return relative.endsWith('.ts') ? [relative] : [];
	});
}

import { basename, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** A chunk for one page's own code, so its first visit loads it in one request. */
export interface FirstLoadChunk {
  name: string;
  /** Module files, relative to the web root. */
  roots: string[];
}

/** The group shape of the bundler's `output.codeSplitting.groups` used here. */
interface ChunkGroup {
  name: string;
  priority: number;
  test?: (id: string) => boolean;
  tags?: '$initial'[];
}

/** The repository's own modules (not packages, not the bundler's virtual ones). */
const isSourceModule = (id: string): boolean => !id.includes('/node_modules/') && !id.startsWith('\0');

/**
 * Left to itself the bundler splits the code a public page needs into dozens of small shared chunks
 * (one per set of routes using a module), each one more request before the page comes alive. These
 * groups make it a few: what the entry imports statically in one chunk, then, per listed page, the
 * source modules its roots import statically with the package code they use (the bundler adds a
 * captured module's dependencies after tree-shaking, so a package's index does not drag in all of
 * it). A module already in an earlier chunk stays there: the earlier chunks are loaded first.
 * Returns the plugin that reads the import graph once the build has parsed it, and the groups
 * for `build.rolldownOptions.output.codeSplitting.groups`.
 */
export function firstLoadChunks(
  webRoot: string,
  chunks: FirstLoadChunk[],
): {
  plugin: Plugin;
  groups: ChunkGroup[];
  fileOf: (name: string) => string;
  filesOfModule: (root: string) => string[];
  filesOfPage: (component: string) => string[];
} {
  const owner = new Map<string, string>();
  const files = new Map<string, string>();
  const moduleFiles = new Map<string, string[]>();
  const plugin: Plugin = {
    name: 'ai-vault:first-load-chunks',
    apply: 'build',
    buildEnd() {
      owner.clear();
      for (const chunk of chunks) {
        const pending = chunk.roots.map((root) => resolve(webRoot, root));
        while (pending.length) {
          const id = pending.pop()!;
          if (owner.has(id) || !isSourceModule(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) throw new Error(`${id} is not part of the build (first-load chunk "${chunk.name}")`);
          owner.set(id, chunk.name);
          pending.push(...info.importedIds);
        }
      }
    },
    generateBundle(_options, bundle) {
      moduleFiles.clear();
      for (const output of Object.values(bundle))
        if (output.type === 'chunk' && chunks.some((chunk) => chunk.name === output.name)) files.set(output.name, output.fileName);
      // Each module's chunk with every chunk it imports statically: what a dynamic import of it fetches.
      const chunksByFile = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])));
      for (const output of chunksByFile.values()) {
        const found = new Set<string>();
        const pending = [output.fileName];
        while (pending.length) {
          const file = pending.pop()!;
          if (found.has(file)) continue;
          found.add(file);
          pending.push(...(chunksByFile.get(file)?.imports ?? []));
        }
        for (const id of output.moduleIds) moduleFiles.set(id, [...found]);
      }
    },
  };
  /** The built file of a listed chunk, relative to the output folder (known once the bundle is written). */
  const fileOf = (name: string): string => {
    const file = files.get(name);
    if (!file) throw new Error(`No chunk "${name}" in the build`);
    return file;
  };
  /** The built files a dynamic import of this module (relative to the web root) loads. */
  const filesOfModule = (root: string): string[] => {
    const found = moduleFiles.get(resolve(webRoot, root));
    if (!found) throw new Error(`No chunk holds ${root}`);
    return found;
  };
  /** The built files a dynamic import of the page exporting `component` loads (its module: pages/…/<component>.tsx). */
  const filesOfPage = (component: string): string[] => {
    const pages = resolve(webRoot, 'pages') + '/';
    const ids = [...moduleFiles.keys()].filter((id) => id.startsWith(pages) && basename(id) === `${component}.tsx`);
    if (ids.length !== 1) throw new Error(`Expected one module pages/**/${component}.tsx in the build, found ${ids.length}`);
    return moduleFiles.get(ids[0]!)!;
  };
  const pageGroups = chunks.map((chunk, index) => ({
    name: chunk.name,
    test: (id: string) => owner.get(id) === chunk.name,
    priority: chunks.length - index,
  }));
  return {
    plugin,
    groups: [{ name: 'entry', tags: ['$initial'], priority: chunks.length + 1 }, ...pageGroups],
    fileOf,
    filesOfModule,
    filesOfPage,
  };
}

// Types of test-index.mjs, for the test that holds docs/test-index.md current.
export interface IndexEntry {
	readonly source: string;
	readonly tests: readonly string[];
	readonly mirror: boolean;
}
export declare const INDEX_FILE: string;
export declare function staticImports(file: string, text: string): string[];
export declare function mirrorTests(sourceFile: string): string[];
export declare function buildIndex(): IndexEntry[];
export declare function renderIndex(index: readonly IndexEntry[]): string;

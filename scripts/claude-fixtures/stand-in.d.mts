// Types of stand-in.mjs, for its test (test/scripts/claude-fixtures/stand-in.test.ts).
export interface Block {
	readonly type: 'text' | 'tool_use';
	readonly text?: string;
	readonly name?: string;
	readonly input?: unknown;
}
export type Reply = {readonly blocks: readonly Block[]} | {readonly error: number; readonly message?: string} | 'stall';
export interface RequestContext {
	readonly agent: string;
	readonly turn: number;
	readonly calls: readonly {id: string; name: string; input: unknown; result: {text: string; isError: boolean} | null}[];
	readonly lastUser: string;
	readonly userTexts: string;
	readonly notifications: number;
	readonly model: string;
}
export type Script = (ctx: RequestContext) => Reply;
export interface ServedEntry {
	readonly at: string;
	readonly agent: string;
	readonly turn: number;
	readonly heldMs?: number;
	readonly [key: string]: unknown;
}
export declare function textOf(content: unknown): string;
export declare function readRequest(body: unknown): RequestContext;
export declare const text: (value: string) => Block;
export declare const tool: (name: string, input: unknown) => Block;
export declare function byTurn(...replies: readonly (Reply | Script)[]): Script;
export declare function startStandIn(options: {
	scripts: Readonly<Record<string, Script>>;
	logFile: string;
	idPrefix: string;
	onServe?: (entry: ServedEntry) => void;
	beforeAnswer?: (entry: ServedEntry) => Promise<number | undefined>;
}): Promise<{port: number; served: ServedEntry[]; close: () => Promise<void>}>;

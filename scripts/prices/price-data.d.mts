// Types of price-data.mjs, for the test that holds the committed table against the package.
export declare const PROVIDERS: readonly {readonly id: string; readonly only?: (modelId: string) => boolean}[];
export declare function priceData(version: string, date: string): Promise<unknown>;

// The one result type of agentlog's pure functions: a value, or why there is none. Pure.

export type Result<T, E = string> = {readonly ok: true; readonly value: T} | {readonly ok: false; readonly error: E};

export const ok = <T>(value: T): Result<T, never> => ({ok: true, value});
export const fail = <E>(error: E): Result<never, E> => ({ok: false, error});

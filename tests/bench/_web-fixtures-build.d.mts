export declare const PRODUCTION_WEB_ROOT: string;
export declare const FIXTURES_WEB_ROOT: string;
export declare function ensureFixturesBuild(): string;

/**
 * The slice of `oidc-provider` (v9, shipped without type definitions) that the local test
 * provider uses.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): AccountClaims | Promise<AccountClaims>;
  }

  export interface Configuration {
    clients?: Array<Record<string, unknown>>;
    findAccount?: (ctx: unknown, id: string) => Account | undefined | Promise<Account | undefined>;
    [option: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    /** The request listener for a Node http server. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    proxy: boolean;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}

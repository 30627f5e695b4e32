import path from 'node:path';
import { AUTH_RATE_LIMIT } from '@nebab/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, isGoogleConfigured, loadConfig, REPO_ROOT } from './config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/nebab');
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: '/srv/nebab/data',
      publicUrl: 'http://localhost:3000',
      oidcIssuer: 'https://accounts.google.com',
      oidcAllowHttp: false,
      authRateLimit: { ...AUTH_RATE_LIMIT },
      sessionTtlDays: 30,
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
      logLevel: 'info',
      catalogAutoImport: true,
      trustProxy: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(isGoogleConfigured(config)).toBe(false);
  });

  it('reads the environment', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        PUBLIC_URL: 'https://nebab.example/',
        DATABASE_URL: 'postgres://u@db:5432/nebab',
        REDIS_URL: 'redis://cache:6379',
        ADMIN_EMAIL: 'Boss@Example.org',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        OIDC_ALLOW_HTTP: 'true',
        AUTH_RATE_LIMIT_PER_IP: '5',
        CATALOG_AUTO_IMPORT: '0',
        DATA_DIR: 'var',
        GOOGLE_CLIENT_ID_UNUSED: '',
        REDIS_UNUSED: undefined,
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://nebab.example',
      databaseUrl: 'postgres://u@db:5432/nebab',
      redisUrl: 'redis://cache:6379',
      adminEmail: 'boss@example.org',
      oidcAllowHttp: true,
      catalogAutoImport: false,
      dataDir: '/srv/var',
    });
    expect(config.authRateLimit.perIp).toBe(5);
    expect(isGoogleConfigured(config)).toBe(true);
  });

  it('treats blank values as unset and refuses bad ones', () => {
    expect(loadConfig({ PORT: '', GOOGLE_CLIENT_ID: ' ' }).port).toBe(3000);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ OIDC_ALLOW_HTTP: 'maybe' })).toThrow(/OIDC_ALLOW_HTTP/);
  });
});

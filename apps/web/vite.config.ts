import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { localeSections } from './src/i18n/localeSectionsPlugin';

/** The API server the dev server and `vite preview` forward `/api` and `/socket.io` to. */
const API_TARGET = process.env.NEBAB_API_URL ?? 'http://localhost:3000';

const proxy = {
  '/api': { target: API_TARGET, changeOrigin: true },
  '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
};

/** Text files worth compressing (images and fonts are compressed formats already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

function* filesOf(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== '.vite') yield* filesOf(full);
    } else yield full;
  }
}

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every compressible built file, which
 * the server sends as they are to clients that accept them (@fastify/static `preCompressed`): the
 * strongest settings cost nothing per request. Node's zlib does both.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'nebab:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesOf(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith('index.html')) continue;
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * Builds the service worker (src/sw/sw.ts) as `/sw.js` beside the client, with the list of files it
 * precaches (the entry's JavaScript and CSS and every lazy chunk, except PDF.js, which only the reader
 * needs) and a version that changes with them.
 */
function serviceWorker(): Plugin {
  return {
    name: 'nebab:service-worker',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    buildStart() {
      this.emitFile({ type: 'chunk', id: path.resolve(__dirname, 'src/sw/sw.ts'), fileName: 'sw.js' });
    },
    generateBundle(_options, bundle) {
      const worker = bundle['sw.js'];
      if (!worker || worker.type !== 'chunk') return;
      const files = Object.values(bundle)
        .filter((item) => item.fileName.startsWith('assets/') && /\.(js|css)$/.test(item.fileName))
        .filter((item) => !/pdf/i.test(item.fileName))
        .map((item) => `/${item.fileName}`)
        .sort();
      files.push('/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png');
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      worker.code = worker.code
        .replace('__NEBAB_PRECACHE__', JSON.stringify(files).replace(/'/g, "\\'"))
        .replace('__NEBAB_VERSION__', version);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // localeSections: `<locale>.json?sections=core|rest`, see src/i18n/sections.ts
  plugins: [
    localeSections(),
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [serviceWorker(), precompress()]),
  ],
  server: { proxy },
  preview: { proxy },
  // The server-rendering entry bundles the shared package (TypeScript sources) and leaves the other
  // packages to Node's resolution at run time.
  ssr: { noExternal: ['@nebab/shared'] },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, target: 'node20', copyPublicDir: false }
    : { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
}));

#!/usr/bin/env node
// Makes sure Debian's Chromium is there for the browser tests. Never downloads a browser of its own:
// as root with apt-get it installs the `chromium` package, otherwise it says what to do and stops.
import { ensureDebianPackage } from './lib/debian-package.mjs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
ensureDebianPackage({
  command: path,
  pkg: 'chromium',
  what: 'Chromium',
  hint: "install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.",
});

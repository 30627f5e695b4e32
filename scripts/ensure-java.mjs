#!/usr/bin/env node
// Makes sure a Java runtime (17 or newer: Debian 12's default) is there for the W3C HTML checker the
// browser tests run (the vnu-jar package). Never lets vnu-jar download a runtime of its own: as root
// with apt-get it installs Debian's `default-jre-headless`, otherwise it says what to do and stops.
import { ensureDebianPackage } from './lib/debian-package.mjs';

ensureDebianPackage({
  command: 'java',
  pkg: 'default-jre-headless',
  what: 'Java',
  hint: "install Debian's package (sudo apt-get install -y default-jre-headless).",
});

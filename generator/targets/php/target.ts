// The PHP target: a Composer package in generated/php (PHP 8.1+, ext-curl, ext-simplexml and ext-dom, no
// required library): value classes and enums from the wire descriptors, a client with one method
// per operation, this folder's runtime/src copied in as src/Runtime, composer.json, README,
// CHANGELOG and LICENSE; laid out by prettier's PHP plugin and tested with PHPUnit and a live
// `crmgen serve` (test/sdk-php.test.ts).
import type { Target } from '../contract.ts';
import { emitPhpClient } from './client.ts';
import { emitPhpPackage } from './package.ts';
import { formatPhp } from './format.ts';
import { emitPhpReadme } from './readme.ts';
import { emitPhpConformance } from './conformance.ts';
import { phpSurface } from './surface.ts';

export const php: Target = {
  name: 'php',
  emitters: [
    { name: 'php-client', needs: ['descriptors', 'patterns'], emit: emitPhpClient },
    { name: 'php-package', needs: [], emit: emitPhpPackage },
    { name: 'php-readme', needs: [], emit: emitPhpReadme },
    { name: 'php-conformance', needs: [], emit: emitPhpConformance },
  ],
  formatters: { php: formatPhp },
  surface: { reads: ['php-client'], lines: phpSurface },
};

// The Python target: the SDK package generated/python (Client and AsyncClient over httpx, TypedDict
// types, the descriptor-driven runtime of runtime/_runtime copied in), laid out by ruff's formatter
// and tested with pytest and pyright (test/sdk-python.test.ts).
import type { Target } from '../contract.ts';
import { emitTypes } from './types.ts';
import { emitClient } from './client.ts';
import { emitApi } from './api.ts';
import { emitPackage } from './package.ts';
import { emitReadme } from './readme.ts';
import { emitPythonTests } from './tests.ts';
import { emitConformance } from './conformance.ts';
import { formatPython } from './format.ts';
import { pythonSurface } from './surface.ts';

export const python: Target = {
  name: 'python',
  emitters: [
    { name: 'python-types', needs: [], emit: emitTypes },
    { name: 'python-client', needs: ['descriptors'], emit: emitClient },
    { name: 'python-api', needs: ['descriptors'], emit: emitApi },
    { name: 'python-package', needs: [], emit: emitPackage },
    { name: 'python-readme', needs: [], emit: emitReadme },
    { name: 'python-tests', needs: ['descriptors'], emit: emitPythonTests },
    { name: 'python-conformance', needs: [], emit: emitConformance },
  ],
  formatters: { python: formatPython },
  surface: { reads: ['python-types', 'python-client', 'python-package'], lines: pythonSurface },
};

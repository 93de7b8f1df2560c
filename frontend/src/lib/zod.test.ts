import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('zod', () => {
  it('is imported through @/lib/zod alone, so its CSP setting holds before any schema is made', () => {
    const direct = sources(SRC)
      .filter((path) => !path.endsWith(join('lib', 'zod.ts')))
      .filter((path) => /^import (?!type )[^;]*from 'zod'/m.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path));
    expect(direct).toEqual([]);
  });
});

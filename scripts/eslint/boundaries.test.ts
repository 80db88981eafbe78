import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were the file at `file` (nothing is written). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.ruleId === 'vz/boundaries').map((message) => message.message);
}

describe('import boundaries (npm run lint)', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors('client/src/features/home/components/x.tsx', "import { ListingCard } from '../../listings/components/listing-card.tsx';\nexport const x = ListingCard;\n");
    expect(errors).toEqual([expect.stringContaining("Feature 'home' imports feature 'listings'")]);
  });

  it('lets a feature import its own files and the shared client pieces', async () => {
    const code = "import { Badge } from '../../../components/ui/badge.tsx';\nimport { useRecentActivity } from '../hooks/use-recent-activity.ts';\nexport const x = [Badge, useRecentActivity];\n";
    expect(await boundaryErrors('client/src/features/home/components/x.tsx', code)).toEqual([]);
  });

  it("refuses a server module using another module's repository, not its service", async () => {
    const file = 'server/src/modules/reviews/x.ts';
    expect(await boundaryErrors(file, "import * as orders from '../orders/orders.repository.ts';\nexport const x = orders;\n")).toEqual([
      expect.stringContaining("Module 'reviews' uses the repository of 'orders'"),
    ]);
    expect(await boundaryErrors(file, "import * as orders from '../orders/orders.service.ts';\nexport const x = orders;\n")).toEqual([]);
  });

  it("refuses server code outside the modules (http, jobs...) using a module's repository", async () => {
    const errors = await boundaryErrors('server/src/jobs/x.ts', "import * as auth from '../modules/auth/auth.repository.ts';\nexport const x = auth;\n");
    expect(errors).toEqual([expect.stringContaining("'server/src/jobs/x.ts' uses the repository of 'auth'")]);
    expect(await boundaryErrors('server/src/jobs/x.ts', "import * as auth from '../modules/auth/auth.service.ts';\nexport const x = auth;\n")).toEqual([]);
  });

  it("refuses a maintainer script using a module's repository, not its service", async () => {
    const file = 'scripts/x.ts';
    expect(await boundaryErrors(file, "import * as users from '../server/src/modules/users/users.repository.ts';\nexport const x = users;\n")).toEqual([
      expect.stringContaining("'scripts/x.ts' uses the repository of 'users'"),
    ]);
    expect(await boundaryErrors(file, "import * as users from '../server/src/modules/users/users.service.ts';\nexport const x = users;\n")).toEqual([]);
  });

  it('refuses client code importing server values, but not types', async () => {
    const file = 'client/src/lib/x.ts';
    expect(await boundaryErrors(file, "import { appRouter } from '../../../server/src/router.ts';\nexport const x = appRouter;\n")).toEqual([
      expect.stringContaining('only types from the server'),
    ]);
    expect(await boundaryErrors(file, "import type { AppRouter } from '../../../server/src/router.ts';\nexport type X = AppRouter;\n")).toEqual([]);
  });

  it('refuses shared/ importing the client or the server', async () => {
    const errors = await boundaryErrors('shared/src/orders/x.ts', "import { AppError } from '../../../server/src/errors.ts';\nexport const x = AppError;\n");
    expect(errors).toEqual([expect.stringContaining('shared/ imports neither')]);
  });
});

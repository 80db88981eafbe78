import { describe, expect, it } from 'vitest';
import { everyPageParts, partsBringingZod, type Manifest } from './first-screen.ts';

// A build's manifest: the live events part imports a shared chunk; the banners part does not.
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true },
  'src/features/realtime/components/realtime-events.tsx': { file: 'assets/live.js', imports: ['index.html', '_shared.js'] },
  'src/features/pwa/components/pwa-banners.tsx': { file: 'assets/banners.js', imports: ['index.html'] },
  '_shared.js': { file: 'assets/shared.js' },
};
const parts = ['src/features/realtime/components/realtime-events.tsx', 'src/features/pwa/components/pwa-banners.tsx'];

describe('parts every page loads after its first screen', () => {
  it('names the part whose static imports carry Zod, and the file that carries it', () => {
    const sources: Record<string, string[]> = {
      'assets/index.js': ['../../src/main.tsx'],
      'assets/live.js': ['../../src/features/realtime/components/realtime-events.tsx'],
      'assets/shared.js': ['../../../node_modules/zod/v4/core/core.js', '../../../shared/src/messages/message.schema.ts'],
      'assets/banners.js': ['../../src/features/pwa/components/pwa-banners.tsx'],
    };
    expect(partsBringingZod(manifest, parts, (file) => sources[file]!)).toEqual([{ part: parts[0], file: 'assets/shared.js' }]);
  });

  it('finds nothing when Zod is only in chunks loaded on demand', () => {
    expect(partsBringingZod(manifest, parts, (file) => (file === 'assets/zod.js' ? ['../../../node_modules/zod/v4/core/core.js'] : ['../../src/x.ts']))).toEqual([]);
  });
});

describe('the lazy imports every page runs', () => {
  it('are read from the app start and the root route, as manifest keys', () => {
    const parts = everyPageParts(new URL('..', import.meta.url).pathname);
    expect(parts).toEqual(
      expect.arrayContaining([
        'src/lib/saved-query-cache.ts',
        'src/features/realtime/components/realtime-events.tsx',
        'src/features/pwa/components/pwa-banners.tsx',
        'src/features/notifications/components/notification-device.tsx',
      ]),
    );
  });
});

import { z } from 'zod';
import { ptBR } from 'zod/v4/locales';

/**
 * Zod's own messages in Brazilian Portuguese, for the checks our schemas do not
 * word themselves (a number past a limit, a wrong type): no English reaches a
 * resident. Imported by every shared schema module (wherever a schema is defined,
 * on the server or in a lazily loaded screen) and by the server's tRPC setup.
 * jitless: the page's Content-Security-Policy forbids eval, which Zod would
 * otherwise probe (and the browser report as a violation).
 */
z.config({ ...ptBR(), jitless: true });

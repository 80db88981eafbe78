import { z } from 'zod';
import { ptBR } from 'zod/v4/locales';

/**
 * Zod's own messages in Brazilian Portuguese, for the checks our schemas do not
 * word themselves (a number past a limit, a wrong type): no English reaches a
 * resident. Imported once by the server's tRPC setup and by the client's entry.
 * jitless: the page's Content-Security-Policy forbids eval, which Zod would
 * otherwise probe (and the browser report as a violation).
 */
z.config({ ...ptBR(), jitless: true });

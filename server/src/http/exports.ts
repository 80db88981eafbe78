import type { Response } from 'express';
import { Router } from 'express';
import { createContext, type AppDeps } from '../context.ts';
import { CSV_BOM } from '../modules/exports/csv.ts';
import { csvExport, EXPORT_KINDS, inExportTransaction, type ExportKind } from '../modules/exports/exports.service.ts';
import { accessRefusal, refusalStatus } from '../auth/access.ts';

/**
 * GET /exports/{usuarios|anuncios|pedidos|atividade}.csv for administrators: the
 * same session and the same access rule as the admin procedures. The rows are
 * streamed from a database cursor, a page at a time, and written as the
 * connection takes them (backpressure), so 100,000 rows never sit in memory.
 */
/** Waits until the connection takes more (or closes), leaving no listener behind. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

export function exportsRouter(deps: AppDeps): Router {
  const router = Router();
  router.get('/exports/:file', async (req, res) => {
    const kind = req.params.file.replace(/\.csv$/, '') as ExportKind;
    if (!EXPORT_KINDS.includes(kind) || !req.params.file.endsWith('.csv')) {
      res.status(404).json({ error: { message: 'Exportação não encontrada' } });
      return;
    }
    const ctx = await createContext(deps, req, (header) => res.append('Set-Cookie', header));
    const refusal = accessRefusal(ctx.user, 'admin');
    if (refusal) {
      res.status(refusalStatus(refusal)).json({ error: { message: refusal.message } });
      return;
    }
    const csv = csvExport(deps, kind);
    const day = deps.clock.today();
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="vizinhanca-${kind}-${day}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    res.write(CSV_BOM + csv.header);
    let closed = false;
    res.once('close', () => {
      closed = true;
    });
    try {
      await inExportTransaction(deps.db, async (trx) => {
        for await (const line of csv.lines(trx)) {
          if (closed) break; // the admin gave up: leaving the loop closes the cursor
          if (!res.write(line)) await drained(res);
        }
      });
      res.end();
    } catch (error) {
      deps.logger.error({ err: error, kind }, 'export failed');
      res.destroy();
    }
  });
  return router;
}

import express, { type ErrorRequestHandler, type RequestHandler, Router } from 'express';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, IMAGE_PURPOSES, type ImagePurpose } from '@vizinhanca/shared/images/image.rules';
import type { AppDeps } from '../context.ts';
import { requestMeta } from '../context.ts';
import { AppError } from '../errors.ts';
import { imageAccess, uploadImage } from '../modules/images/images.service.ts';
import { limitRate } from '../modules/throttle/throttle.service.ts';
import type { AuthUser } from '../auth/sessions.ts';
import { accessRefusal, refusalStatus } from '../auth/access.ts';

/**
 * Image upload (raw bytes in the body, not tRPC: files do not belong in JSON)
 * and the files themselves, from local disk or S3.
 */
/** Stored photos: images/<uuid>/<variant>.webp. */
const IMAGE_KEY = /^images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(card|detail)\.webp$/;

export function imagesRouter(deps: AppDeps): Router {
  const router = Router();

  // Who may upload is decided before the body is read: a stranger cannot make us buffer 5 MB.
  const requireApprovedUser: RequestHandler = async (req, res, next) => {
    try {
      const token = deps.sessions.readToken(req.headers.cookie);
      const user = token ? ((await deps.sessions.validate(token))?.user ?? null) : null;
      const refusal = accessRefusal(user, 'approved');
      if (refusal) {
        res.status(refusalStatus(refusal)).json({ error: { message: refusal.message } });
        return;
      }
      const uploader = user as AuthUser; // accessRefusal refuses a missing user
      res.locals.user = uploader;
      res.locals.userId = uploader.id;
      await limitRate(deps, { name: 'uploadsPerUser', subject: uploader.id });
      next();
    } catch (error) {
      next(error);
    }
  };

  router.post(
    '/api/images',
    requireApprovedUser,
    express.raw({ type: () => true, limit: IMAGE_MAX_BYTES }),
    async (req, res, next) => {
      try {
        const purpose = (IMAGE_PURPOSES as readonly string[]).includes(String(req.query.purpose)) ? (req.query.purpose as ImagePurpose) : 'listing';
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const user = res.locals.user as AuthUser;
        const uploaded = await uploadImage(deps, { userId: user.id, purpose, bytes: body });
        res.status(201).json({ ...uploaded, message: IMAGE_MESSAGES.uploaded });
      } catch (error) {
        next(error);
      }
    },
  );

  router.get('/files/{*key}', async (req, res, next) => {
    try {
      const key = ([] as string[]).concat((req.params as { key: string | string[] }).key).join('/');
      const imageId = IMAGE_KEY.exec(key)?.[1];
      const token = deps.sessions.readToken(req.headers.cookie);
      const viewer = imageId && token ? ((await deps.sessions.validate(token))?.user ?? null) : null;
      const access = imageId ? await imageAccess(deps, imageId, viewer) : 'hidden';
      const file = access === 'hidden' ? null : await deps.storage.get(key);
      if (!file) {
        res.status(404).end();
        return;
      }
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Length', String(file.size));
      // Files never change, but who may see them does: public photos are cached a while, the others never by a shared cache.
      res.setHeader('Cache-Control', access === 'public' ? 'public, max-age=3600' : 'private, no-store');
      file.stream.on('error', next).pipe(res);
    } catch (error) {
      next(error);
    }
  });

  const errors: ErrorRequestHandler = (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if ((error as { type?: string }).type === 'entity.too.large') {
      res.status(413).json({ error: { message: IMAGE_MESSAGES.tooLarge } });
      return;
    }
    if (error instanceof AppError) {
      const status = error.code === 'PAYLOAD_TOO_LARGE' ? 413 : error.code === 'TOO_MANY_REQUESTS' ? 429 : 400;
      res.status(status).json({ error: { message: error.userMessage } });
      return;
    }
    deps.logger.error({ err: error, url: req.url, baseUrl: requestMeta(deps, req).baseUrl }, 'image request failed');
    res.status(500).json({ error: { message: IMAGE_MESSAGES.uploadFailed } });
  };
  router.use(errors);
  return router;
}

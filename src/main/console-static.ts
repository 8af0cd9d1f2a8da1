import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { projectRoot } from '../lib/project-root.js';

/** Where `npm run build` (scripts/build-console.mjs) writes the console's bundle. */
export const CONSOLE_BUILD_DIR = path.join(projectRoot(), 'dist', 'console');

// The console loads only its own files; recordings play from this service's signed links, through /console/api.
const CSP =
  "default-src 'self'; img-src 'self' data:; media-src 'self'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/** The built console under /console/ (one page, hash-routed); /console redirects there. */
export function consoleStatic() {
  const files = express.static(CONSOLE_BUILD_DIR, { index: 'index.html', redirect: false, dotfiles: 'ignore' });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/console') return void res.redirect(302, '/console/');
    if (!fs.existsSync(path.join(CONSOLE_BUILD_DIR, 'index.html'))) {
      return void res.status(503).type('text/plain').send('The console is not built: run `npm run build`');
    }
    res.setHeader('Content-Security-Policy', CSP);
    res.setHeader('X-Frame-Options', 'DENY');
    const original = req.url;
    req.url = req.url.slice('/console'.length) || '/';
    files(req, res, (err?: unknown) => {
      req.url = original;
      next(err);
    });
  };
}

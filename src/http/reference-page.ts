import { createRequire } from 'node:module';
import express, { type Router } from 'express';

const require = createRequire(import.meta.url);

/**
 * `GET /docs`: the API reference rendered in the browser by Redoc 2's standalone bundle (npm `redoc`)
 * from the spec this server serves at `/openapi.json`. Everything comes from this server: no CDN,
 * no web fonts, so it works offline and behind a firewall.
 */
export function referencePage(): Router {
  const router = express.Router();
  const bundle = require.resolve('redoc/bundles/redoc.standalone.js');
  router.get('/docs', (_req, res) => {
    res.locals.route = 'docs';
    res.set('Cache-Control', 'no-cache').type('html').send(PAGE);
  });
  router.get('/docs/redoc.standalone.js', (_req, res) => {
    res.locals.route = 'docs';
    res.set('Cache-Control', 'public, max-age=3600').sendFile(bundle);
  });
  return router;
}

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Outreach and Collections Service API</title>
  <style>body { margin: 0; padding: 0; }</style>
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/redoc.standalone.js"></script>
  <script>
    Redoc.init('/openapi.json', {
      hideDownloadButton: false,
      expandResponses: '200,201,202',
      theme: { typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' } } },
    }, document.getElementById('reference'));
  </script>
</body>
</html>
`;

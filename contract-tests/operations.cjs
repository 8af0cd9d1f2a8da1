// Maps a Dredd transaction (method + path template) to its operationId, from the bundled contract.
const path = require('node:path');
const doc = require(path.join(__dirname, '..', 'generated', 'openapi.json'));

const byKey = new Map();
for (const [p, item] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(item)) {
    if (op && op.operationId) byKey.set(`${method.toUpperCase()} ${p}`, op.operationId);
  }
}

exports.operationFor = (method, template) => byKey.get(`${method.toUpperCase()} ${template}`);

const deref = (o) =>
  o && o.$ref
    ? deref(
        o.$ref
          .slice(2)
          .split('/')
          .reduce((x, k) => x[k.replace(/~1/g, '/')], doc),
      )
    : o;

/** Names (lower-case) of the response headers the contract marks required for an operation's status. */
exports.requiredHeaders = (method, template, status) => {
  const op = doc.paths[template] && doc.paths[template][method.toLowerCase()];
  const res = op && deref(op.responses[String(status)]);
  return new Set(
    Object.entries((res && res.headers) || {})
      .filter(([, h]) => deref(h).required)
      .map(([n]) => n.toLowerCase()),
  );
};

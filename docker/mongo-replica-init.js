// Healthcheck of the mongo service that also initiates the single-node replica set on first run.
// Healthy only once this node is the writable primary, so api/worker start against a ready database.
// (Run by mongosh; the member's host is the compose service name, which every container resolves.)
try {
  rs.status();
} catch (err) {
  if (err.codeName !== 'NotYetInitialized') throw err;
  rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] });
}
if (!db.hello().isWritablePrimary) quit(1);

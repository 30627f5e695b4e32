/**
 * `npm run cluster`: the production topology on this machine — HAProxy in front of two Nebab nodes
 * on a throwaway PostgreSQL, Redis and S3-compatible store — until Ctrl-C, which stops everything
 * and removes its temp data. CLUSTER_PORT picks the balancer's port (default 8080, or a free one
 * when 8080 is taken); CLUSTER_NODES the number of nodes (default 2).
 */
import net from 'node:net';
import { startCluster, stopClusterOnExit } from './cluster.js';

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const requested = Number(process.env.CLUSTER_PORT || 8080);
const nodes = Number(process.env.CLUSTER_NODES || 2);
if (!Number.isInteger(requested) || requested <= 0 || requested > 65_535) {
  console.error('CLUSTER_PORT must be a port number');
  process.exit(2);
}
if (!Number.isInteger(nodes) || nodes < 1 || nodes > 8) {
  console.error('CLUSTER_NODES must be 1 to 8');
  process.exit(2);
}
const port = (await portIsFree(requested))
  ? requested
  : process.env.CLUSTER_PORT
    ? (console.error(`Port ${requested} is taken (CLUSTER_PORT).`), process.exit(1))
    : undefined;

const started = performance.now();
let cluster;
try {
  cluster = await startCluster({ nodes, port });
} catch (error) {
  console.error(`The cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
stopClusterOnExit(cluster);

console.log(`
Nebab is running behind the load balancer (${((performance.now() - started) / 1000).toFixed(0)} s to start):

  ${cluster.url}

  balancer   HAProxy, statistics at ${cluster.statsUrl}
${cluster.nodes.map((node) => `  ${node.name.padEnd(10)} ${node.url} (pid ${node.process()?.pid ?? '?'})`).join('\n')}
  database   PostgreSQL ${cluster.postgres.version} at ${cluster.postgres.url}
  redis      ${cluster.redis.url}
  uploads    s3rver at ${cluster.objectStore.endpoint}, bucket ${cluster.objectStore.bucket}
  mail       ${
    cluster.mailServer
      ? `Postfix at ${cluster.mailServer.url}, delivered to ${cluster.mailServer.maildir}/new`
      : `none (${cluster.mailServerMissing}): each node's DATA_DIR/mail/*.eml`
  }
  temp data  ${cluster.folder}

Ctrl-C stops everything and removes the temp data.`);

import type { Path } from '../../src/path.js';
import { obj, objItems, str, type Obj } from '../../src/services/values.js';

/** The TCP transports of HTTPConnect selections that have a url: the ones whose TLS settings depend on the url's scheme. */
export function* httpConnectTcp(value: unknown): Generator<{ tcp: Obj; url: string; path: Path }> {
  for (const [i, selection] of objItems(obj(value)?.egressSelections)) {
    const connection = obj(selection.connection);
    if (connection?.proxyProtocol !== 'HTTPConnect') continue;
    const tcp = obj(obj(connection.transport)?.tcp);
    const url = str(tcp?.url);
    if (tcp !== undefined && url !== undefined) yield { tcp, url, path: ['egressSelections', i, 'connection', 'transport', 'tcp'] };
  }
}

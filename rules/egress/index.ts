// The rules of area `egress`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import directNoTransport from './direct-no-transport.js';
import grpcOverUds from './grpc-over-uds.js';
import httpsClientCertRequired from './https-client-cert-required.js';
import masterDeprecated from './master-deprecated.js';
import noTlsOverHttp from './no-tls-over-http.js';
import selectionNameUnique from './selection-name-unique.js';
import specConformance from './spec-conformance.js';
import singleTransport from './single-transport.js';
import tcpUrlValid from './tcp-url-valid.js';
import tunnelTransportRequired from './tunnel-transport-required.js';
import udsNameValid from './uds-name-valid.js';

export const rules: readonly Rule[] = [
  directNoTransport,
  grpcOverUds,
  httpsClientCertRequired,
  masterDeprecated,
  noTlsOverHttp,
  selectionNameUnique,
  singleTransport,
  specConformance,
  tcpUrlValid,
  tunnelTransportRequired,
  udsNameValid,
];

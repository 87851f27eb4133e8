/**
 * The node agent's flag table, transcribed from spec 2 ("Node agent invocation: `platlet [flags]`"): every
 * flag with its value type, default, deprecation and, where the spec or the platform gives them, allowed
 * values and ranges. Upstream knowledge used where the spec is terse is marked `upstream` in a comment.
 */

/** How a flag's value is parsed. */
export type FlagType =
  | 'string'
  | 'strings' // comma-separated list, repeatable
  | 'bool'
  | 'int32'
  | 'int'
  | 'duration'
  | 'quantity'
  | 'enum'
  | 'enums' // comma-separated list of enum values, repeatable
  | 'ip'
  | 'ips' // comma-separated IPs (`--cluster-dns`)
  | 'node-ips' // one IP or a dual-stack pair
  | 'cidr'
  | 'map' // key=value list, repeatable
  | 'eviction' // key<value list (`memory.available<1Gi`), repeatable
  | 'feature-gates' // key=true|false list, repeatable
  | 'taints' // <key>=<value>:<effect> list, repeatable
  | 'headers' // Name:Value list, repeatable
  | 'reserved-memory' // <numa>:<resource>=<quantity>,... , repeatable
  | 'cpuset' // 0-3,8
  | 'version' // bare, raw, true/false or vX.Y.Z
  | 'vmodule' // pattern=N,...
  | 'help';

export interface FlagSpec {
  /** With both dashes: `--max-pods`. */
  readonly name: string;
  readonly type: FlagType;
  /** One-letter shorthand without its dash (`v`, `h`). */
  readonly shorthand?: string;
  readonly default?: string;
  /** `config` = marked † (set it in the `--config` file); `removed` = "(deprecated ...)" in the table. */
  readonly deprecated?: 'config' | 'removed';
  /** Removal version or plan the spec gives. */
  readonly removal?: string;
  /** What to use instead (for flags deprecated without the † mark). */
  readonly instead?: string;
  /** Allowed values of an enum (or enums) flag. */
  readonly values?: readonly string[];
  /** Allowed keys of a key=value list flag. */
  readonly keys?: readonly string[];
  /** How map values are checked. */
  readonly mapValue?: 'quantity' | 'duration' | 'percent' | 'quantity-or-percent' | 'any';
  /**
   * Inclusive range of an integer flag (beyond its type's own range): from the spec's Meaning column, and for
   * ports, `--max-pods`, `--max-open-files` and the registry rates from the platform's own validation of the
   * same settings (upstream).
   */
  readonly min?: number;
  readonly max?: number;
  /** Why the range holds, for messages (`must be >= 2`). */
  readonly rangeNote?: string;
  /** For a flag outside the spec's table that the platform still accepts: what it is, for the deprecation message. */
  readonly note?: string;
}

const D = 'config' as const;

/** The flags in the spec's order. */
export const FLAGS: readonly FlagSpec[] = [
  { name: '--address', type: 'ip', default: '0.0.0.0', deprecated: D },
  { name: '--allowed-unsafe-sysctls', type: 'strings', deprecated: D },
  { name: '--anonymous-auth', type: 'bool', default: 'true', deprecated: D },
  { name: '--authentication-token-webhook', type: 'bool', deprecated: D },
  { name: '--authentication-token-webhook-cache-ttl', type: 'duration', default: '2m0s', deprecated: D },
  { name: '--authorization-mode', type: 'enum', default: 'AlwaysAllow', deprecated: D, values: ['AlwaysAllow', 'Webhook'] },
  { name: '--authorization-webhook-cache-authorized-ttl', type: 'duration', default: '5m0s', deprecated: D },
  { name: '--authorization-webhook-cache-unauthorized-ttl', type: 'duration', default: '30s', deprecated: D },
  { name: '--bootstrap-platconfig', type: 'string' },
  { name: '--cert-dir', type: 'string', default: '/var/lib/platlet/pki' },
  { name: '--cgroup-driver', type: 'enum', default: 'cgroupfs', deprecated: D, values: ['cgroupfs', 'systemd'] },
  { name: '--cgroup-root', type: 'string', deprecated: D },
  { name: '--cgroups-per-qos', type: 'bool', default: 'true', deprecated: D },
  { name: '--client-ca-file', type: 'string', deprecated: D },
  { name: '--cloud-provider', type: 'string' },
  { name: '--cluster-dns', type: 'ips', deprecated: D },
  { name: '--cluster-domain', type: 'string', deprecated: D },
  { name: '--config', type: 'string' },
  { name: '--config-dir', type: 'string' },
  { name: '--container-log-max-files', type: 'int32', default: '5', deprecated: D, min: 2, rangeNote: 'a container keeps at least the current and one rotated log file' },
  { name: '--container-log-max-size', type: 'string', default: '10Mi', deprecated: D },
  { name: '--container-runtime-endpoint', type: 'string', deprecated: D },
  { name: '--contention-profiling', type: 'bool', deprecated: D },
  { name: '--cpu-cfs-quota', type: 'bool', default: 'true', deprecated: D },
  { name: '--cpu-cfs-quota-period', type: 'duration', default: '100ms', deprecated: D },
  { name: '--cpu-manager-policy', type: 'enum', default: 'none', deprecated: D, values: ['none', 'static'] },
  { name: '--cpu-manager-policy-options', type: 'map', deprecated: D, mapValue: 'any' },
  { name: '--cpu-manager-reconcile-period', type: 'duration', default: '10s', deprecated: D },
  { name: '--enable-controller-attach-detach', type: 'bool', default: 'true', deprecated: D },
  { name: '--enable-debugging-handlers', type: 'bool', default: 'true', deprecated: D },
  { name: '--enable-server', type: 'bool', default: 'true', deprecated: D },
  {
    name: '--enforce-node-allocatable',
    type: 'enums',
    default: 'pods',
    deprecated: D,
    values: ['none', 'pods', 'system-reserved', 'system-reserved-compressible', 'plat-reserved', 'plat-reserved-compressible'],
  },
  { name: '--event-burst', type: 'int32', default: '100', deprecated: D, min: 0 },
  { name: '--event-qps', type: 'int32', default: '50', deprecated: D, min: 0 },
  { name: '--eviction-hard', type: 'eviction', deprecated: D, mapValue: 'quantity-or-percent' },
  { name: '--eviction-max-pod-grace-period', type: 'int32', deprecated: D },
  { name: '--eviction-minimum-reclaim', type: 'map', deprecated: D, mapValue: 'quantity-or-percent' },
  { name: '--eviction-pressure-transition-period', type: 'duration', default: '5m0s', deprecated: D },
  { name: '--eviction-soft', type: 'eviction', deprecated: D, mapValue: 'quantity-or-percent' },
  { name: '--eviction-soft-grace-period', type: 'map', deprecated: D, mapValue: 'duration' },
  { name: '--exit-on-lock-contention', type: 'bool' },
  { name: '--experimental-allocatable-ignore-eviction', type: 'bool', default: 'false', deprecated: 'removed', removal: '1.25 or later' },
  { name: '--experimental-mounter-path', type: 'string', deprecated: 'removed', removal: '1.25 or later', instead: 'a CSI driver' },
  { name: '--fail-cgroupv1', type: 'bool' },
  { name: '--fail-swap-on', type: 'bool', default: 'true', deprecated: D },
  { name: '--feature-gates', type: 'feature-gates' },
  { name: '--file-check-frequency', type: 'duration', default: '20s', deprecated: D },
  { name: '--hairpin-mode', type: 'enum', default: 'promiscuous-bridge', deprecated: D, values: ['promiscuous-bridge', 'hairpin-veth', 'none'] },
  { name: '--healthz-bind-address', type: 'ip', default: '127.0.0.1', deprecated: D },
  { name: '--healthz-port', type: 'int32', default: '10248', deprecated: D, min: 0, max: 65535, rangeNote: 'a port; 0 disables the endpoint' },
  { name: '--help', type: 'help', shorthand: 'h' },
  { name: '--hostname-override', type: 'string' },
  { name: '--http-check-frequency', type: 'duration', default: '20s', deprecated: D },
  { name: '--image-credential-provider-bin-dir', type: 'string' },
  { name: '--image-credential-provider-config', type: 'string' },
  { name: '--image-gc-high-threshold', type: 'int32', default: '85', deprecated: D, min: 0, max: 100, rangeNote: 'a disk usage percent' },
  { name: '--image-gc-low-threshold', type: 'int32', default: '80', deprecated: D, min: 0, max: 100, rangeNote: 'a disk usage percent' },
  { name: '--image-service-endpoint', type: 'string', deprecated: D },
  { name: '--kernel-memcg-notification', type: 'bool', deprecated: D },
  { name: '--plat-api-burst', type: 'int32', default: '100', deprecated: D, min: 0 },
  { name: '--plat-api-content-type', type: 'string', default: 'application/vnd.plat.protobuf', deprecated: D },
  { name: '--plat-api-qps', type: 'int32', default: '50', deprecated: D, min: 0 },
  { name: '--plat-reserved', type: 'map', deprecated: D, keys: ['cpu', 'memory', 'pid', 'ephemeral-storage'], mapValue: 'quantity' },
  { name: '--plat-reserved-cgroup', type: 'string', deprecated: D },
  { name: '--platconfig', type: 'string' },
  { name: '--platlet-cgroups', type: 'string', deprecated: D },
  { name: '--local-storage-capacity-isolation', type: 'bool', default: 'true', deprecated: D },
  { name: '--lock-file', type: 'string' },
  { name: '--log-flush-frequency', type: 'duration', default: '5s' },
  { name: '--log-text-info-buffer-size', type: 'quantity', default: '0', deprecated: D },
  { name: '--log-text-split-stream', type: 'bool', deprecated: D },
  { name: '--logging-format', type: 'enum', default: 'text', deprecated: D, values: ['text'] },
  { name: '--make-iptables-util-chains', type: 'bool', default: 'true', deprecated: D },
  { name: '--manifest-url', type: 'string', deprecated: D },
  { name: '--manifest-url-header', type: 'headers', deprecated: D },
  { name: '--max-open-files', type: 'int', default: '1000000', deprecated: D, min: 0 },
  { name: '--max-pods', type: 'int32', default: '110', deprecated: D, min: 0 },
  { name: '--maximum-dead-containers', type: 'int32', default: '-1', deprecated: 'removed', instead: 'the eviction flags' },
  { name: '--maximum-dead-containers-per-container', type: 'int32', default: '1', deprecated: 'removed', instead: 'the eviction flags' },
  { name: '--memory-manager-policy', type: 'enum', default: 'None', deprecated: D, values: ['None', 'Static'] },
  { name: '--minimum-container-ttl-duration', type: 'duration', deprecated: 'removed', instead: 'the eviction flags' },
  { name: '--minimum-image-ttl-duration', type: 'duration', default: '2m0s', deprecated: D },
  { name: '--node-ip', type: 'node-ips' },
  { name: '--node-labels', type: 'map', mapValue: 'any' },
  { name: '--node-status-max-images', type: 'int32', default: '50', deprecated: D, min: -1, rangeNote: '-1 means no cap' },
  { name: '--node-status-update-frequency', type: 'duration', default: '10s', deprecated: D },
  { name: '--oom-score-adj', type: 'int32', default: '-999', deprecated: D, min: -1000, max: 1000, rangeNote: 'the kernel accepts no other OOM score adjustment' },
  { name: '--pod-cidr', type: 'cidr', deprecated: D },
  { name: '--pod-infra-container-image', type: 'string', deprecated: 'removed', removal: '1.35' },
  { name: '--pod-manifest-path', type: 'string', deprecated: D },
  { name: '--pod-max-pids', type: 'int', default: '-1', deprecated: D, min: -1, rangeNote: '-1 means the node allocatable pid capacity' },
  { name: '--pods-per-core', type: 'int32', deprecated: D, min: 0, rangeNote: '0 disables the limit' },
  { name: '--port', type: 'int32', default: '10250', deprecated: D, min: 1, max: 65535, rangeNote: 'a port' },
  { name: '--protect-kernel-defaults', type: 'bool', deprecated: D },
  { name: '--provider-id', type: 'string' },
  { name: '--qos-reserved', type: 'map', deprecated: D, keys: ['memory'], mapValue: 'percent' },
  { name: '--read-only-port', type: 'int32', default: '10255', deprecated: D, min: 0, max: 65535, rangeNote: 'a port; 0 disables it' },
  { name: '--register-node', type: 'bool', default: 'true', deprecated: D },
  { name: '--register-with-taints', type: 'taints', deprecated: D },
  { name: '--registry-burst', type: 'int32', default: '10', deprecated: D, min: 0 },
  { name: '--registry-qps', type: 'int32', default: '5', deprecated: D, min: 0, rangeNote: '0 means no limit' },
  { name: '--reserved-cpus', type: 'cpuset', deprecated: D },
  { name: '--reserved-memory', type: 'reserved-memory', deprecated: D },
  { name: '--resolv-conf', type: 'string', default: '/etc/resolv.conf', deprecated: D },
  { name: '--root-dir', type: 'string', default: '/var/lib/platlet' },
  { name: '--rotate-certificates', type: 'bool', deprecated: D },
  { name: '--rotate-server-certificates', type: 'bool', deprecated: D },
  { name: '--runonce', type: 'bool', deprecated: D },
  { name: '--runtime-cgroups', type: 'string' },
  { name: '--runtime-request-timeout', type: 'duration', default: '2m0s', deprecated: D },
  // the spec's type column says `RuntimeDefault`; upstream it is a bool flag that selects that profile
  { name: '--seccomp-default', type: 'bool' },
  { name: '--serialize-image-pulls', type: 'bool', default: 'true', deprecated: D },
  { name: '--streaming-connection-idle-timeout', type: 'duration', default: '4h0m0s', deprecated: D },
  { name: '--sync-frequency', type: 'duration', default: '1m0s', deprecated: D },
  { name: '--system-cgroups', type: 'string', deprecated: D },
  { name: '--system-reserved', type: 'map', deprecated: D, keys: ['cpu', 'memory', 'pid', 'ephemeral-storage'], mapValue: 'quantity' },
  { name: '--system-reserved-cgroup', type: 'string', deprecated: D },
  { name: '--tls-cert-file', type: 'string', deprecated: D },
  { name: '--tls-cipher-suites', type: 'strings' },
  { name: '--tls-min-version', type: 'enum', deprecated: D, values: ['VersionTLS10', 'VersionTLS11', 'VersionTLS12', 'VersionTLS13'] },
  { name: '--tls-private-key-file', type: 'string', deprecated: D },
  { name: '--topology-manager-policy', type: 'enum', default: 'none', deprecated: D, values: ['none', 'best-effort', 'restricted', 'single-numa-node'] },
  { name: '--topology-manager-policy-options', type: 'map', deprecated: D, mapValue: 'any' },
  { name: '--topology-manager-scope', type: 'enum', default: 'container', deprecated: D, values: ['container', 'pod'] },
  { name: '--v', type: 'int', shorthand: 'v' },
  { name: '--version', type: 'version' },
  { name: '--vmodule', type: 'vmodule' },
  { name: '--volume-plugin-dir', type: 'string', default: '/usr/libexec/plat/platlet-plugins/volume/exec/', deprecated: D },
  { name: '--volume-stats-agg-period', type: 'duration', default: '1m0s', deprecated: D },
];

const CADVISOR = 'a flag of the container monitor built into the node agent, registered by mistake, accepted on Linux nodes only and to be removed; remove it';

/**
 * Flags the spec's table does not list but the platform's node agent accepts on Linux (upstream: kubelet
 * `app/options/globalflags_linux.go` re-registers these flags of its built-in container monitor, cadvisor, with
 * `_` read as `-`; all but `--housekeeping-interval` deprecated, hence hidden from the help the table was taken
 * from). They are not refused, so a command line holding one gets a deprecation warning, not an unknown-flag error;
 * they are never offered as the correction of a typo.
 */
export const UNLISTED_FLAGS: readonly FlagSpec[] = [
  { name: '--housekeeping-interval', type: 'duration' },
  ...(
    [
      ['--application-metrics-count-limit', 'int'],
      ['--boot-id-file', 'string'],
      ['--container-hints', 'string'],
      ['--containerd', 'string'],
      ['--containerd-namespace', 'string'],
      ['--enable-load-reader', 'bool'],
      ['--event-storage-age-limit', 'string'],
      ['--event-storage-event-limit', 'string'],
      ['--global-housekeeping-interval', 'duration'],
      ['--log-cadvisor-usage', 'bool'],
      ['--machine-id-file', 'string'],
      ['--storage-driver-user', 'string'],
      ['--storage-driver-password', 'string'],
      ['--storage-driver-host', 'string'],
      ['--storage-driver-db', 'string'],
      ['--storage-driver-table', 'string'],
      ['--storage-driver-secure', 'bool'],
      ['--storage-driver-buffer-duration', 'duration'],
    ] as const
  ).map(([name, type]): FlagSpec => ({ name, type, deprecated: 'removed', note: CADVISOR })),
];

export const FLAG_BY_NAME: ReadonlyMap<string, FlagSpec> = new Map([...FLAGS, ...UNLISTED_FLAGS].map((f) => [f.name, f]));
export const FLAG_BY_SHORTHAND: ReadonlyMap<string, FlagSpec> = new Map(FLAGS.filter((f) => f.shorthand).map((f) => [f.shorthand!, f]));

/** Flags that take no value unless written `--flag=value`. */
export function isBoolLike(spec: FlagSpec | undefined): boolean {
  return spec !== undefined && (spec.type === 'bool' || spec.type === 'help' || spec.type === 'version');
}

/** Flags whose repetitions add up instead of the last one winning. */
export function isList(spec: FlagSpec): boolean {
  return ['strings', 'enums', 'ips', 'map', 'eviction', 'feature-gates', 'taints', 'headers', 'reserved-memory'].includes(spec.type);
}

/**
 * The platform's flag parser normalizes word separators: `--max_pods` is `--max-pods` (upstream
 * WordSepNormalizeFunc).
 */
export function normalizeFlagName(name: string): string {
  return name.replace(/_/g, '-');
}

/** Feature gates some flags need, with the gate's default (upstream: the two alpha gates are off, the beta gate on). */
export const FEATURE_GATES: Readonly<Record<string, boolean>> = {
  QOSReserved: false,
  LoggingAlphaOptions: false,
  RotateKubeletServerCertificate: true,
};

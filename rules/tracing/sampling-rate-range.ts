import { defineRule } from '../../src/define-rule.js';
import { num, obj } from '../../src/services/values.js';

const MAX = 1_000_000;
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

export default defineRule({
  id: 'tracing/sampling-rate-range',
  kinds: ['TracingConfiguration'],
  meta: {
    description: '`samplingRatePerMillion` is between 0 and 1,000,000.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The rate counts sampled spans per million: below 0 or above one million it is not a rate, and the API server refuses to start with it.',
      remediation:
        'Set `samplingRatePerMillion` between `0` (never sample new traces) and `1000000` (sample every span), such as `100` for one in ten thousand; leave it unset to follow the parent span.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (Tracing.samplingRatePerMillion: samples per million spans)',
    },
  },
  check(value, ctx) {
    const rate = num(obj(value)?.samplingRatePerMillion);
    // Not an integer, or outside int32: reported by the schema.
    if (rate === undefined || !Number.isInteger(rate) || rate < INT32_MIN || rate > INT32_MAX) return;
    if (rate < 0) ctx.report(['samplingRatePerMillion'], `samplingRatePerMillion is ${rate}; it must be between 0 and 1000000`);
    else if (rate > MAX) ctx.report(['samplingRatePerMillion'], `samplingRatePerMillion is ${rate}; the maximum is 1000000 (every span)`);
  },
});
